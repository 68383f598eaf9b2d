// The home rows' queries: featured and active only, in the spec's order, three of each.
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

describe('home event rows', () => {
  it('top event picks: featured active events outside Festival, Carnival and Cruise, by date then start time, three', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([
      event('party-late', { date: '2026-12-05', start_time: '22:00', category: 'Party' }),
      event('party-early', { date: '2026-12-05', start_time: '09:00', category: 'Party' }),
      event('concert', { date: '2026-12-01', category: 'Concert' }),
      event('beach', { date: '2026-12-03', category: 'Beach Party' }),
      event('later', { date: '2026-12-09', category: 'Party' }),
      event('carnival', { date: '2026-11-01', category: 'Carnival' }),
      event('off', { date: '2026-11-02', category: 'Party', active: false }),
      event('unfeatured', { date: '2026-11-03', category: 'Party' }),
      event('unfeatured-now', { date: '2026-11-04', category: 'Party' }),
      ...featured('event', ['later', 'party-late', 'party-early', 'concert', 'beach', 'carnival', 'off', 'unfeatured-now'], { inactive: ['unfeatured-now'] }),
    ]);
    expect((await env.repos.events.homePicks()).map((e) => e.id)).toEqual(['concert', 'beach', 'party-early']);
    expect((await env.repos.events.homePicks(10)).map((e) => e.id)).toEqual(['concert', 'beach', 'party-early', 'party-late', 'later']);
  });

  it('top destinations: featured active festivals, carnivals and cruises only, by date then start time, three', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([
      event('cruise', { date: '2027-03-01', category: 'Cruise' }),
      event('festival-pm', { date: '2027-02-01', start_time: '18:00', category: 'Festival' }),
      event('festival-am', { date: '2027-02-01', start_time: '08:00', category: 'Festival' }),
      event('carnival', { date: '2027-02-15', category: 'Carnival' }),
      event('carnival-later', { date: '2027-04-15', category: 'Carnival' }),
      event('not-featured', { date: '2027-01-01', category: 'Carnival' }),
      event('off', { date: '2027-01-02', category: 'Festival', active: false }),
      event('party', { date: '2027-01-03', category: 'Party' }),
      ...featured('event', ['cruise', 'festival-pm', 'festival-am', 'carnival', 'carnival-later', 'off', 'party']),
    ]);
    expect((await env.repos.events.homeDestinations()).map((e) => e.id)).toEqual(['festival-am', 'festival-pm', 'carnival']);
    expect((await env.repos.events.homeDestinations(10)).map((e) => e.id)).toEqual(['festival-am', 'festival-pm', 'carnival', 'cruise', 'carnival-later']);
  });

  it('no featured events, no rows', async () => {
    env = repoEnv();
    await env.catalog.bulkDocs([event('party', { date: '2027-01-03', category: 'Party' }), event('carnival', { date: '2027-01-04', category: 'Carnival' })]);
    expect(await env.repos.events.homePicks()).toEqual([]);
    expect(await env.repos.events.homeDestinations()).toEqual([]);
  });
});

describe('home bands row', () => {
  it('featured active bands by start date, three', async () => {
    env = repoEnv();
    const band = (id: string, start: string, active = true) => ({ _id: `band:${id}`, type: 'band', name: id, start_date: start, active });
    await env.catalog.bulkDocs([
      band('d', '2027-04-01'),
      band('a', '2027-01-01'),
      band('c', '2027-03-01'),
      band('b', '2027-02-01'),
      band('off', '2026-12-01', false),
      band('plain', '2026-12-02'),
      ...featured('band', ['d', 'c', 'b', 'a', 'off']),
    ]);
    expect((await env.repos.bands.homeFeatured()).map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });
});
