import * as z from 'zod';
import { FORM_TYPES } from '../constants.ts';
import { submissionStatusSchema } from './submission.ts';
import { docBase, idPart, writtenAt } from './common.ts';

/** Written by the server when an admin changes a submission's status. */
export const notificationSchema = z.strictObject({
  ...docBase('notification'),
  submission_id: idPart,
  form_title: z.string(),
  formtype: z.enum(FORM_TYPES).optional(),
  targetid: idPart.optional(),
  status: submissionStatusSchema,
  message: z.string(),
  seen: z.boolean().default(false),
  created_at: writtenAt,
});
export type NotificationDoc = z.infer<typeof notificationSchema>;

export { notificationText } from '../rules.ts';
