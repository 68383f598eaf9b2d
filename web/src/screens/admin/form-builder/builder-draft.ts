// The builder's unsaved work, kept in localStorage per form target (type + id) while an admin
// edits: a failed save (offline) or a reload loses nothing. It goes when the form is saved or the
// admin discards it. A stored draft is read leniently: what does not look right is dropped.
import * as z from 'zod';
import { FORM_FIELD_TYPES } from '../../../../../design-docs/src/constants.ts';
import type { FormType } from '../../../../../design-docs/src/constants.ts';
import type { StorageLike } from '../../../data/storage.ts';
import type { FormDraft } from '../../../data/repos/admin-forms.ts';
import type { FieldEditor } from './field-logic.ts';

export interface BuilderDraft {
  form: FormDraft;
  /** The field editor as it was, when one was open. */
  editor: FieldEditor | null;
}

const storedField = z.object({
  id: z.string().min(1),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  placeholder: z.string().nullish(),
  required: z.boolean().catch(false),
  options: z.array(z.string()).optional(),
  defaultValue: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullish(),
});

const storedEditor = z.object({
  id: z.string().min(1),
  editing: z.boolean(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  placeholder: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  optionsText: z.string(),
  newOption: z.string(),
  defaultValue: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullish(),
});

const storedDraft = z.object({
  form: z.object({
    title: z.string().catch(''),
    description: z.string().catch(''),
    submitButtonText: z.string().catch(''),
    active: z.boolean().catch(true),
    fields: z.array(z.unknown()).catch([]),
  }),
  editor: z.unknown(),
});

/**
 * `prefix` is the admin's own device-storage prefix (`data.memberKey('')`), so sign-out removes
 * their drafts with the rest of their data.
 */
export function draftKey(type: FormType, targetid: string, prefix = 'fete-'): string {
  return `${prefix}form-builder:${type}:${targetid}`;
}

export function defaultDraftStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null; // blocked storage: the work lives on the screen only
  }
}

export function loadBuilderDraft(storage: StorageLike | null, type: FormType, targetid: string, prefix?: string): BuilderDraft | null {
  try {
    const raw = storage?.getItem(draftKey(type, targetid, prefix));
    if (!raw) return null;
    const parsed = storedDraft.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const fields = parsed.data.form.fields.flatMap((f) => {
      const field = storedField.safeParse(f);
      return field.success ? [stripNullish(field.data)] : [];
    });
    const editor = storedEditor.safeParse(parsed.data.editor);
    return {
      form: { ...parsed.data.form, fields },
      editor: editor.success ? (stripNullish(editor.data) as FieldEditor) : null,
    };
  } catch {
    return null;
  }
}

export function saveBuilderDraft(storage: StorageLike | null, type: FormType, targetid: string, draft: BuilderDraft, prefix?: string): void {
  try {
    storage?.setItem(draftKey(type, targetid, prefix), JSON.stringify(draft));
  } catch {
    // full or blocked storage: the builder still works, a reload just starts from the server
  }
}

export function clearBuilderDraft(storage: StorageLike | null, type: FormType, targetid: string, prefix?: string): void {
  try {
    storage?.removeItem(draftKey(type, targetid, prefix));
  } catch {
    // nothing to do
  }
}

/** null stands for "not set" in storage; the field types want the key left out instead. */
function stripNullish<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]: Exclude<T[K], null> };
}
