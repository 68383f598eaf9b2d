// One tab syncs: two data layers of one device (same local databases, same lock) and only
// the holder of the Web Lock talks to /db; when it closes, the other takes over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { openClient, waitFor } from './data-harness.ts';

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
  await ts.server.ctx.adminCall('PUT', '/catalog/event:lock1', {
    type: 'event', title: 'Panorama', location: 'Savannah', date: '2027-02-06', organizer_id: null, active: true,
  });
});
afterAll(async () => {
  await ts?.close();
});

describe('Web Locks', () => {
  it('only one tab syncs; the other reads the same data without touching /db', async () => {
    expect(globalThis.navigator?.locks).toBeDefined();
    const tab1 = openClient(ts.url, { prefix: 'locks-device' });
    const tab2 = openClient(ts.url, { prefix: 'locks-device' });
    await tab1.data.start();
    expect(await tab1.data.whenSyncOwner()).toBe(true);
    await tab2.data.start();
    await waitFor(async () => (await tab1.data.events.byId('lock1')) !== null, 'tab 1 pulls');

    // Tab 2 never touched /db, yet sees what tab 1 pulled: the local databases are shared.
    await new Promise((r) => setTimeout(r, 300));
    expect(tab1.data.isSyncOwner()).toBe(true);
    expect(tab2.data.isSyncOwner()).toBe(false);
    expect(tab2.net.requests.filter((r) => r.includes('/db/'))).toEqual([]);
    expect(tab2.data.status.getSnapshot().owner).toBe(false);
    expect(await tab2.data.events.byId('lock1')).not.toBeNull();
    await tab2.data.close();
    await tab1.data.close();
  });

  it('a waiting tab takes over sync when the owner lets go', async () => {
    // Another tab holds the sync lock (simulated by holding it directly).
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let acquired!: () => void;
    const holding = new Promise<void>((resolve) => (acquired = resolve));
    void navigator.locks.request('takeover-device-sync', () => {
      acquired();
      return held;
    });
    await holding;

    const tab = openClient(ts.url, { prefix: 'takeover-device' });
    await tab.data.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(tab.data.isSyncOwner()).toBe(false);
    expect(tab.net.requests.filter((r) => r.includes('/db/'))).toEqual([]);

    letGo();
    expect(await tab.data.whenSyncOwner()).toBe(true);
    await waitFor(async () => (await tab.data.events.byId('lock1')) !== null, 'the new owner to pull');
    await tab.data.close();
  });

  it('without Web Locks every tab runs sync itself', async () => {
    const tab = openClient(ts.url, { locks: null });
    await tab.data.start();
    expect(await tab.data.whenSyncOwner()).toBe(true);
    expect(tab.data.isSyncOwner()).toBe(true);
    await tab.data.close();
  });
});
