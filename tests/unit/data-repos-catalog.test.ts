import { afterEach, describe, expect, it } from 'vitest';
import { repoEnv } from './data-test-env.ts';

type Env = ReturnType<typeof repoEnv>;
let env: Env;
afterEach(async () => env?.destroy());

function event(id: string, fields: Record<string, unknown>) {
  return { _id: `event:${id}`, type: 'event', title: id, location: 'Port of Spain', organizer_id: null, active: true, ...fields };
}

describe('events repository', () => {
  it('lists active non-festival events by date then start time, with the filters; nothing that is over', async () => {
    env = repoEnv(); // 21 November 2026
    await env.catalog.bulkDocs([
      event('late', { date: '2026-12-01', start_time: '21:00', category: 'Party', country: 'Trinidad' }),
      event('early', { date: '2026-12-01', start_time: '09:00', category: 'Concert', country: 'Tobago' }),
      event('first', { date: '2026-11-30', start_time: '23:00', category: 'Beach Party', country: 'Trinidad', description: 'Sunrise soca' }),
      event('carnival', { date: '2026-12-04', category: 'Carnival' }),
      event('cruise', { date: '2026-12-05', category: 'Cruise' }),
      event('off', { date: '2026-12-03', category: 'Party', active: false }),
      event('over', { date: '2026-11-20', category: 'Party', country: 'Trinidad' }),
      event('festival-over', { date: '2026-11-01', category: 'Festival' }),
      { _id: 'band:x', type: 'band', name: 'x', active: true },
    ]);
    const ids = async (f = {}) => (await env.repos.events.list(f)).map((e) => e.id);
    expect(await ids()).toEqual(['first', 'early', 'late']);
    expect(await ids({ country: 'Trinidad' })).toEqual(['first', 'late']);
    expect(await ids({ date: '2026-12-01' })).toEqual(['early', 'late']);
    expect(await ids({ timeOfDay: 'morning' })).toEqual(['early']);
    expect(await ids({ timeOfDay: 'night' })).toEqual(['first', 'late']);
    expect(await ids({ search: 'SOCA' })).toEqual(['first']);
    expect((await env.repos.events.festivals()).map((e) => e.id)).toEqual(['carnival', 'cruise']);
    expect((await env.repos.events.byId('late'))?.title).toBe('late');
    expect(await env.repos.events.byId('nope')).toBeNull();
  });

  it('home picks: featured active Party events, by date, at most three (a featured Concert stays out)', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([
      ...['a', 'b', 'c', 'd', 'e'].map((id, i) => event(id, { date: `2026-12-0${5 - i}`, category: 'Party' })),
      event('concert', { date: '2026-12-01', category: 'Concert' }),
      ...['a', 'b', 'c', 'd', 'concert'].map((id, i) => ({ _id: `featured:event:${id}`, type: 'featured', item_type: 'event', item_id: id, order: i, active: true })),
    ]);
    expect((await env.repos.events.homePicks()).map((e) => e.id)).toEqual(['d', 'c', 'b']);
  });
});

