// The home rows' queries against the spec, one row at a time:
// category, featured flag, active flag, order and limit. Today is 21 November 2026 (repoEnv).
import { afterEach, describe, expect, it } from 'vitest';
import { repoEnv } from './data-test-env.ts';

type Env = ReturnType<typeof repoEnv>;
let env: Env;
afterEach(async () => env?.destroy());

function event(id: string, fields: Record<string, unknown>) {
  return { _id: `event:${id}`, type: 'event', title: id, location: 'Port of Spain', organizer_id: null, active: true, ...fields };
}

function featured(itemType: string, ids: readonly string[], opts: { inactive?: readonly string[] } = {}) {
  return ids.map((id, order) => ({
    _id: `featured:${itemType}:${id}`,
    type: 'featured',
    item_type: itemType,
    item_id: id,
    order,
    active: !opts.inactive?.includes(id),
  }));
}

const idsOf = (list: ReadonlyArray<{ id: string }>) => list.map((x) => x.id);

describe('Top Event Picks: category Party, active, featured, date ascending, three', () => {
  it('a featured Concert, Beach Party or Carnival does not appear; featured Parties do, by date then start time', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([
      event('party-late', { date: '2026-12-05', start_time: '22:00', category: 'Party' }),
      event('party-early', { date: '2026-12-05', start_time: '09:00', category: 'Party' }),
      event('party-first', { date: '2026-12-02', category: 'Party' }),
      event('party-later', { date: '2026-12-09', category: 'Party' }),
      event('concert', { date: '2026-12-01', category: 'Concert' }),
      event('beach', { date: '2026-12-01', category: 'Beach Party' }),
      event('carnival', { date: '2026-12-01', category: 'Carnival' }),
      event('no-category', { date: '2026-12-01', category: null }),
      ...featured('event', ['party-later', 'party-late', 'party-early', 'party-first', 'concert', 'beach', 'carnival', 'no-category']),
    ]);
    expect(idsOf(await env.repos.events.homePicks())).toEqual(['party-first', 'party-early', 'party-late']);
    expect(idsOf(await env.repos.events.homePicks(10))).toEqual(['party-first', 'party-early', 'party-late', 'party-later']);
  });

  it('an unfeatured, unfeatured-since, inactive or past Party does not appear', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([
      event('picked', { date: '2026-12-20', category: 'Party' }),
      event('plain', { date: '2026-12-01', category: 'Party' }),
      event('unfeatured-now', { date: '2026-12-02', category: 'Party' }),
      event('off', { date: '2026-12-03', category: 'Party', active: false }),
      event('over', { date: '2026-11-20', category: 'Party' }),
      ...featured('event', ['picked', 'unfeatured-now', 'off', 'over'], { inactive: ['unfeatured-now'] }),
    ]);
    expect(idsOf(await env.repos.events.homePicks())).toEqual(['picked']);
  });

  it('nothing featured, no picks', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([event('party', { date: '2027-01-03', category: 'Party' })]);
    expect(await env.repos.events.homePicks()).toEqual([]);
  });
});

describe('Top Destinations: category Festival, Carnival or Cruise, date ascending, three; featuring plays no part', () => {
  it('shows the first travel events by date whether featured or not, and nothing else', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([
      event('cruise', { date: '2027-03-01', category: 'Cruise' }),
      event('festival-pm', { date: '2027-02-01', start_time: '18:00', category: 'Festival' }),
      event('festival-am', { date: '2027-02-01', start_time: '08:00', category: 'Festival' }),
      event('carnival', { date: '2027-02-15', category: 'Carnival' }),
      event('carnival-later', { date: '2027-04-15', category: 'Carnival' }),
      event('party', { date: '2027-01-03', category: 'Party' }),
      event('concert', { date: '2027-01-04', category: 'Concert' }),
      // Only the last two are featured: that changes nothing.
      ...featured('event', ['carnival-later', 'party']),
    ]);
    expect(idsOf(await env.repos.events.homeDestinations())).toEqual(['festival-am', 'festival-pm', 'carnival']);
    expect(idsOf(await env.repos.events.homeDestinations(10))).toEqual(['festival-am', 'festival-pm', 'carnival', 'cruise', 'carnival-later']);
  });

  it('an inactive or past destination does not appear; one still running does', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([
      event('off', { date: '2026-12-01', category: 'Festival', active: false }),
      event('over', { date: '2026-11-01', end_date: '2026-11-03', category: 'Carnival' }),
      event('running', { date: '2026-11-19', end_date: '2026-11-22', category: 'Carnival' }),
      event('next', { date: '2026-12-10', category: 'Cruise' }),
    ]);
    expect(idsOf(await env.repos.events.homeDestinations())).toEqual(['running', 'next']);
  });
});

describe('Top Carnival Bands: featured, active, start_date ascending, three', () => {
  it('only featured active bands, by start date', async () => {
    env = repoEnv();
    const band = (id: string, start: string, active = true) => ({ _id: `band:${id}`, type: 'band', name: id, start_date: start, active });
    await env.catalog.bulkDocs([
      band('d', '2027-04-01'),
      band('a', '2027-01-01'),
      band('c', '2027-03-01'),
      band('b', '2027-02-01'),
      band('off', '2026-12-01', false),
      band('plain', '2026-12-02'),
      band('unfeatured-now', '2026-12-03'),
      ...featured('band', ['d', 'c', 'b', 'a', 'off', 'unfeatured-now'], { inactive: ['unfeatured-now'] }),
    ]);
    expect(idsOf(await env.repos.bands.homeFeatured())).toEqual(['a', 'b', 'c']);
    expect(idsOf(await env.repos.bands.homeFeatured(10))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('Fete Marqet Picks, Fete Eats, Fete Faces: featured items in their order, active, no limit', () => {
  it.each([
    ['marqet', 'product'],
    ['restaurant', 'restaurant'],
    ['face', 'provider'],
  ] as const)('%s: every active featured item in featured order, more than four too', async (itemType, docType) => {
    env = repoEnv();
    const order = ['f', 'e', 'd', 'c', 'b', 'a'];
    await env.catalog.bulkDocs([
      ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ _id: `${docType}:${id}`, type: docType, name: id, first_name: id, last_name: id, active: true })),
      { _id: `${docType}:off`, type: docType, name: 'off', first_name: 'off', last_name: 'off', active: false },
      ...featured(itemType, [...order, 'off', 'g'], { inactive: ['g'] }),
    ]);
    expect(idsOf(await env.repos.featured.items(itemType))).toEqual(order);
  });
});
