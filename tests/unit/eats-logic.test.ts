// Fete Eats: the screen's filter state maps onto filterRestaurants (Location is the country),
// 'Reset Filters' shows when anything is set, and a restaurant's facts read in 12-hour form.
import { describe, expect, it } from 'vitest';
import { NO_FILTER, isFilterActive, toRestaurantFilter, CUISINE_OPTIONS, PRICE_OPTIONS, LOCATION_OPTIONS } from '../../web/src/screens/eats/eats-filter.ts';
import { addressText, discountTitle, hoursText, regionText } from '../../web/src/screens/eats/restaurant-text.ts';
import { filterRestaurants } from '../../web/src/data/repos/restaurants.ts';
import type { Restaurant } from '../../web/src/data/repos/restaurants.ts';

function restaurant(id: string, over: Partial<Restaurant>): Restaurant {
  return {
    _id: `restaurant:${id}`, id, type: 'restaurant', name: id, location: 'Main Road', description: '', active: true,
    country: 'Trinidad', state: 'Port of Spain', cuisine: 'Creole', price_range: '$$', menu_items: [], photos: [], discounts: [],
    ...over,
  } as Restaurant;
}

const ALL = [
  restaurant('a', { name: 'Pelau Pot', cuisine: 'Creole', price_range: '$$', country: 'Trinidad', location: 'Ariapita Avenue' }),
  restaurant('b', { name: 'Store Bay Crab', cuisine: 'Seafood', price_range: '$$', country: 'Tobago', description: 'Curry crab and dumpling' }),
  restaurant('c', { name: 'Oistins Fish Fry', cuisine: 'Seafood', price_range: '$', country: 'Barbados' }),
  restaurant('d', { name: 'Closed Kitchen', cuisine: 'Seafood', country: 'Tobago', active: false }),
];
const names = (f: typeof NO_FILTER) => filterRestaurants(ALL, toRestaurantFilter(f)).map((r) => r.name);

describe('Fete Eats filters', () => {
  it('shows every active restaurant by name with no filter', () => {
    expect(isFilterActive(NO_FILTER)).toBe(false);
    expect(names(NO_FILTER)).toEqual(['Oistins Fish Fry', 'Pelau Pot', 'Store Bay Crab']);
  });

  it('maps All (empty) to no filter and Location to the country', () => {
    expect(toRestaurantFilter(NO_FILTER)).toEqual({ search: '', cuisine: null, priceRange: null, country: null });
    expect(toRestaurantFilter({ search: 'x', cuisine: 'BBQ', priceRange: '$', location: 'Tobago' })).toEqual({ search: 'x', cuisine: 'BBQ', priceRange: '$', country: 'Tobago' });
    expect(names({ ...NO_FILTER, location: 'Tobago' })).toEqual(['Store Bay Crab']);
    expect(names({ ...NO_FILTER, cuisine: 'Seafood' })).toEqual(['Oistins Fish Fry', 'Store Bay Crab']);
    expect(names({ ...NO_FILTER, priceRange: '$$' })).toEqual(['Pelau Pot', 'Store Bay Crab']);
    expect(names({ ...NO_FILTER, search: 'ARIAPITA' })).toEqual(['Pelau Pot']);
    expect(names({ ...NO_FILTER, search: 'dumpling' })).toEqual(['Store Bay Crab']);
    expect(names({ ...NO_FILTER, cuisine: 'Vegan' })).toEqual([]);
  });

  it('counts the search and every select as active; blank search is not', () => {
    expect(isFilterActive({ ...NO_FILTER, search: '   ' })).toBe(false);
    expect(isFilterActive({ ...NO_FILTER, search: 'roti' })).toBe(true);
    expect(isFilterActive({ ...NO_FILTER, cuisine: 'BBQ' })).toBe(true);
    expect(isFilterActive({ ...NO_FILTER, priceRange: '$$$' })).toBe(true);
    expect(isFilterActive({ ...NO_FILTER, location: 'Trinidad' })).toBe(true);
  });

  it('offers the spec constants', () => {
    expect(CUISINE_OPTIONS.map((o) => o.value)).toEqual(['Caribbean', 'Creole', 'Seafood', 'BBQ', 'Street Food', 'Fusion', 'Vegan']);
    expect(PRICE_OPTIONS.map((o) => o.label)).toEqual(['$', '$$', '$$$', '$$$$']);
    expect(LOCATION_OPTIONS.map((o) => o.value)).toEqual(['Trinidad', 'Tobago']);
  });
});

describe('restaurant texts', () => {
  it('reads opening and closing times in 12-hour form', () => {
    expect(hoursText({ opening_time: '05:30', closing_time: '12:00' })).toBe('5:30 AM - 12:00 PM');
    expect(hoursText({ opening_time: '16:00', closing_time: '23:59' })).toBe('4:00 PM - 11:59 PM');
    expect(hoursText({ opening_time: '00:00', closing_time: null })).toBe('12:00 AM');
    expect(hoursText({})).toBe('');
  });

  it('joins the parts of a place that are set', () => {
    expect(regionText({ state: 'Crown Point', country: 'Tobago' })).toBe('Crown Point, Tobago');
    expect(addressText({ location: 'Maracas Bay', state: 'Maracas', country: 'Trinidad' })).toBe('Maracas Bay, Maracas, Trinidad');
    expect(addressText({ location: 'Maracas Bay', state: '', country: null })).toBe('Maracas Bay');
  });

  it('says a discount as a percentage off', () => {
    expect(discountTitle(15)).toBe('15% off');
  });
});
