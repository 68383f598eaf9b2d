// The public fill-in screen's required-field rule.
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

/** The entry the app adds from the member's profile. */
export const NAME_ANSWER = 'Name';

// The HTML living standard's e-mail rule, which the browser's own check would have applied.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const DATE = z.iso.date();

type CheckedField = Pick<FormField, 'type' | 'label' | 'required' | 'options'>;
const blank = (v: AnswerValue | undefined) => v === undefined || v === null || v === '';

/** Whether one stored answer fits its field's type (an empty answer is the required rule's business). */
function fits(f: CheckedField, v: AnswerValue | undefined): boolean {
  if (f.type === 'checkbox') {
    if ((f.options?.length ?? 0) > 0) return v === undefined || v === null || (Array.isArray(v) && v.every((o) => f.options?.includes(o)));
    return v === undefined || v === null || typeof v === 'boolean';
  }
  if (blank(v)) return true;
  switch (f.type) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'email':
      return typeof v === 'string' && EMAIL.test(v);
    case 'select':
      return typeof v === 'string' && (f.options ?? []).includes(v);
    case 'date':
      return typeof v === 'string' && DATE.safeParse(v).success;
    default:
      return typeof v === 'string';
  }
}

const PROBLEM_TEXT: Record<string, string> = {
  email: 'Please enter a valid email address in',
  number: 'Please enter a number in',
  select: 'Please choose one of the offered options in',
  checkbox: 'Please choose among the offered options in',
  date: 'Please enter a date in',
};

/**
 * The first reason stored answers do not fit their form, or null: required answers given, each
 * answer of its field's type (numbers, e-mails, dates, offered options), no answer to a question
 * the form does not ask. The fill-in screen and the server's fan-in worker share it.
 */
export function answersProblem(fields: readonly CheckedField[], data: Answers): string | null {
  const missing = missingRequiredFields(fields, data);
  if (missing.length > 0) return requiredFieldsMessage(missing);
  for (const type of ['email', 'number', 'select', 'checkbox', 'date']) {
    const bad = fields.filter((f) => f.type === type && !fits(f, data[f.label]));
    if (bad.length > 0) return `${PROBLEM_TEXT[type]}: ${bad.map((f) => f.label).join(', ')}`;
  }
  const wrong = fields.filter((f) => !fits(f, data[f.label]));
  if (wrong.length > 0) return `Please check your answers to: ${wrong.map((f) => f.label).join(', ')}`;
  const asked = new Set(fields.map((f) => f.label));
  const unasked = Object.keys(data).filter((k) => !asked.has(k) && k !== NAME_ANSWER);
  if (unasked.length > 0) return `This form does not ask: ${unasked.join(', ')}`;
  return null;
}
