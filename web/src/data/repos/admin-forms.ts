// Admins' custom forms: the builder's load and save, Forms Management's list and delete. Read
// and written on the server (ADR 021); members pull the result. A form is `form:{type}:{target}`
// (one per package or ride) and carries its own uuid `id`, which submissions point at.
import type { FormDoc, FormField } from '../../../../design-docs/src/schemas/form.ts';
import type { PackageDoc, RideDoc } from '../../../../design-docs/src/schemas/package.ts';
import type { FormType } from '../../../../design-docs/src/constants.ts';
import { DEFAULT_SUBMIT_TEXT } from '../../../../design-docs/src/constants.ts';
import { docId, formId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { compareText, getItem, listRange } from './query.ts';
import type { Item } from './query.ts';
import { stamp } from './stamp.ts';

export type AdminForm = Item<FormDoc>;
export type FormTarget = Item<PackageDoc | RideDoc>;

/** What the builder edits. */
export interface FormDraft {
  title: string;
  description: string;
  submitButtonText: string;
  active: boolean;
  fields: FormField[];
}

export class FormInvalidError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormInvalidError';
  }
}

function remote(ctx: RepoContext) {
  requireMember(ctx);
  return ctx.remote('members');
}

/**
 * Deletes a form. Its submissions follow on the server (the form-cascade worker, ADR 035):
 * the admins' copies, the members' own and their notifications, even if this tab closes now.
 */
export async function deleteForm(ctx: RepoContext, formtype: FormType, targetid: string): Promise<void> {
  const form = await getItem<FormDoc>(remote(ctx), formId(formtype, targetid));
  if (!form) return;
  await remote(ctx).remove(form._id, form._rev as string);
}

export function createAdminFormsRepo(ctx: RepoContext) {
  return {
    /** Every form, newest-updated first. */
    async list(): Promise<AdminForm[]> {
      return (await listRange<FormDoc>(remote(ctx), 'form:')).sort((a, b) => compareText(b.updatedat, a.updatedat));
    },
    /** By the form's own uuid (the submissions route's `{id}`). */
    async byId(id: string): Promise<AdminForm | null> {
      return (await listRange<FormDoc>(remote(ctx), 'form:')).find((f) => f.id === id) ?? null;
    },
    async forTarget(formtype: FormType, targetid: string): Promise<AdminForm | null> {
      const form = await getItem<FormDoc>(remote(ctx), formId(formtype, targetid));
      return form ? { ...form, id: form.id } : null;
    },
    /** The package or ride a form belongs to. */
    async target(formtype: FormType, targetid: string): Promise<FormTarget | null> {
      return getItem<PackageDoc | RideDoc>(remote(ctx), docId(formtype, targetid));
    },
    /**
     * Creates or updates the target's form, then points the target's button at it
     * (`/form/{formtype}/{targetid}`). Throws FormInvalidError with the spec's text.
     */
    async save(formtype: FormType, targetid: string, draft: FormDraft): Promise<AdminForm> {
      const db = remote(ctx);
      const existing = await getItem<FormDoc>(db, formId(formtype, targetid));
      const by = stamp(ctx);
      const at = by.updated_at;
      const candidate = {
        ...existing,
        _id: formId(formtype, targetid),
        type: 'form' as const,
        id: existing?.id ?? crypto.randomUUID(),
        title: draft.title,
        description: draft.description,
        fields: draft.fields,
        submitButtonText: draft.submitButtonText.trim() || DEFAULT_SUBMIT_TEXT,
        active: draft.active,
        formtype,
        targetid,
        updatedat: at,
        updated_by: by.updated_by,
        createdat: existing?.createdat ?? at,
      };
      // Zod loads with the first form saved (the builder has it already), not with the app shell.
      const { formSchema } = await import('../../../../design-docs/src/schemas/form.ts');
      const parsed = formSchema.safeParse(candidate);
      if (!parsed.success) throw new FormInvalidError(parsed.error.issues[0]?.message ?? 'Failed to save form. Please try again.');
      const doc = parsed.data;
      const res = await db.put(doc);
      const target = await getItem<PackageDoc | RideDoc>(db, docId(formtype, targetid));
      const link = `/form/${formtype}/${targetid}`;
      if (target && target.buttonlink !== link) {
        const { id: _ignored, ...stored } = target;
        await db.put({ ...stored, buttonlink: link, ...by });
      }
      await ctx.afterMembersWrite().catch(() => undefined);
      return { ...doc, _rev: res.rev, id: doc.id };
    },
    /** The form; the server then deletes its submissions everywhere. */
    async remove(form: Pick<FormDoc, 'formtype' | 'targetid'>): Promise<void> {
      await deleteForm(ctx, form.formtype, form.targetid);
      await ctx.afterMembersWrite().catch(() => undefined);
    },
  };
}
