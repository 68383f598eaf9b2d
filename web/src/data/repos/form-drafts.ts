// What a member has typed into a form, kept on the device as they type (ADR 022).
// localStorage, not IndexedDB: a write there is synchronous, so a reload or a closed app right
// after a keystroke keeps it (an IndexedDB write can still be lost that late, see ADR 022).
// The key carries the member's prefix, so sign-out removes their drafts with their databases.
import type { FormType } from '../../../../design-docs/src/constants.ts';
import type { Answers } from '../../../../design-docs/src/schemas/form-answers.ts';
import type { RepoContext } from './context.ts';

/** A draft larger than this is not kept (a form's answers are bounded far below it). */
const MAX_DRAFT_CHARS = 256 * 1024;

export interface FormDraft {
  answers: Answers;
  savedAt: string;
}

export function createFormDraftsRepo(ctx: RepoContext) {
  function key(formtype: FormType, targetid: string): string | null {
    const me = ctx.member();
    return me ? ctx.memberKey(me.userId, `form-draft:${formtype}:${targetid}`) : null;
  }

  return {
    load(formtype: FormType, targetid: string): FormDraft | null {
      const k = key(formtype, targetid);
      const raw = k ? ctx.storage()?.getItem(k) : null;
      if (!raw) return null;
      try {
        const draft = JSON.parse(raw) as FormDraft;
        return draft && typeof draft.answers === 'object' && draft.answers !== null ? draft : null;
      } catch {
        return null;
      }
    },
    /** Returns false when it could not be kept (storage blocked, full, or too large). */
    save(formtype: FormType, targetid: string, answers: Answers): boolean {
      const k = key(formtype, targetid);
      const storage = ctx.storage();
      if (!k || !storage) return false;
      const raw = JSON.stringify({ answers, savedAt: ctx.now().toISOString() } satisfies FormDraft);
      if (raw.length > MAX_DRAFT_CHARS) return false;
      try {
        storage.setItem(k, raw);
        return true;
      } catch {
        return false;
      }
    },
    clear(formtype: FormType, targetid: string): void {
      const k = key(formtype, targetid);
      if (k) ctx.storage()?.removeItem(k);
    },
  };
}
