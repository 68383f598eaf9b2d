// Fete Eats, restaurant detail (active photos and menu, the discount valid now) and the
// owner's Restaurant Management page.
import type { MenuItem, RestaurantDiscount, RestaurantDoc, RestaurantPhoto } from '../../../../design-docs/src/schemas/restaurant.ts';
import { RESTAURANT_OWNER_LOCKED_FIELDS } from '../../../../design-docs/src/rules.ts';
import { docId } from '../../../../design-docs/src/ids.ts';
import { isConflict } from '../pouch.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { byOrder, compareText, getItem, listType, matchesText, validAt } from './query.ts';
import type { Item } from './query.ts';
import { stamp } from './stamp.ts';

export type Restaurant = Item<RestaurantDoc>;

export interface RestaurantFilter {
  search?: string;
  cuisine?: string | null;
  priceRange?: string | null;
  /** The Location filter (Trinidad, Tobago) matches the country. */
  country?: string | null;
}

export function activePhotos(r: RestaurantDoc): RestaurantPhoto[] {
  return (r.photos ?? []).filter((p) => p.active !== false).sort(byOrder);
}

export function activeMenu(r: RestaurantDoc): MenuItem[] {
  return (r.menu_items ?? []).filter((m) => m.active !== false);
}

/** The active discount valid at `now`, if any. */
export function currentDiscount(r: RestaurantDoc, now: Date): RestaurantDiscount | null {
  return (r.discounts ?? []).find((d) => d.active !== false && validAt(d.valid_from, d.valid_until, now)) ?? null;
}

export type RestaurantPatch = Partial<Omit<RestaurantDoc, '_id' | '_rev' | 'type' | (typeof RESTAURANT_OWNER_LOCKED_FIELDS)[number]>>;

/** Active restaurants by name. Pure: screens filter in memory on each keystroke. */
export function filterRestaurants(all: readonly Restaurant[], filter: RestaurantFilter = {}): Restaurant[] {
  return all
    .filter((r) => r.active)
    .filter((r) => !filter.cuisine || r.cuisine === filter.cuisine)
    .filter((r) => !filter.priceRange || r.price_range === filter.priceRange)
    .filter((r) => !filter.country || r.country === filter.country)
    .filter((r) => matchesText(filter.search, r.name, r.description, r.location))
    .sort((a, b) => compareText(a.name, b.name));
}

export function createRestaurantsRepo(ctx: RepoContext) {
  const all = () => listType<RestaurantDoc>(ctx.catalog(), 'restaurant');
  return {
    all,
    async list(filter: RestaurantFilter = {}): Promise<Restaurant[]> {
      return filterRestaurants(await all(), filter);
    },

    byId: (id: string) => getItem<RestaurantDoc>(ctx.catalog(), docId('restaurant', id)),

    /** The restaurant this member owns, for /restaurant-admin. */
    async owned(): Promise<Restaurant | null> {
      const me = ctx.member();
      if (!me) return null;
      return (await listType<RestaurantDoc>(ctx.catalog(), 'restaurant')).find((r) => r.owner_id === me.userId) ?? null;
    },

    /**
     * The owner's edit (details, menu items, discounts). Sent to the server directly; if someone
     * changed it meanwhile, the patch is applied once more on top of the server's version.
     */
    async updateOwned(id: string, patch: RestaurantPatch): Promise<void> {
      requireMember(ctx);
      const remote = ctx.catalogRemote();
      const clean: Record<string, unknown> = { ...patch };
      for (const f of [...RESTAURANT_OWNER_LOCKED_FIELDS, '_id', '_rev', 'type', 'id']) delete clean[f];
      for (let attempt = 0; ; attempt++) {
        const current = await remote.get(docId('restaurant', id));
        try {
          await remote.put({ ...current, ...clean, ...stamp(ctx) });
          break;
        } catch (err) {
          if (!isConflict(err) || attempt >= 2) throw err;
        }
      }
      await ctx.afterCatalogWrite();
    },
  };
}
