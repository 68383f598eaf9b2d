// Admins' featured rows (the Home Page admin): every featured entry of one type with its item's
// name, in order, and a new order saved. Read and written on the server's `catalog` (ADR 021),
// like the catalogue admin pages, so the home page of every device pulls the new order.
import type { FeaturedItemType } from '../../../../design-docs/src/constants.ts';
import { docId } from '../../../../design-docs/src/ids.ts';
import type { FeaturedDoc } from '../../../../design-docs/src/schemas/home.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { FEATURED_DOC_TYPE } from './featured.ts';
import { byOrder, getItems, listRange } from './query.ts';
import { stamp } from './stamp.ts';

export interface FeaturedEntry {
  itemId: string;
  /** The item's name (an event's title, a face's first and last name); null when it is gone. */
  name: string | null;
  order: number;
  /** The item itself is active (the home page leaves inactive ones out). */
  itemActive: boolean;
}

/**
 * The writes that give `ids` (the row's new sequence) the orders 0, 1, 2…: only the entries
 * whose order changes. Entries not named in `ids` are left alone.
 */
export function renumbered<T extends { item_id: string; order: number }>(entries: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(entries.map((e) => [e.item_id, e]));
  return ids.flatMap((id, order) => {
    const entry = byId.get(id);
    return entry && entry.order !== order ? [{ ...entry, order }] : [];
  });
}

type Named = { _id: string; name?: string; title?: string; first_name?: string; last_name?: string; active?: boolean };

function nameOf(doc: Named | undefined): string | null {
  if (!doc) return null;
  if (doc.title) return doc.title;
  if (doc.name) return doc.name;
  const full = [doc.first_name, doc.last_name].filter(Boolean).join(' ');
  return full || null;
}

export function createAdminFeaturedRepo(ctx: RepoContext) {
  const remote = () => {
    requireMember(ctx);
    return ctx.catalogRemote();
  };
  const entries = async (itemType: FeaturedItemType) => (await listRange<FeaturedDoc>(remote(), `featured:${itemType}:`)).sort(byOrder);

  return {
    /** The featured entries of one type, in featured order, each with its item's name. */
    async list(itemType: FeaturedItemType): Promise<FeaturedEntry[]> {
      const featured = await entries(itemType);
      const docs = await getItems<Named>(remote(), featured.map((f) => docId(FEATURED_DOC_TYPE[itemType], f.item_id)));
      return featured.map((f) => {
        const doc = docs.get(docId(FEATURED_DOC_TYPE[itemType], f.item_id));
        return { itemId: f.item_id, name: nameOf(doc), order: f.order, itemActive: doc?.active !== false };
      });
    },

    /**
     * Saves `itemIds` as the row's order (0, 1, 2…), writing only the entries that move, each
     * over the newest stored version (so an earlier save's revision never conflicts).
     */
    async saveOrder(itemType: FeaturedItemType, itemIds: readonly string[]): Promise<void> {
      const changes = renumbered(await entries(itemType), itemIds);
      if (changes.length === 0) return;
      const by = stamp(ctx);
      const res = await remote().bulkDocs(changes.map(({ id: _id, ...doc }) => ({ ...doc, ...by })));
      const failed = res.find((r) => 'error' in r && r.error);
      if (failed) throw new Error(`Failed to save the order: ${String((failed as { error?: unknown }).error)}`);
      await ctx.afterCatalogWrite().catch(() => undefined);
    },
  };
}
export type AdminFeaturedRepo = ReturnType<typeof createAdminFeaturedRepo>;
