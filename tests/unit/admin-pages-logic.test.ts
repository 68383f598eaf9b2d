// The rules of Manage Fete Faces, Manage Restaurants and Manage Bands (bands beyond the seeds too):
// texts, defaults, required fields, search scopes and orders.
import { describe, expect, it } from 'vitest';
import { searchItems } from '../../web/src/screens/admin/kit/kit-logic.ts';
import {
  PROVIDER_TEXTS, checkProviderDraft, compareProviders, newProviderDraft, newProviderRecord, providerDraftOf, providerSearchFields,
} from '../../web/src/screens/admin/providers/provider-admin-logic.ts';
import type { AdminProvider } from '../../web/src/screens/admin/providers/provider-admin-logic.ts';
import {
  RESTAURANT_TEXTS, checkRestaurantDraft, compareRestaurants, newRestaurantDraft, newRestaurantRecord, restaurantDraftOf, restaurantSearchFields,
} from '../../web/src/screens/admin/restaurants/restaurant-admin-logic.ts';
import type { AdminRestaurant } from '../../web/src/screens/admin/restaurants/restaurant-admin-logic.ts';
import {
  BAND_TEXTS, bandDraftOf, bandSearchFields, checkBandDraft, compareBands, newBandDraft, newBandRecord,
} from '../../web/src/screens/admin/bands/band-admin-logic.ts';
import type { AdminBand } from '../../web/src/screens/admin/bands/band-admin-logic.ts';

const provider = (id: string, over: Partial<AdminProvider> = {}): AdminProvider =>
  ({ _id: `provider:${id}`, id, type: 'provider', first_name: 'Asha', last_name: 'Mohan', bio: null, services: [], service_prices: {}, rating: 0, total_ratings: 0, testimonials: [], active: true, ...over }) as AdminProvider;

describe('Manage Fete Faces rules', () => {
  it('has the spec texts', () => {
    expect(PROVIDER_TEXTS).toMatchObject({
      heading: 'Manage Fete Faces',
      empty: 'No providers found.',
      loadFailed: 'Failed to load providers. Please try again later.',
      addFailed: 'Failed to add provider',
      updateFailed: 'Failed to update provider',
      deleteFailed: 'Failed to delete provider',
      updated: 'Provider updated successfully',
    });
  });
  it('first and last name are required, with the spec message, focusing the first blank', () => {
    expect(checkProviderDraft({ ...newProviderDraft(), first_name: 'Asha' })).toMatchObject({ ok: false, message: 'First name and last name are required', first: 'last_name' });
    const both = checkProviderDraft(newProviderDraft());
    expect(both.ok === false && Object.keys(both.fields)).toEqual(['first_name', 'last_name']);
  });
  it('a complete draft: blanks null, prices only for listed services, a bad price refused', () => {
    const base = { ...newProviderDraft(), first_name: ' Asha ', last_name: 'Mohan', services: ['Makeup', 'Henna Art'] };
    expect(checkProviderDraft({ ...base, service_prices: { Makeup: '80', 'Henna Art': '', Gone: '5' } })).toMatchObject({ ok: true, data: { first_name: 'Asha', bio: null, services: ['Makeup', 'Henna Art'], service_prices: { Makeup: 80 } } });
    expect(checkProviderDraft({ ...base, service_prices: { Makeup: 'cheap' } })).toMatchObject({ ok: false, message: 'Service prices must be numbers' });
    expect(checkProviderDraft({ ...base, booking_url: 'ftp://x' })).toMatchObject({ ok: false, message: 'Links must start with http:// or https://' });
  });
  it('a new provider is stored unrated; an edit works on a copy of the services', () => {
    const checked = checkProviderDraft({ ...newProviderDraft(), first_name: 'A', last_name: 'B' });
    expect(checked.ok && newProviderRecord(checked.data)).toMatchObject({ rating: 0, total_ratings: 0, testimonials: [] });
    const stored = provider('p', { services: ['Makeup'], service_prices: { Makeup: 50 } });
    const draft = providerDraftOf(stored);
    draft.services.push('Body Paint');
    expect(stored.services).toEqual(['Makeup']);
    expect(draft.service_prices).toEqual({ Makeup: '50' });
  });
  it('searches over full name, bio and services (not location); best rated first', () => {
    const list = [provider('a', { rating: 3.5, bio: 'Glitter queen' }), provider('b', { first_name: 'Keisha', last_name: 'Ali', rating: 4.8, services: ['Body Paint'], location: 'Arima' })];
    expect(searchItems(list, 'keisha ali', providerSearchFields).map((p) => p.id)).toEqual(['b']);
    expect(searchItems(list, 'GLITTER', providerSearchFields).map((p) => p.id)).toEqual(['a']);
    expect(searchItems(list, 'body', providerSearchFields).map((p) => p.id)).toEqual(['b']);
    expect(searchItems(list, 'arima', providerSearchFields)).toEqual([]);
    expect([...list].sort(compareProviders).map((p) => p.id)).toEqual(['b', 'a']);
  });
});

