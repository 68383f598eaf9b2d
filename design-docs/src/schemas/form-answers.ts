// The public fill-in screen's required-field rule (admin-and-forms section 5).
import * as z from 'zod';
import './common.ts'; // sets Zod's jitless mode (the PWA's CSP forbids eval)
import type { FormField } from './form.ts';

export const answerValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export type Answers = Record<string, AnswerValue>;

function isFilled(field: Pick<FormField, 'type' | 'options'>, value: AnswerValue | undefined): boolean {
  if (field.type === 'checkbox') {
    return (field.options?.length ?? 0) > 0 ? Array.isArray(value) && value.length > 0 : value === true;
  }
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Labels of the required fields left empty, in form order. */
export function missingRequiredFields(
  fields: readonly Pick<FormField, 'type' | 'label' | 'required' | 'options'>[],
  data: Answers,
): string[] {
  return fields.filter((f) => f.required && !isFilled(f, data[f.label])).map((f) => f.label);
}

export function requiredFieldsMessage(labels: readonly string[]): string {
  return `Please fill in the following required fields: ${labels.join(', ')}`;
}

/** A schema for one form's answers: one issue listing every missing label, as the screen shows it. */
export function formAnswersSchema(fields: readonly Pick<FormField, 'type' | 'label' | 'required' | 'options'>[]) {
  return z.record(z.string(), answerValueSchema).superRefine((data, ctx) => {
    const missing = missingRequiredFields(fields, data);
    if (missing.length > 0) ctx.addIssue({ code: 'custom', message: requiredFieldsMessage(missing) });
  });
}
