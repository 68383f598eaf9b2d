import * as z from 'zod';
import { blockId } from '../ids.ts';
import { docBase, idPart, writtenAt } from './common.ts';

/**
 * Lives in the blocker's own userdb (ADR 024): the fan-out worker delivers no private message
 * from `user_id` while it is there, and the chat hides them. Created or removed, never edited.
 */
export const blockSchema = z
  .strictObject({
    ...docBase('block'),
    user_id: idPart,
    created_at: writtenAt,
  })
  .refine((d) => d._id === blockId(d.user_id), { error: '_id must be block:{user_id}', path: ['_id'] });
export type BlockDoc = z.infer<typeof blockSchema>;
