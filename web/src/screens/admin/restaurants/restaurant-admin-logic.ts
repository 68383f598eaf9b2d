// The pure rules of Manage Restaurants: a new restaurant's
// defaults (Caribbean, $$, 11:00 to 22:00, active), the edit form of a stored one, the check (name
// and location required, then the shared restaurant schema), the order (by name) and the search
// (name, description, location, cuisine).
import type { RestaurantDoc } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { restaurantSchema } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { fieldLimitProblem } from '../../../../../design-docs/src/schemas/common.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { AdminCatalogInput } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import { compareText } from '../../../data/repos/query.ts';
import { kitTexts, optionalText } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';

export type AdminRestaurant = Item<RestaurantDoc>;
/** Not the form's: the owner (Users page), the map position, and the menu, photos and discounts (their own editors). */
export type RestaurantInput = Omit<AdminCatalogInput<RestaurantDoc>, 'owner_id' | 'latitude' | 'longitude' | 'menu_items' | 'photos' | 'discounts'>;

export const RESTAURANT_TEXTS = kitTexts('Manage Restaurants', 'restaurant', 'restaurants');
export const RESTAURANT_BUCKET = 'restaurant-images';
export const NAME_AND_LOCATION_REQUIRED = 'Name and location are required';

export interface RestaurantDraft {
  name: string;
  description: string;
  location: string;
  country: string;
  state: string;
  cuisine: string;
  price_range: string;
  opening_time: string;
  closing_time: string;
  website_url: string;
  instagram_url: string;
  eat_now_url: string;
  image_url: string;
  active: boolean;
}

/** The defaults: Caribbean, $$, open 11:00 to 22:00. */
export function newRestaurantDraft(): RestaurantDraft {
  return {
    name: '',
    description: '',
    location: '',
    country: '',
    state: '',
    cuisine: 'Caribbean',
    price_range: '$$',
    opening_time: '11:00',
    closing_time: '22:00',
    website_url: '',
    instagram_url: '',
    eat_now_url: '',
    image_url: '',
    active: true,
  };
}

export function restaurantDraftOf(r: AdminRestaurant): RestaurantDraft {
  const s = (v: string | null | undefined) => v ?? '';
  return {
    name: r.name,
    description: s(r.description),
    location: r.location,
    country: s(r.country),
    state: s(r.state),
    cuisine: s(r.cuisine),
    price_range: s(r.price_range),
    opening_time: s(r.opening_time),
    closing_time: s(r.closing_time),
    website_url: s(r.website_url),
    instagram_url: s(r.instagram_url),
    eat_now_url: s(r.eat_now_url),
    image_url: s(r.image_url),
    active: r.active,
  };
}

/** 'Name and location are required' for either blank, then the schema's words. */
export function checkRestaurantDraft(draft: RestaurantDraft): CheckResult<RestaurantInput> {
  const blank = (['name', 'location'] as const).filter((k) => draft[k].trim() === '');
  if (blank.length > 0) {
    return { ok: false, message: NAME_AND_LOCATION_REQUIRED, fields: Object.fromEntries(blank.map((k) => [k, NAME_AND_LOCATION_REQUIRED])), first: blank[0] as string };
  }
  const candidate = {
    _id: 'restaurant:draft',
    type: 'restaurant',
    name: draft.name.trim(),
    description: optionalText(draft.description),
    location: draft.location.trim(),
    country: optionalText(draft.country),
    state: optionalText(draft.state),
    cuisine: optionalText(draft.cuisine),
    price_range: optionalText(draft.price_range),
    opening_time: optionalText(draft.opening_time),
    closing_time: optionalText(draft.closing_time),
    website_url: optionalText(draft.website_url),
    instagram_url: optionalText(draft.instagram_url),
    eat_now_url: optionalText(draft.eat_now_url),
    image_url: optionalText(draft.image_url),
    active: draft.active,
  };
  const checked = checkForm(restaurantSchema, candidate);
  if (!checked.ok) return checked;
  const { _id, _rev, type, owner_id, latitude, longitude, menu_items, photos, discounts, created_at, updated_at, ...input } = checked.data;
  const tooLong = fieldLimitProblem(input);
  if (tooLong) return { ok: false, message: tooLong, fields: {}, first: null };
  return { ok: true, data: input };
}

/** What a new restaurant is stored with beyond the form: no owner, no menu, photos or discounts yet. */
export function newRestaurantRecord(input: RestaurantInput): AdminCatalogInput<RestaurantDoc> {
  return { ...input, owner_id: null, menu_items: [], photos: [], discounts: [] };
}

/** By name (case-insensitive, so 'bago' does not sort after 'Zest'). */
export function compareRestaurants(a: AdminRestaurant, b: AdminRestaurant): number {
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || compareText(a.id, b.id);
}

/** Restaurants are searched over name, description, location and cuisine. */
export function restaurantSearchFields(r: AdminRestaurant): readonly SearchValue[] {
  return [r.name, r.description, r.location, r.cuisine];
}
