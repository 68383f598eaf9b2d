// Catalog writes from the client: they go to the server (the catalog is pulled, never pushed)
// and come back through the pull; a pushed rating brings the refolded average back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { openClient, signUpClient, waitFor } from './data-harness.ts';
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
    expect((await c.data.restaurants.owned())?.id).toBe('own1');
    await c.data.restaurants.updateOwned('own1', {
      description: 'Best in Curepe',
      menu_items: [{ id: 'm1', name: 'Doubles', price: 1.5, active: true, description: null, category: null, image_url: null }],
      owner_id: 'someone-else',
      active: false,
    } as never);
    const r = (await c.data.restaurants.byId('own1'))!;
    expect(r).toMatchObject({ description: 'Best in Curepe', owner_id: userId, active: true });
    expect(r.menu_items.map((m) => m.name)).toEqual(['Doubles']);
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