const restaurant = (id: string, over: Partial<AdminRestaurant> = {}): AdminRestaurant =>
  ({ _id: `restaurant:${id}`, id, type: 'restaurant', name: 'Roti Hut', location: 'San Fernando', description: null, cuisine: 'Caribbean', menu_items: [], photos: [], discounts: [], active: true, ...over }) as AdminRestaurant;

describe('Manage Restaurants rules', () => {
  it('has the spec texts', () => {
    expect(RESTAURANT_TEXTS).toMatchObject({
      heading: 'Manage Restaurants',
      empty: 'No restaurants found.',
      loadFailed: 'Failed to load restaurants. Please try again later.',
      addFailed: 'Failed to add restaurant',
      updateFailed: 'Failed to update restaurant',
      deleteFailed: 'Failed to delete restaurant',
      updated: 'Restaurant updated successfully',
    });
  });
  it('a new restaurant has the spec defaults', () => {
    expect(newRestaurantDraft()).toMatchObject({ cuisine: 'Caribbean', price_range: '$$', opening_time: '11:00', closing_time: '22:00', active: true });
  });
  it('name and location are required, with the spec message, focusing the first blank', () => {
    expect(checkRestaurantDraft({ ...newRestaurantDraft(), name: 'Roti Hut' })).toMatchObject({ ok: false, message: 'Name and location are required', first: 'location' });
    const both = checkRestaurantDraft(newRestaurantDraft());
    expect(both.ok === false && Object.keys(both.fields)).toEqual(['name', 'location']);
  });
  it('a complete draft keeps the defaults, blanks become null; a bad link is refused', () => {
    const base = { ...newRestaurantDraft(), name: ' Roti Hut ', location: 'San Fernando' };
    expect(checkRestaurantDraft(base)).toMatchObject({ ok: true, data: { name: 'Roti Hut', cuisine: 'Caribbean', price_range: '$$', opening_time: '11:00', closing_time: '22:00', website_url: null } });
    expect(checkRestaurantDraft({ ...base, eat_now_url: 'javascript:alert(1)' })).toMatchObject({ ok: false, message: 'Links must start with http:// or https://' });
  });
  it('a new one has no owner or details; an edit starts from the stored one', () => {
    const checked = checkRestaurantDraft({ ...newRestaurantDraft(), name: 'A', location: 'B' });
    expect(checked.ok && newRestaurantRecord(checked.data)).toMatchObject({ owner_id: null, menu_items: [], photos: [], discounts: [] });
    expect(restaurantDraftOf(restaurant('r', { price_range: '$$$' }))).toMatchObject({ name: 'Roti Hut', price_range: '$$$', description: '' });
  });
  it('searches over name, description, location and cuisine (not state); ordered by name', () => {
    const list = [restaurant('a', { name: 'zest', cuisine: 'Vegan', state: 'Tobago' }), restaurant('b', { name: 'Bake and Shark', description: 'Beach hut', location: 'Maracas' })];
    expect(searchItems(list, 'VEGAN', restaurantSearchFields).map((r) => r.id)).toEqual(['a']);
    expect(searchItems(list, 'beach', restaurantSearchFields).map((r) => r.id)).toEqual(['b']);
    expect(searchItems(list, 'maracas', restaurantSearchFields).map((r) => r.id)).toEqual(['b']);
    expect(searchItems(list, 'tobago', restaurantSearchFields)).toEqual([]);
    expect([...list].sort(compareRestaurants).map((r) => r.id)).toEqual(['b', 'a']);
  });
});