describe('other catalog repositories', () => {
  it('bands by start date; providers by rating with filters; products by price range', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([
      { _id: 'band:b2', type: 'band', name: 'Tribe', start_date: '2027-02-10', country: 'Trinidad', active: true },
      { _id: 'band:b1', type: 'band', name: 'Yuma', start_date: '2027-02-01', country: 'Trinidad', active: true },
      { _id: 'band:b3', type: 'band', name: 'Gone', start_date: '2027-01-01', active: false },
      { _id: 'provider:p1', type: 'provider', first_name: 'Ana', last_name: 'Lee', rating: 4.2, services: ['Makeup'], state: 'Port of Spain', country: 'Trinidad', active: true },
      { _id: 'provider:p2', type: 'provider', first_name: 'Bea', last_name: 'Ray', rating: 4.8, services: ['Body Paint', 'Makeup'], active: true },
      { _id: 'provider:p3', type: 'provider', first_name: 'Cy', last_name: 'Ode', rating: 3.0, services: ['Henna Art'], active: true },
      { _id: 'product:m1', type: 'product', name: 'Feathers', brand: 'Plume', price: 40, category: 'Accessories', active: true },
      { _id: 'product:m2', type: 'product', name: 'Costume', brand: 'Mas', price: 900, category: 'Costumes', active: true },
      { _id: 'product:m3', type: 'product', name: 'Boots', brand: 'Mas', price: 120, category: 'Footwear', active: false },
    ]);
    expect((await env.repos.bands.list()).map((b) => b.id)).toEqual(['b1', 'b2']);
    expect((await env.repos.providers.list()).map((p) => p.id)).toEqual(['p2', 'p1', 'p3']);
    expect((await env.repos.providers.list({ minRating: 4.0, service: 'Makeup' })).map((p) => p.id)).toEqual(['p2', 'p1']);
    expect((await env.repos.providers.list({ location: 'Port of Spain, Trinidad' })).map((p) => p.id)).toEqual(['p1']);
    expect((await env.repos.providers.list({ search: 'henna' })).map((p) => p.id)).toEqual(['p3']);
    expect((await env.repos.products.list({ minPrice: 0, maxPrice: 100 })).map((p) => p.id)).toEqual(['m1']);
    expect((await env.repos.products.list({ search: 'mas' })).map((p) => p.id)).toEqual(['m2']);
  });

  it('ads by position within their dates; hero slides and partners by order', async () => {
    env = repoEnv(new Date('2026-11-21T12:00:00Z'));
    await env.catalog.bulkDocs([
      { _id: 'ad:running', type: 'ad', position: 'home-top', order: 2, start_date: '2026-11-01', end_date: '', active: true },
      { _id: 'ad:first', type: 'ad', position: 'home-top', order: 1, start_date: '2026-11-21', end_date: '2026-11-21', active: true },
      { _id: 'ad:future', type: 'ad', position: 'home-top', order: 0, start_date: '2026-12-01', active: true },
      { _id: 'ad:ended', type: 'ad', position: 'home-top', order: 0, start_date: '2026-10-01', end_date: '2026-11-20', active: true },
      { _id: 'ad:other', type: 'ad', position: 'sidebar', order: 0, active: true },
      { _id: 'ad:off', type: 'ad', position: 'home-top', order: 0, active: false },
      { _id: 'hero_slide:2', type: 'hero_slide', image_url: 'b.jpg', order: 2, active: true },
      { _id: 'hero_slide:1', type: 'hero_slide', image_url: 'a.jpg', order: 1, active: true },
      { _id: 'hero_slide:0', type: 'hero_slide', image_url: 'c.jpg', order: 0, active: false },
      { _id: 'partner:z', type: 'partner', name: 'Z', order: 0, active: true },
    ]);
    expect((await env.repos.home.ads('home-top')).map((a) => a.id)).toEqual(['first', 'running']);
    expect((await env.repos.home.heroSlides()).map((s) => s.id)).toEqual(['1', '2']);
    expect((await env.repos.home.partners()).map((p) => p.id)).toEqual(['z']);
  });

  it('restaurants: filters, and the active photos, menu and discount valid now', async () => {
    env = repoEnv(new Date('2026-11-21T12:00:00Z'));
    const { activeMenu, activePhotos, currentDiscount } = await import('../../web/src/data/repos/restaurants.ts');
    await env.catalog.bulkDocs([
      {
        _id: 'restaurant:r1', type: 'restaurant', name: 'Roti Shop', location: 'Chaguanas', cuisine: 'Caribbean', price_range: '$', country: 'Trinidad', active: true,
        photos: [{ id: 'p2', image_url: 'b', order: 2, active: true }, { id: 'p1', image_url: 'a', order: 1, active: true }, { id: 'p0', image_url: 'c', order: 0, active: false }],
        menu_items: [{ id: 'm1', name: 'Roti', price: 8, active: true }, { id: 'm2', name: 'Old', price: 1, active: false }],
        discounts: [
          { id: 'd0', percentage: 50, description: 'expired', valid_until: '2026-11-20', active: true },
          { id: 'd1', percentage: 10, description: 'now', valid_from: '2026-11-01', valid_until: '2026-11-21', active: true },
        ],
      },
      { _id: 'restaurant:r2', type: 'restaurant', name: 'Crab Shack', location: 'Store Bay', cuisine: 'Seafood', price_range: '$$$', country: 'Tobago', active: true },
    ]);
    expect((await env.repos.restaurants.list({ country: 'Tobago' })).map((r) => r.id)).toEqual(['r2']);
    expect((await env.repos.restaurants.list({ cuisine: 'Caribbean', priceRange: '$' })).map((r) => r.id)).toEqual(['r1']);
    const r1 = (await env.repos.restaurants.byId('r1'))!;
    expect(activePhotos(r1).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(activeMenu(r1).map((m) => m.id)).toEqual(['m1']);
    expect(currentDiscount(r1, env.clock.now)?.id).toBe('d1');
  });

  it('featured: items in featured order, and the admin toggle takes the next order', async () => {
    env = repoEnv();
    env.signIn('admin1', true);
    await env.catalog.bulkDocs([
      { _id: 'restaurant:a', type: 'restaurant', name: 'A', location: 'x', active: true },
      { _id: 'restaurant:b', type: 'restaurant', name: 'B', location: 'x', active: true },
      { _id: 'featured:restaurant:b', type: 'featured', item_type: 'restaurant', item_id: 'b', order: 4, active: true },
    ]);
    expect(await env.repos.featured.toggle('restaurant', 'a')).toBe(true);
    expect((await env.catalog.get('featured:restaurant:a')) as unknown).toMatchObject({ order: 5 });
    expect((await env.repos.featured.items('restaurant')).map((r) => r.id)).toEqual(['b', 'a']);
    expect(await env.repos.featured.toggle('restaurant', 'b')).toBe(false);
    expect(await env.repos.featured.ids('restaurant')).toEqual(['a']);
  });
});
