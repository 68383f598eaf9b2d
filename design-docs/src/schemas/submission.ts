import * as z from 'zod';
import { FORM_TYPES, SUBMISSION_STATUSES } from '../constants.ts';
import { answerValueSchema } from './form-answers.ts';
import { docBase, idPart, requiredText, updatedBy, writtenAt } from './common.ts';

export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES, {
  error: 'Status must be pending, processed or completed',
});

/** Copied from the form at submit time so that lists need no join across databases. */
export const submissionFormRefSchema = z.strictObject({
  title: z.string(),
  formtype: z.enum(FORM_TYPES),
  targetid: idPart,
});

export const submissionSchema = z
  .strictObject({
    ...docBase('submission'),
    id: idPart,
    /** The form's `id` field (its uuid), not its `_id`. */
    formid: requiredText('A submission needs its form id'),
    userid: idPart,
    /** Keyed by field label; a Name entry is added from the profile. */
    data: z.record(z.string(), answerValueSchema),
    createdat: writtenAt,
    status: submissionStatusSchema,
    form: submissionFormRefSchema,
    updatedat: writtenAt.optional(),
    /** The admin who set the status last (ADR 030). */
    updated_by: updatedBy,
    /**
     * Set by the server on the member's own copy when the submission does not fit its form (issue
     * 21): it never reached the admins. Forms Status shows "Not accepted: {reason}".
     */
    refused_reason: z.string().min(1).max(500).optional(),
    refused_at: writtenAt.optional(),
  })
  .refine((d) => d._id === `submission:${d.id}`, { error: '_id must be submission:{id}', path: ['_id'] });
export type SubmissionDoc = z.infer<typeof submissionSchema>;
