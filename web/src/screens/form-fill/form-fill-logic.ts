// The public fill-in's pure rules: which error a load ends in,
// how typed values become stored answers, and what stops a submit.
import { FORM_TYPES } from '../../../../design-docs/src/constants.ts';
import type { FormType } from '../../../../design-docs/src/constants.ts';
import type { FormField } from '../../../../design-docs/src/schemas/form.ts';
import type { Answers } from '../../../../design-docs/src/schemas/form-answers.ts';
import { answersProblem } from '../../../../design-docs/src/schemas/form-answers.ts';
import { emptyAnswer } from '../../components/custom-form/field-values.ts';

export { emptyAnswer, toggleOption } from '../../components/custom-form/field-values.ts';

export const FILL_TEXTS = {
  loading: 'Loading form...',
  invalid: 'Invalid form type or ID',
  packageGone: 'Package not found or is no longer active',
  rideGone: 'Ride package not found or is no longer active',
  failedDetails: 'Failed to load form details',
  noForm: 'No form has been created for this item yet',
  unavailable: 'This form is currently unavailable',
  failedLoad: 'Failed to load form',
  failedSubmit: 'Failed to submit form. Please try again.',
  goBack: 'Go Back',
  back: 'Back',
  yourInformation: 'Your Information',
  submitting: 'Submitting...',
  successTitle: 'Form Submitted Successfully!',
  successText: "Thank you for your submission. We'll process your request and get back to you soon.",
  returnHome: 'Return to Home',
  another: 'Submit Another Response',
  waiting: "You're offline: your submission is saved on this device and will be sent when you're back online.",
  offlineMissing: "You're offline, and this form is not saved on this device yet. It will load when you're back online.",
} as const;

export function isFormType(value: string | undefined): value is FormType {
  return (FORM_TYPES as readonly string[]).includes(value ?? '');
}

export interface LoadedForm<F, T> {
  target: T | null;
  form: F | null;
}

export type FillOutcome = { kind: 'ready' } | { kind: 'error'; message: string };

/** The spec's order: the target must exist and be active, then the form, then its active flag. */
export function fillOutcome(
  type: FormType,
  loaded: LoadedForm<{ active?: boolean | null }, { active?: boolean | null }>,
  isAdmin: boolean,
): FillOutcome {
  if (!loaded.target || loaded.target.active === false) {
    return { kind: 'error', message: type === 'package' ? FILL_TEXTS.packageGone : FILL_TEXTS.rideGone };
  }
  if (!loaded.form) return { kind: 'error', message: isAdmin ? FILL_TEXTS.noForm : FILL_TEXTS.unavailable };
  if (loaded.form.active === false && !isAdmin) return { kind: 'error', message: FILL_TEXTS.unavailable };
  return { kind: 'ready' };
}

type Field = Pick<FormField, 'type' | 'label' | 'required' | 'options'>;

/** The draft (kept as typed) merged over the fields' empty answers; answers of removed fields drop. */
export function initialAnswers(fields: readonly Pick<FormField, 'type' | 'label' | 'options' | 'defaultValue'>[], draft: Answers | null): Answers {
  const out: Answers = {};
  for (const f of fields) {
    const saved = draft?.[f.label];
    const empty = emptyAnswer(f);
    // A draft value of the wrong shape (the field's type changed since) is not kept.
    out[f.label] = saved !== undefined && Array.isArray(saved) === Array.isArray(empty) && typeof saved === typeof empty ? saved : empty;
  }
  return out;
}

/** Stored answers: text trimmed, numbers as numbers, empty optional values as empty strings. */
export function toStoredAnswers(fields: readonly Field[], answers: Answers): Answers {
  const out: Answers = {};
  for (const f of fields) {
    const v = answers[f.label];
    if (f.type === 'number' && typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) out[f.label] = Number(v);
    else if (typeof v === 'string') out[f.label] = v.trim();
    else out[f.label] = v ?? '';
  }
  return out;
}

/** The one message a submit stops on, or null when it may go: the rule the server checks again. */
export function submitProblem(fields: readonly Field[], answers: Answers): string | null {
  return answersProblem(fields, answers);
}
