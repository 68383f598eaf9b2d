// Issue 21, item 3: a submission is checked against the form it answers, which only the server
// can read at the moment it arrives. The form must exist under the submission's form id and be
// active, so must its package or ride, and every answer must fit (answersProblem, the rule the
// fill-in screen applies too). The copy admins see carries the stored form's title and target,
// never what the member's device wrote. A refused submission never reaches `submissions`: it goes
// back to the member's userdb with the reason, which Forms Status shows.
import { answersProblem } from '../../../design-docs/src/schemas/form-answers.ts';
import type { FormDoc } from '../../../design-docs/src/schemas/form.ts';
import { FORM_TYPES, type FormType } from '../../../design-docs/src/constants.ts';
import { docId, formId } from '../../../design-docs/src/ids.ts';
import type { Couch, Doc } from './couch.ts';
import { dbPath } from './couch.ts';

export type SubmissionVerdict = { ok: true; copy: Doc } | { ok: false; reason: string };

export const REFUSED_TEXTS = {
  noForm: 'This form is no longer available',
  inactive: 'This form is currently unavailable',
  package: 'This package is no longer available',
  ride: 'This ride is no longer available',
} as const;

const isFormType = (v: unknown): v is FormType => (FORM_TYPES as readonly unknown[]).includes(v);

/** The submission as admins get it, or why it is not accepted. */
export async function checkedSubmission(couch: Couch, sub: Doc): Promise<SubmissionVerdict> {
  const ref = sub.form as { formtype?: unknown; targetid?: unknown } | undefined;
  if (!ref || !isFormType(ref.formtype) || typeof ref.targetid !== 'string') return { ok: false, reason: REFUSED_TEXTS.noForm };
  const form = await couch.maybe<FormDoc & Doc>('GET', `${dbPath('members')}/${encodeURIComponent(formId(ref.formtype, ref.targetid))}`);
  if (!form || form.type !== 'form' || form.id !== sub.formid) return { ok: false, reason: REFUSED_TEXTS.noForm };
  if (form.active === false) return { ok: false, reason: REFUSED_TEXTS.inactive };
  const target = await couch.maybe<Doc>('GET', `${dbPath('members')}/${encodeURIComponent(docId(form.formtype, form.targetid))}`);
  if (!target || target.active === false) return { ok: false, reason: REFUSED_TEXTS[form.formtype] };
  const problem = answersProblem(form.fields, (sub.data ?? {}) as Parameters<typeof answersProblem>[1]);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, copy: { ...sub, form: { title: form.title, formtype: form.formtype, targetid: form.targetid } } };
}

/** Marks the member's own copy as not accepted, with the reason; false if it changed or went meanwhile. */
export async function markRefused(couch: Couch, db: string, sub: Doc, reason: string, now = new Date()): Promise<boolean> {
  const path = `${dbPath(db)}/${encodeURIComponent(String(sub._id))}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await couch.maybe<Doc>('GET', path);
    if (!current || current.refused_reason !== undefined) return false;
    try {
      await couch.json('PUT', path, { ...current, refused_reason: reason.slice(0, 500), refused_at: now.toISOString() });
      return true;
    } catch (err) {
      if ((err as { status?: number }).status === 409) continue;
      if ((err as { status?: number }).status === 404) return false;
      throw err;
    }
  }
  return false;
}
