// Admins' catalogue pages (events, products, providers, restaurants and bands):
// read and written on the server's `catalog` (ADR 021), so an admin sees inactive items too and
// every device pulls the change. The catalog's validate_doc_update decides who may write what.
import { docId, newId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { getItem, listType, toItem } from './query.ts';
import { isNotFound } from '../pouch.ts';
import { featuredId } from '../../../../design-docs/src/ids.ts';
import type { FeaturedItemType } from '../../../../design-docs/src/constants.ts';
import type { Item } from './query.ts';
import { stamp } from './stamp.ts';

/** The catalog types an admin page manages with this repository (the home page's three too). */
export type AdminCatalogType = 'event' | 'product' | 'provider' | 'restaurant' | 'band' | 'hero_slide' | 'ad' | 'partner';

/** What the add and edit forms give: the record's own fields, without `_id`, `type` or timestamps. */
export type AdminCatalogInput<T> = Omit<T, '_id' | '_rev' | 'type' | 'created_at' | 'updated_at' | 'updated_by'>;

export interface AdminCatalogRepo<T extends { _id: string }> {
  /** Every one, inactive too, as stored (the page orders them). */
  list(): Promise<Item<T>[]>;
  /**
   * Every one as this device last pulled them (the catalog is pulled in full): a first look
   * while `list` reads the server, never the version a save is made over.
   */
  listOnDevice(): Promise<Item<T>[]>;
  byId(id: string): Promise<Item<T> | null>;
  add(input: AdminCatalogInput<T>): Promise<Item<T>>;
  /** Saves the whole record over the version the admin edited (a newer one is a conflict). */
  update(item: Item<T>, input: AdminCatalogInput<T>): Promise<Item<T>>;
  remove(id: string): Promise<void>;
}

/** The featured-item type of each catalog type that can be featured. */
const FEATURED_AS: Partial<Record<AdminCatalogType, FeaturedItemType>> = { event: 'event', product: 'marqet', provider: 'face', restaurant: 'restaurant', band: 'band' };

export function createAdminCatalogRepo<T extends { _id: string }>(ctx: RepoContext, type: AdminCatalogType): AdminCatalogRepo<T> {
  const remote = () => {
    requireMember(ctx);
    return ctx.catalogRemote();
  };
  // The write has been taken; the pull that shows it on the device may come later.
  const pull = () => ctx.afterCatalogWrite().catch(() => undefined);

  const byId = (id: string) => getItem<T>(remote(), docId(type, id));

  return {
    list: () => listType<T>(remote(), type),
    listOnDevice: () => listType<T>(ctx.catalog(), type),
    byId,
    async add(input) {
      const by = stamp(ctx);
      const doc = { ...input, _id: docId(type, newId()), type, created_at: by.updated_at, ...by } as unknown as T;
      const res = await remote().put(doc);
      await pull();
      return toItem({ ...doc, _rev: res.rev });
    },
    async update(item, input) {
      const { id: _id, ...stored } = item;
      const doc = { ...stored, ...input, _id: item._id, type, ...stamp(ctx) } as unknown as T;
      const res = await remote().put(doc);
      await pull();
      return toItem({ ...doc, _rev: res.rev });
    },
    /** Its featured entry first, so the home page never points at a deleted item. */
    async remove(id) {
      const featuredAs = FEATURED_AS[type];
      if (featuredAs) {
        try {
          const featured = await remote().get(featuredId(featuredAs, id));
          await remote().remove(featured);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      const current = await byId(id);
      if (current) await remote().remove(current._id, (current as { _rev?: string })._rev as string);
      await pull();
    },
  };
}
