import * as z from 'zod';
import { MESSAGE_MAX_LENGTH } from '../constants.ts';
import { docBase, idPart, writtenAt } from './common.ts';

export const messageSchema = z
  .strictObject({
    ...docBase('message'),
    content: z
      .string({ error: 'Message cannot be empty' })
      .trim()
      .min(1, { error: 'Message cannot be empty' })
      .max(MESSAGE_MAX_LENGTH, { error: `Messages are at most ${MESSAGE_MAX_LENGTH} characters` }),
    sender_id: idPart,
    /** Null for a public message. */
    receiver_id: idPart.nullable(),
    is_public: z.boolean(),
    read: z.boolean().default(false),
    created_at: writtenAt,
    /** Set by the server when a private message could not be delivered (its receiver is gone). */
    undelivered: z.string().optional(),
  })
  .superRefine((m, ctx) => {
    const prefix = `message:${m.created_at}:`;
    if (!m._id.startsWith(prefix) || !/^[^:\s]+$/.test(m._id.slice(prefix.length))) {
      ctx.addIssue({ code: 'custom', path: ['_id'], message: '_id must be message:{created_at}:{rand}' });
    }
    if (m.is_public !== (m.receiver_id === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['receiver_id'],
        message: 'A public message has no receiver and a private one has one',
      });
    }
  });
export type MessageDoc = z.infer<typeof messageSchema>;
