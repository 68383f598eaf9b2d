// The builder's working state: the form being built and the open field editor. It starts from the
// admin's unsaved draft when one is stored, else from the server's form, and every change the
// admin makes is written to the draft store at once, so a reload or a failed save loses nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormType } from '../../../../../design-docs/src/constants.ts';
import type { AdminForm, FormDraft } from '../../../data/repos/admin-forms.ts';
import { useDataLayer } from '../../../data/react.ts';
import { clearBuilderDraft, defaultDraftStorage, loadBuilderDraft, saveBuilderDraft } from './builder-draft.ts';
import type { BuilderDraft } from './builder-draft.ts';

export function draftFromForm(form: AdminForm | null): FormDraft {
  return {
    title: form?.title ?? '',
    description: form?.description ?? '',
    submitButtonText: form?.submitButtonText ?? '',
    active: form?.active ?? true,
    fields: form?.fields ? [...form.fields] : [],
  };
}

export interface BuilderState extends BuilderDraft {
  /** True when the screen opened on a stored draft rather than the server's form. */
  restored: boolean;
  change(update: (draft: BuilderDraft) => BuilderDraft): void;
  /** Drops the stored draft and goes back to the server's form. */
  discard(): void;
  /** After a successful save: the stored draft goes. */
  forget(): void;
}

export function useBuilderDraft(type: FormType, targetid: string, form: AdminForm | null): BuilderState {
  const storage = useRef(defaultDraftStorage()).current;
  const prefix = useDataLayer().memberKey('') ?? undefined;
  const [initial] = useState(() => loadBuilderDraft(storage, type, targetid, prefix));
  const [draft, setDraft] = useState<BuilderDraft>(() => initial ?? { form: draftFromForm(form), editor: null });
  const [restored, setRestored] = useState(initial !== null);
  // Only the admin's own changes are written down: opening a form is not unsaved work.
  const touched = useRef(false);

  useEffect(() => {
    if (touched.current) saveBuilderDraft(storage, type, targetid, draft, prefix);
  }, [storage, type, targetid, draft, prefix]);

  const change = useCallback((update: (d: BuilderDraft) => BuilderDraft) => {
    touched.current = true;
    setDraft(update);
  }, []);

  const discard = useCallback(() => {
    touched.current = false;
    clearBuilderDraft(storage, type, targetid, prefix);
    setDraft({ form: draftFromForm(form), editor: null });
    setRestored(false);
  }, [storage, type, targetid, form, prefix]);

  const forget = useCallback(() => {
    touched.current = false;
    clearBuilderDraft(storage, type, targetid, prefix);
  }, [storage, type, targetid, prefix]);

  return { ...draft, restored, change, discard, forget };
}
