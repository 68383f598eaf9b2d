// Admins' Manage Packages and Manage Ride Packages: read and written on the server (ADR 021), so
// an admin sees inactive ones too and every device pulls the change. Deleting one deletes its
// form first, and the form its submissions.
import type { PackageDoc, RideDoc } from '../../../../design-docs/src/schemas/package.ts';
import type { FormType } from '../../../../design-docs/src/constants.ts';
import { docId, newId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { byOrder, getItem, listType, toItem } from './query.ts';
import type { Item } from './query.ts';
import { deleteForm } from './admin-forms.ts';
import { stamp } from './stamp.ts';

export type CatalogueDoc = PackageDoc | RideDoc;

/** What the add and edit forms give; `_id`, `type` and timestamps are the repository's. */
export interface CatalogueInput {
  title: string;
  subtitle: string;
  description?: string | null;
  buttonlink?: string | null;
  bgcolor: string;
  textcolor: string;
  order: number;
  active: boolean;
}

export function createAdminPackagesRepo<T extends CatalogueDoc>(ctx: RepoContext, type: FormType) {
  const remote = () => {
    requireMember(ctx);
    return ctx.remote('members');
  };

  async function byId(id: string): Promise<Item<T> | null> {
    return getItem<T>(remote(), docId(type, id));
  }

  return {
    /** Every one, inactive too, by `order`. */
    async list(): Promise<Item<T>[]> {
      return (await listType<T>(remote(), type)).sort(byOrder);
    },
    byId,
    /** The ids of those that have a custom form: their row links to edit, the others to create. */
    async withForms(): Promise<Set<string>> {
      const res = await remote().allDocs({ startkey: `form:${type}:`, endkey: `form:${type}:\ufff0` });
      return new Set(res.rows.map((r) => r.id.slice(`form:${type}:`.length)));
    },
    async add(input: CatalogueInput): Promise<Item<T>> {
      const id = newId();
      const by = stamp(ctx);
      const doc = { _id: docId(type, id), type, ...input, created_at: by.updated_at, ...by } as unknown as T;
      const res = await remote().put(doc);
      await ctx.afterMembersWrite().catch(() => undefined);
      return toItem({ ...doc, _rev: res.rev });
    },
    /** Saves the whole record (the spec's "update with the full record by id"). */
    async update(item: Item<T>, input: CatalogueInput): Promise<Item<T>> {
      const { id, ...stored } = item;
      const doc = { ...stored, ...input, ...stamp(ctx) } as unknown as T;
      const res = await remote().put(doc);
      await ctx.afterMembersWrite().catch(() => undefined);
      return toItem({ ...doc, _rev: res.rev });
    },
    /** Its form first (the server deletes the form's submissions, and the form too if this stops here), then the item. */
    async remove(id: string): Promise<void> {
      await deleteForm(ctx, type, id);
      const current = await byId(id);
      if (current) await remote().remove(current._id, current._rev as string);
      await ctx.afterMembersWrite().catch(() => undefined);
    },
  };
}
