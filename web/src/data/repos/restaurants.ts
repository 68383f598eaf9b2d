// Fete Eats, restaurant detail (active photos and menu, the discount valid now) and the
// owner's Restaurant Management page (its edits: owner-edits.ts).
import type { MenuItem, RestaurantDiscount, RestaurantDoc, RestaurantPhoto } from '../../../../design-docs/src/schemas/restaurant.ts';
import { docId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { createOwnerEdits } from './owner-edits.ts';
export type { OwnerOp, RestaurantPatch, WaitingEdits } from './owner-edits.ts';
import { compareRestaurants } from '../../../../design-docs/src/rules.ts';
import { byOrder, getItem, listType, matchesText, validAt } from './query.ts';
import type { Item } from './query.ts';

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

/** Active restaurants by name. Pure: screens filter in memory on each keystroke. */
export function filterRestaurants(all: readonly Restaurant[], filter: RestaurantFilter = {}): Restaurant[] {
  return all
    .filter((r) => r.active)
    .filter((r) => !filter.cuisine || r.cuisine === filter.cuisine)
    .filter((r) => !filter.priceRange || r.price_range === filter.priceRange)
    .filter((r) => !filter.country || r.country === filter.country)
    .filter((r) => matchesText(filter.search, r.name, r.description, r.location))
    .sort(compareRestaurants);
}

export function createRestaurantsRepo(ctx: RepoContext) {
  const all = () => listType<RestaurantDoc>(ctx.catalog(), 'restaurant');
  const owner = createOwnerEdits(ctx);
  return {
    all,
    async list(filter: RestaurantFilter = {}): Promise<Restaurant[]> {
      return filterRestaurants(await all(), filter);
    },

    byId: (id: string) => getItem<RestaurantDoc>(ctx.catalog(), docId('restaurant', id)),

    /** The restaurants this member owns, by name, for /restaurant-admin (the spec shows one; an owner may have several). */
    async owned(): Promise<Restaurant[]> {
      const me = ctx.member();
      if (!me) return [];
      return (await all()).filter((r) => r.owner_id === me.userId).sort(compareRestaurants);
    },

    /** The owner's edits: written ahead on the device, published when online (owner-edits.ts). */
    owner,
  };
}
