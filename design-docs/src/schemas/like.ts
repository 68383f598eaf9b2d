import * as z from 'zod';
import { LIKE_ITEM_TYPES } from '../constants.ts';
import { likeId } from '../ids.ts';
import { docBase, idPart, writtenAt } from './common.ts';

/** Lives in the member's own userdb, so it carries no user id. */
export const likeSchema = z
  .strictObject({
    ...docBase('like'),
    item_type: z.enum(LIKE_ITEM_TYPES, { error: 'Likes are for events, restaurants, providers and bands' }),
    item_id: idPart,
    created_at: writtenAt,
  })
  .refine((d) => d._id === likeId(d.item_type, d.item_id), {
    error: '_id must be like:{item_type}:{item_id}',
    path: ['_id'],
  });
export type LikeDoc = z.infer<typeof likeSchema>;
