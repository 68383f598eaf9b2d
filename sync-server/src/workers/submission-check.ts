// ADR 035: a submission is checked against the form it answers, which only the server
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

/**
 * How long a form and its package or ride, once read, answer for the submissions that follow:
 * many members answer one form, and the worker reads it once per burst, not per submission
 * (the fan-in bench). A form closed within this moment still takes what was sent before.
 */
export const FORM_CACHE_MS = 1_000;
const FORM_CACHE_MAX = 500;

type Target = { form: (FormDoc & Doc) | null; target: Doc | null; at: number };

/** Checks submissions against their stored forms, reading each form at most once a second. */
export function submissionChecker(couch: Couch, now: () => number = Date.now) {
  const cache = new Map<string, Target>();

  async function read(formtype: FormType, targetid: string): Promise<Target> {
    const key = `${formtype}:${targetid}`;
    const hit = cache.get(key);
    if (hit && hit.at > now() - FORM_CACHE_MS) return hit;
    // The form and its package or ride in one read.
    const ids = [formId(formtype, targetid), docId(formtype, targetid)];
    const listed = await couch.maybe<{ rows: Array<{ key: string; doc?: Doc | null }> }>('POST', `${dbPath('members')}/_all_docs?include_docs=true`, { keys: ids });
    const byId = new Map((listed?.rows ?? []).map((r) => [r.key, r.doc ?? null]));
    const entry: Target = { form: (byId.get(ids[0] as string) as (FormDoc & Doc) | null | undefined) ?? null, target: byId.get(ids[1] as string) ?? null, at: now() };
    cache.delete(key);
    if (cache.size >= FORM_CACHE_MAX) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(key, entry);
    return entry;
  }

  /** The submission as admins get it, or why it is not accepted. */
  return async function checkedSubmission(sub: Doc): Promise<SubmissionVerdict> {
    const ref = sub.form as { formtype?: unknown; targetid?: unknown } | undefined;
    if (!ref || !isFormType(ref.formtype) || typeof ref.targetid !== 'string') return { ok: false, reason: REFUSED_TEXTS.noForm };
    const { form, target } = await read(ref.formtype, ref.targetid);
    if (!form || form.type !== 'form' || form.id !== sub.formid) return { ok: false, reason: REFUSED_TEXTS.noForm };
    if (form.active === false) return { ok: false, reason: REFUSED_TEXTS.inactive };
    if (!target || target.active === false) return { ok: false, reason: REFUSED_TEXTS[form.formtype] };
    const problem = answersProblem(form.fields, (sub.data ?? {}) as Parameters<typeof answersProblem>[1]);
    if (problem) return { ok: false, reason: problem };
    return { ok: true, copy: { ...sub, form: { title: form.title, formtype: form.formtype, targetid: form.targetid } } };
  };
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
