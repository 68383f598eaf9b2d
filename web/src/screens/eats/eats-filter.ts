// The Fete Eats filters as the screen holds them ('' = all), and how they map onto the data
// layer's filterRestaurants.
import { CUISINES, PRICE_RANGES, RESTAURANT_LOCATIONS } from '../../../../design-docs/src/constants.ts';
import type { RestaurantFilter } from '../../data/repos/restaurants.ts';

export interface EatsFilter {
  search: string;
  cuisine: string;
  priceRange: string;
  /** Trinidad or Tobago: the restaurant's country. */
  location: string;
}

export const NO_FILTER: EatsFilter = { search: '', cuisine: '', priceRange: '', location: '' };

export const CUISINE_OPTIONS = CUISINES.map((c) => ({ value: c, label: c }));
export const PRICE_OPTIONS = PRICE_RANGES.map((p) => ({ value: p, label: p }));
export const LOCATION_OPTIONS = RESTAURANT_LOCATIONS.map((l) => ({ value: l, label: l }));

/** The search or any select differs from its default: 'Reset Filters' shows. */
export function isFilterActive(f: EatsFilter): boolean {
  return f.search.trim() !== '' || f.cuisine !== '' || f.priceRange !== '' || f.location !== '';
}

export function toRestaurantFilter(f: EatsFilter): RestaurantFilter {
  return {
    search: f.search,
    cuisine: f.cuisine || null,
    priceRange: f.priceRange || null,
    country: f.location || null,
  };
}
