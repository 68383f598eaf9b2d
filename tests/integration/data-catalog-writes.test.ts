// Catalog writes from the client: they go to the server (the catalog is pulled, never pushed)
// and come back through the pull; a pushed rating brings the refolded average back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { browserNet, memoryStorage, openClient, signUpClient, waitFor } from './data-harness.ts';
import type { Client } from './data-harness.ts';

let ts: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  ts = await startTestServer();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.data.close();
});
afterAll(async () => {
  await ts?.close();
});

async function signedIn(): Promise<{ c: Client; userId: string }> {
  const c = openClient(ts.url);
  clients.push(c);
  await c.data.start();
  const { userId } = await signUpClient(c);
  return { c, userId };
}

describe('catalog writes', () => {
  it('a member creates an event; it is on the server and in the local list', async () => {
    const { c, userId } = await signedIn();
    const id = await c.data.events.create({
      title: 'Soca Brunch', category: 'Party', date: '2030-02-07', start_time: '11:00', end_time: '15:00', country: 'Trinidad',
      state: 'Port of Spain', location: 'Chaguaramas', description: 'Brunch and soca',
    });
    const local = await c.data.events.byId(id);
    expect(local).toMatchObject({ organizer_id: userId, active: true, title: 'Soca Brunch' });
    expect((await c.data.events.list()).some((e) => e.id === id)).toBe(true);
    expect((await ts.server.ctx.adminCall('GET', `/catalog/event:${id}`)).status).toBe(200);
  });

  it('a restaurant owner updates their restaurant, but not its owner or active flag', async () => {
    const { c, userId } = await signedIn();
    await ts.server.ctx.adminCall('PUT', '/catalog/restaurant:own1', {
      type: 'restaurant', name: 'Doubles Stand', location: 'Curepe', owner_id: userId, active: true, menu_items: [], photos: [], discounts: [],
    });
    await c.data.syncNow();
    expect((await c.data.restaurants.owned()).map((r) => r.id)).toEqual(['own1']);
    expect(await c.data.restaurants.owner.edit('own1', { kind: 'fields', patch: { description: 'Best in Curepe', owner_id: 'someone-else', active: false } as never })).toBe('published');
    const menuItem = { id: 'm1', name: 'Doubles', price: 1.5, active: true, description: null, category: null, image_url: null };
    expect(await c.data.restaurants.owner.edit('own1', { kind: 'list', key: 'menu_items', change: { kind: 'add', item: menuItem } })).toBe('published');
    const r = (await c.data.restaurants.byId('own1'))!;
    expect(r).toMatchObject({ description: 'Best in Curepe', owner_id: userId, active: true, updated_by: userId });
    expect(r.menu_items.map((m) => m.name)).toEqual(['Doubles']);
  });

  it('an owner’s edits made offline wait on the device across a restart, then land exactly once', async () => {
    const net = browserNet();
    const storage = memoryStorage();
    const first = openClient(ts.url, { net, storage });
    await first.data.start();
    const { userId } = await signUpClient(first);
    await ts.server.ctx.adminCall('PUT', '/catalog/restaurant:own2', {
      type: 'restaurant', name: 'Roti Hut', location: 'Arima', owner_id: userId, active: true, menu_items: [], photos: [], discounts: [],
    });
    await first.data.syncNow();

    net.offline = true;
    const owner = first.data.restaurants.owner;
    expect(await owner.edit('own2', { kind: 'fields', patch: { description: 'Written with no signal' } })).toBe('waiting');
    const item = { id: 'm2', name: 'Buss up shut', price: 6, active: true, description: null, category: null, image_url: null };
    expect(await owner.edit('own2', { kind: 'list', key: 'menu_items', change: { kind: 'add', item } })).toBe('waiting');
    expect(owner.count()).toBe(2);
    await first.data.close();

    // The app starts again on the same device with the signal back: the edits are published.
    net.offline = false;
    const second = openClient(ts.url, { net, storage, prefix: first.prefix });
    clients.push(second);
    await second.data.start();
    const stored = async () => (await ts.server.ctx.adminCall('GET', '/catalog/restaurant:own2')).body as { description?: string; menu_items: { id: string }[]; _rev: string };
    await waitFor(async () => (await stored()).description === 'Written with no signal', 'the waiting edits on the server');
    expect((await stored()).menu_items.map((m) => m.id)).toEqual(['m2']);
    await waitFor(() => second.data.restaurants.owner.count() === 0, 'the waiting edits forgotten');

    // A publish cut off after the server took it runs again: nothing lands twice.
    const key = `${first.prefix}-u-${userId}-owner-edits`;
    const again = { own2: { ops: [{ op: 'x1', at: new Date().toISOString(), kind: 'list', key: 'menu_items', change: { kind: 'add', item } }] } };
    storage.setItem(key, JSON.stringify(again));
    second.data.restaurants.owner.refresh();
    expect(second.data.restaurants.owner.count()).toBe(1);
    expect(await second.data.restaurants.owner.publish('own2')).toBe('published');
    expect((await stored()).menu_items.map((m) => m.id)).toEqual(['m2']);
  });

  it('a rating is pushed, folded by the server, and the new average is pulled back', async () => {
    const { c } = await signedIn();
    await ts.server.ctx.adminCall('PUT', '/catalog/provider:pr1', {
      type: 'provider', first_name: 'Mia', last_name: 'Glam', services: ['Makeup'], rating: 0, total_ratings: 0, active: true, testimonials: [],
    });
    await c.data.syncNow();
    await c.data.ratings.set('provider', 'pr1', 4);
    const p = await waitFor(async () => {
      const doc = await c.data.providers.byId('pr1');
      return doc?.total_ratings === 1 && doc;
    }, 'the refolded rating', 20_000);
    expect(p.rating).toBe(4);
  });
});
