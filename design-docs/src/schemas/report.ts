import * as z from 'zod';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '../constants.ts';
import { docBase, idPart, writtenAt } from './common.ts';

/**
 * A reported chat message (ADR 024). The member writes it into their own userdb; the fan-in
 * worker copies it to `reports`, which only admins read. It carries the message as it was, so
 * the report stands even after the message is deleted. Never edited.
 */
export const reportSchema = z
  .strictObject({
    ...docBase('report'),
    id: idPart,
    reporter_id: idPart,
    message_id: z.string().startsWith('message:', { error: 'message_id must be a message id' }),
    message_sender_id: idPart,
    message_content: z.string(),
    message_is_public: z.boolean(),
    reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
    details: z.string().trim().max(REPORT_DETAILS_MAX_LENGTH, { error: `Please keep this under ${REPORT_DETAILS_MAX_LENGTH} characters` }).nullish(),
    created_at: writtenAt,
  })
  .refine((d) => d._id === `report:${d.id}`, { error: '_id must be report:{id}', path: ['_id'] })
  .refine((d) => d.reporter_id !== d.message_sender_id, { error: 'You cannot report your own message', path: ['message_sender_id'] });
export type ReportDoc = z.infer<typeof reportSchema>;