const band = (id: string, over: Partial<AdminBand> = {}): AdminBand =>
  ({ _id: `band:${id}`, id, type: 'band', name: 'Tribe', description: null, rating: 4, total_ratings: 10, active: true, ...over }) as AdminBand;

describe('Manage Bands rules', () => {
  it('has texts in the pattern of the spec', () => {
    expect(BAND_TEXTS).toMatchObject({
      heading: 'Manage Bands',
      empty: 'No bands found.',
      loadFailed: 'Failed to load bands. Please try again later.',
      addFailed: 'Failed to add band',
      updateFailed: 'Failed to update band',
      deleteFailed: 'Failed to delete band',
      added: 'Band added successfully',
      updated: 'Band updated successfully',
    });
  });
  it('the name is required, with the schema message', () => {
    expect(checkBandDraft({ ...newBandDraft(), location: 'Port of Spain' })).toMatchObject({ ok: false, message: 'Band name is required', first: 'name' });
  });
  it('a complete draft: the year a whole number, blanks null, dates in order', () => {
    const base = { ...newBandDraft(), name: ' Tribe ', year: '2031', start_date: '2031-02-10', end_date: '2031-02-11' };
    expect(checkBandDraft(base)).toMatchObject({ ok: true, data: { name: 'Tribe', year: 2031, description: null, start_date: '2031-02-10', active: true } });
    expect(checkBandDraft({ ...base, year: 'twenty' })).toMatchObject({ ok: false, message: 'Year must be a whole number', first: 'year' });
    expect(checkBandDraft({ ...base, end_date: '2031-02-01' })).toMatchObject({ ok: false, message: 'The end date cannot be before the start date', first: 'end_date' });
    expect(checkBandDraft({ ...base, registration_url: 'javascript:alert(1)' })).toMatchObject({ ok: false, message: 'Links must start with http:// or https://' });
  });
  it('a new band is stored unrated; an edit starts from the stored one', () => {
    const checked = checkBandDraft({ ...newBandDraft(), name: 'Tribe' });
    expect(checked.ok && newBandRecord(checked.data)).toMatchObject({ rating: 0, total_ratings: 0 });
    expect(bandDraftOf(band('b', { year: 2030 }))).toMatchObject({ name: 'Tribe', year: '2030', start_date: '' });
  });
  it('searches over name, description and location (not country); by start date, undated last', () => {
    const list = [band('a', { name: 'Yuma', country: 'Trinidad' }), band('b', { name: 'Harts', location: 'Woodbrook', start_date: '2031-02-10' }), band('c', { name: 'Bliss', description: 'Pretty mas', start_date: '2031-02-09' })];
    expect(searchItems(list, 'WOODBROOK', bandSearchFields).map((b) => b.id)).toEqual(['b']);
    expect(searchItems(list, 'pretty', bandSearchFields).map((b) => b.id)).toEqual(['c']);
    expect(searchItems(list, 'trinidad', bandSearchFields)).toEqual([]);
    expect([...list].sort(compareBands).map((b) => b.id)).toEqual(['c', 'b', 'a']);
  });
});
