import * as z from 'zod';
import { RATING_MAX, RATING_MIN, RATING_TARGET_TYPES } from '../constants.ts';
import { ratingId } from '../ids.ts';
import { docBase, idPart, writtenAt } from './common.ts';

const STARS = 'Rating must be a whole number of stars from 1 to 5';

export const ratingSchema = z
  .strictObject({
    ...docBase('rating'),
    target_type: z.enum(RATING_TARGET_TYPES, { error: 'Ratings are for providers and bands' }),
    target_id: idPart,
    user_id: idPart,
    rating: z.int({ error: STARS }).min(RATING_MIN, { error: STARS }).max(RATING_MAX, { error: STARS }),
    comment: z.string().nullish(),
    created_at: writtenAt,
    updated_at: writtenAt.optional(),
  })
  .refine((d) => d._id === ratingId(d.target_type, d.target_id, d.user_id), {
    error: '_id must be rating:{target_type}:{target_id}:{user_id}',
    path: ['_id'],
  });
export type RatingDoc = z.infer<typeof ratingSchema>;
