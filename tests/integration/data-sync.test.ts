// The data layer against the real server: pulls, live sync both ways, denied writes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { openClient, signUpClient, waitFor } from './data-harness.ts';
import { onEveryCopy } from './helpers/couch-namespace.ts';
import type { Client } from './data-harness.ts';

let ts: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.data.close();
});
afterAll(async () => {
  await ts?.close();
});

function client(opts: Parameters<typeof openClient>[1] = {}): Client {
  const c = openClient(ts.url, opts);
  clients.push(c);
  return c;
}

async function admin(method: string, path: string, body?: unknown) {
  const res = await ts.server.ctx.adminCall(method, path, body);
  if (res.status >= 300 && !(method === 'GET' && res.status === 404)) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

function event(id: string, date: string, category = 'Party') {
  return { _id: `event:${id}`, type: 'event', title: `Event ${id}`, location: 'Queen’s Park', date, start_time: '20:00', category, organizer_id: null, active: true };
}

describe('catalog', () => {
  it('a visitor pulls the catalog one-shot at start and when asked', async () => {
    await admin('POST', '/catalog/_bulk_docs', { docs: [event('c1', '2030-01-02'), event('c2', '2030-01-01'), event('fest', '2030-02-01', 'Carnival')] });
    const c = client();
    expect((await c.data.start()).status).toBe('anonymous');
    expect(await c.data.whenSyncOwner()).toBe(true);
    const list = await waitFor(async () => {
      const l = await c.data.events.list();
      return l.length >= 2 && l;
    }, 'the first pull');
    expect(list.map((e) => e.id).filter((id) => id.startsWith('c'))).toEqual(['c2', 'c1']);

    // On every copy of a cluster: the pull that syncNow starts may read from any of them.
    await admin('PUT', onEveryCopy('/catalog/event:c3'), event('c3', '2029-12-31'));
    await c.data.syncNow();
    expect((await c.data.events.list()).map((e) => e.id)[0]).toBe('c3');
    expect(c.data.status.getSnapshot()).toMatchObject({ state: 'synced', owner: true });
    // A one-shot pull holds no connection: nothing but catalog requests, and no longpoll.
    expect(c.net.requests.some((r) => r.includes('/db/members') || r.includes('feed=longpoll'))).toBe(false);
  });

  it('pulls again when the browser comes back online', async () => {
    const c = client();
    await c.data.start();
    await waitFor(() => c.data.status.getSnapshot().lastSyncedAt, 'the first pull');
    // On every copy of a cluster: the one pull that `online` starts may read from any of them.
    await admin('PUT', onEveryCopy('/catalog/event:online1'), event('online1', '2026-12-30'));
    c.window.dispatchEvent(new Event('offline'));
    expect(c.data.status.getSnapshot().state).toBe('offline');
    c.window.dispatchEvent(new Event('online'));
    await waitFor(async () => (await c.data.events.byId('online1')) !== null, 'the pull on online');
  });
});

describe('member databases', () => {
  it('userdb syncs live both ways: a server write appears, a local like reaches the server', async () => {
    const c = client();
    await c.data.start();
    const { userId } = await signUpClient(c);
    const udb = userDbName(userId);

    // A status change the server writes onto the member's submission: the bell lists it.
    await admin('PUT', `/${udb}/submission:s1`, {
      type: 'submission', id: 's1', formid: 'f1', userid: userId, data: {}, status: 'processed', createdat: new Date().toISOString(),
      form: { title: 'Island ride', formtype: 'ride', targetid: 'r1' },
    });
    await waitFor(async () => (await c.data.notifications.list()).length === 1, 'the submission to arrive');

    await c.data.likes.toggle('event', 'e42');
    expect(c.data.status.isPending('userdb', 'like:event:e42') || (await admin('GET', `/${udb}/like:event:e42`)).status === 200).toBe(true);
    await waitFor(async () => (await admin('GET', `/${udb}/like:event:e42`)).status === 200, 'the like on the server');
    await waitFor(() => c.data.status.getSnapshot().pending === 0, 'the outbox to empty');

    // Seen is kept in the settings doc, which follows the member to the server.
    await c.data.notifications.markAllSeen();
    await waitFor(
      async () => ((await admin('GET', `/${udb}/settings:main`)).body as { submissions_seen?: Record<string, string> }).submissions_seen?.s1 === 'processed',
      'seen on the server',
    );
  });

  it('members: the profile arrives by pull, attendance is pushed, and a cancel follows it', async () => {
    const c = client();
    await c.data.start();
    const { userId } = await signUpClient(c);
    const me = await waitFor(() => c.data.profiles.mine(), 'my profile');
    expect(me.first_name).toBe('Keisha');

    await c.data.attendance.toggle('band', 'b7');
    const id = `attendance:band:b7:${userId}`;
    await waitFor(async () => (await admin('GET', `/members/${encodeURIComponent(id)}`)).status === 200, 'attendance on the server');
    await c.data.attendance.toggle('band', 'b7');
    await waitFor(async () => (await admin('GET', `/members/${encodeURIComponent(id)}`)).status === 404, 'the cancel on the server');

    await c.data.profiles.updateMine({ locality: 'San Fernando' });
    await waitFor(async () => ((await admin('GET', `/members/profile:${userId}`)).body as { locality?: string }).locality === 'San Fernando', 'profile on the server');
    expect(c.data.status.getSnapshot().denied).toEqual([]);
  });

  it('what was made and removed offline reaches nobody, and is not shown as refused', async () => {
    const c = client();
    await c.data.start();
    const { userId } = await signUpClient(c);
    await waitFor(() => c.data.profiles.mine(), 'my profile');
    c.net.offline = true;
    c.window.dispatchEvent(new Event('offline'));
    await c.data.attendance.toggle('band', 'b9');
    await c.data.attendance.toggle('band', 'b9');
    const msg = await c.data.publicMessages.send('typo');
    await c.data.publicMessages.remove(msg);
    await waitFor(() => c.data.status.getSnapshot().pending >= 2, 'the tombstones wait');
    c.net.offline = false;
    c.window.dispatchEvent(new Event('online'));
    await waitFor(() => c.data.status.getSnapshot().pending === 0, 'nothing left to push');
    expect(c.data.status.getSnapshot().denied).toEqual([]);
    expect((await admin('GET', `/members/${encodeURIComponent(`attendance:band:b9:${userId}`)}`)).status).toBe(404);
    expect((await admin('GET', `/chat/${encodeURIComponent(msg)}`)).status).toBe(404);
  });

  it('chat is live both ways, and deletions follow', async () => {
    const a = client();
    const b = client();
    await a.data.start();
    await b.data.start();
    await signUpClient(a);
    await signUpClient(b);
    const id = await a.data.publicMessages.send('Who playing mas with Yuma?');
    await waitFor(async () => (await b.data.publicMessages.list()).some((m) => m._id === id), 'the message at b');
    await a.data.publicMessages.remove(id);
    await waitFor(async () => !(await b.data.publicMessages.list()).some((m) => m._id === id), 'the deletion at b');
  });

  it('a write the server denies shows in the status with its reason', async () => {
    const c = client();
    await c.data.start();
    const { userId } = await signUpClient(c);
    const userdb = c.data.databases().member!.userdb;
    // Receipts are the server's to write: a member's own attempt is refused by validate_doc_update.
    await userdb.put({
      _id: 'receipt:forged', type: 'receipt', user_id: userId, receipt_number: 'REC-12345', receipt_date: '2026-11-21', title: 'Free trip',
      amount: 0, balance_owed: 0, status: 'paid', created_at: new Date().toISOString(),
    });
    const denied = await waitFor(() => c.data.status.getSnapshot().denied.find((d) => d.id === 'receipt:forged'), 'the denial');
    expect(denied).toMatchObject({ db: 'userdb', reason: 'Only the server may write a receipt' });
    expect(c.data.status.deniedReason('userdb', 'receipt:forged')).toBe('Only the server may write a receipt');
    await c.data.dismissDenied('userdb', 'receipt:forged');
    expect(c.data.status.getSnapshot().denied).toEqual([]);
  });
});
