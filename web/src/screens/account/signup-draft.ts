// The sign-up wizard's draft, kept in sessionStorage so a reload (or a crash) loses nothing.
// The password is never written down.
import type { StorageLike } from '../../data/storage.ts';

export const SIGNUP_DRAFT_KEY = 'fete-signup-draft';

export type SignupStep = 1 | 2 | 3;

export interface SignupDraft {
  step: SignupStep;
  first_name: string;
  last_name: string;
  email: string;
  territory: string;
  locality: string;
}

export const EMPTY_DRAFT: SignupDraft = { step: 1, first_name: '', last_name: '', email: '', territory: '', locality: '' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function defaultDraftStorage(): StorageLike | null {
  try {
    return (globalThis as { sessionStorage?: StorageLike }).sessionStorage ?? null;
  } catch {
    return null; // blocked storage: the draft lives in memory only
  }
}

export function loadDraft(storage: StorageLike | null): SignupDraft {
  try {
    const raw = storage?.getItem(SIGNUP_DRAFT_KEY);
    if (!raw) return { ...EMPTY_DRAFT };
    const d = JSON.parse(raw) as Record<string, unknown>;
    const step = d.step === 2 || d.step === 3 ? d.step : 1;
    return {
      step,
      first_name: text(d.first_name),
      last_name: text(d.last_name),
      email: text(d.email),
      territory: text(d.territory),
      locality: text(d.locality),
    };
  } catch {
    return { ...EMPTY_DRAFT };
  }
}

/** Picks the known fields, so a password handed in by mistake is still never stored. */
export function saveDraft(storage: StorageLike | null, draft: SignupDraft): void {
  const { step, first_name, last_name, email, territory, locality } = draft;
  try {
    storage?.setItem(SIGNUP_DRAFT_KEY, JSON.stringify({ step, first_name, last_name, email, territory, locality }));
  } catch {
    // full or blocked storage: the wizard still works, a reload just starts over
  }
}

export function clearDraft(storage: StorageLike | null): void {
  try {
    storage?.removeItem(SIGNUP_DRAFT_KEY);
  } catch {
    // nothing to do
  }
}
