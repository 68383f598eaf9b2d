// Featured items: which catalog entries the home page shows, in their curated order. Admins
// toggle them from any card.
import type { FeaturedDoc } from '../../../../design-docs/src/schemas/home.ts';
import type { FeaturedItemType } from '../../../../design-docs/src/constants.ts';
import { docId, featuredId } from '../../../../design-docs/src/ids.ts';
import type { Database } from '../pouch.ts';
import { isNotFound } from '../pouch.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { byOrder, getItems, listRange } from './query.ts';
import { stamp } from './stamp.ts';

/** The catalog type behind each featured item type. */
export const FEATURED_DOC_TYPE = {
  event: 'event',
  restaurant: 'restaurant',
  face: 'provider',
  band: 'band',
  marqet: 'product',
} as const satisfies Record<FeaturedItemType, string>;

async function featuredOf(db: Database, itemType: FeaturedItemType): Promise<FeaturedDoc[]> {
  return (await listRange<FeaturedDoc>(db, `featured:${itemType}:`)).sort(byOrder);
}

/** Active featured item ids of one type, in order. */
export async function featuredIds(db: Database, itemType: FeaturedItemType): Promise<string[]> {
  return (await featuredOf(db, itemType)).filter((f) => f.active !== false).map((f) => f.item_id);
}

export function createFeaturedRepo(ctx: RepoContext) {
  return {
    ids: (itemType: FeaturedItemType) => featuredIds(ctx.catalog(), itemType),

    async isFeatured(itemType: FeaturedItemType, itemId: string): Promise<boolean> {
      return (await featuredIds(ctx.catalog(), itemType)).includes(itemId);
    },

    /** The featured entries themselves (active ones), joined in featured order. */
    async items<T extends { _id: string; active?: boolean }>(itemType: FeaturedItemType): Promise<Array<T & { id: string }>> {
      const ids = await featuredIds(ctx.catalog(), itemType);
      const docs = await getItems<T>(ctx.catalog(), ids.map((id) => docId(FEATURED_DOC_TYPE[itemType], id)));
      return ids.flatMap((id) => {
        const doc = docs.get(docId(FEATURED_DOC_TYPE[itemType], id));
        return doc && doc.active !== false ? [doc] : [];
      });
    },

    /** Admin: features an item one place after the last of its type (0 if none), or unfeatures it. */
    async toggle(itemType: FeaturedItemType, itemId: string): Promise<boolean> {
      requireMember(ctx);
      const remote = ctx.catalogRemote();
      const id = featuredId(itemType, itemId);
      let featured: boolean;
      try {
        const doc = await remote.get(id);
        await remote.remove(doc);
        featured = false;
      } catch (err) {
        if (!isNotFound(err)) throw err;
        const existing = await featuredOf(ctx.catalog(), itemType);
        const order = existing.length === 0 ? 0 : Math.max(...existing.map((f) => f.order)) + 1;
        const by = stamp(ctx);
        await remote.put({ _id: id, type: 'featured', item_type: itemType, item_id: itemId, order, active: true, created_at: by.updated_at, ...by });
        featured = true;
      }
      await ctx.afterCatalogWrite();
      return featured;
    },
  };
}
