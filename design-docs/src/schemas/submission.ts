import * as z from 'zod';
import { FORM_TYPES, SUBMISSION_STATUSES } from '../constants.ts';
import { answerValueSchema } from './form-answers.ts';
import { docBase, idPart, isoDateTime, requiredText, updatedBy } from './common.ts';

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
    createdat: isoDateTime,
    status: submissionStatusSchema,
    form: submissionFormRefSchema,
    updatedat: isoDateTime.optional(),
    /** The admin who set the status last (issue 14). */
    updated_by: updatedBy,
  })
  .refine((d) => d._id === `submission:${d.id}`, { error: '_id must be submission:{id}', path: ['_id'] });
export type SubmissionDoc = z.infer<typeof submissionSchema>;
