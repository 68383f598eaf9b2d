// The two round trips a device answers itself (replication-shortcuts.ts), against the real
// server: a new message goes out without `_revs_diff` and comes in without `_bulk_get`; a later
// revision still fetches its history, so the reader's copy has no conflict; and a write the
// server already holds (an answer lost) is sent again and kept once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { MemoryPouch, openClient, signUpClient, waitFor } from './data-harness.ts';
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

async function started(): Promise<Client & { userId: string }> {
  const c = openClient(ts.url);
  clients.push(c);
  await c.data.start();
  const { userId } = await signUpClient(c);
  await c.data.whenSyncOwner();
  await waitFor(() => c.data.status.getSnapshot().lastSyncedAt, 'a first sync');
  return Object.assign(c, { userId });
}

/** The client's own device copy of its userdb (memory databases of one name are one store). */
function localUserDb(c: Client & { userId: string }) {
  return new MemoryPouch(`${c.prefix}-u-${c.userId}-userdb`, { adapter: 'memory' });
}

/** The requests a client made from `from` on, for database paths ending in `suffix`. */
function made(c: Client, from: number, suffix: string): string[] {
  return c.net.requests.slice(from).filter((r) => r.startsWith('POST /db/') && r.split('?')[0]!.endsWith(suffix));
}

describe('replication shortcuts', () => {
  it('a public message goes out without _revs_diff and comes in with its row: no _bulk_get, no info, no echo', async () => {
    const a = await started();
    const b = await started();
    // One message first, so both live replications are past their start-up reads.
    const first = await a.data.publicMessages.send('warming up');
    await waitFor(async () => (await b.data.publicMessages.list()).some((m) => m._id === first), 'the first message at B');
    await waitFor(() => a.data.status.getSnapshot().pending === 0, 'A to see the first confirmed');
    const aFrom = a.net.requests.length;
    const bFrom = b.net.requests.length;
    const id = await a.data.publicMessages.send('no detours');
    await waitFor(async () => (await b.data.publicMessages.list()).some((m) => m._id === id), 'the message at B');
    await waitFor(() => a.data.status.getSnapshot().pending === 0, 'A to see it confirmed');

    expect(made(a, aFrom, '/chat/_bulk_docs').length).toBeGreaterThan(0);
    expect(made(a, aFrom, '/chat/_revs_diff')).toEqual([]);
    expect(made(b, bFrom, '/chat/_bulk_get')).toEqual([]);
    // Nor does B's push ask about the message B just pulled, nor B's pull the database's info.
    await waitFor(() => b.data.status.getSnapshot().lastSyncedAt, 'B idle');
    expect(made(b, bFrom, '/chat/_revs_diff')).toEqual([]);
    expect(b.net.requests.slice(bFrom).filter((r) => /^GET \/db\/chat\/?(\?|$)/.test(r))).toEqual([]);
    const atB = (await b.data.publicMessages.list()).find((m) => m._id === id);
    expect(atB?.content).toBe('no detours');
  });

  it('a later revision is fetched with its history: the reader has one leaf, no conflict', async () => {
    const a = await started();
    const b = await started();
    const id = await a.data.privateMessages.send(b.userId, 'read me');
    await waitFor(async () => (await b.data.privateMessages.conversation(a.userId)).some((m) => m._id === id), 'the message at B');
    // B reads it: the server's fan-out marks A's copy read, a second revision A pulls.
    const bFrom = a.net.requests.length;
    await b.data.privateMessages.markRead(a.userId);
    const seen = await waitFor(async () => {
      const m = (await a.data.privateMessages.conversation(b.userId)).find((x) => x._id === id);
      return m?.read === true && m;
    }, "A to learn B read it");
    expect(seen.read).toBe(true);
    expect(made(a, bFrom, '/_bulk_get').length).toBeGreaterThan(0);
    const local = (await localUserDb(a).get(id, { conflicts: true, revs: true })) as unknown as { _rev: string; _conflicts?: string[]; _revisions: { ids: string[] } };
    expect(local._rev.startsWith('2-')).toBe(true);
    expect(local._conflicts ?? []).toEqual([]);
    expect(local._revisions.ids).toHaveLength(2);
  });

  it('a write the server already holds is sent again and kept once', async () => {
    const a = await started();
    const b = await started();
    const tag = `again-${Date.now()}`;
    // The server takes the write but the device never hears so: offline right after the put.
    a.net.offline = true;
    a.window.dispatchEvent(new Event('offline'));
    const id = await a.data.privateMessages.send(b.userId, tag);
    const doc = await localUserDb(a).get(id, { revs: true });
    const put = await ts.server.ctx.adminCall('POST', `/${userDbName(a.userId)}/_bulk_docs`, { docs: [doc], new_edits: false });
    expect(put.status).toBe(201);
    expect(a.data.status.isPending('userdb', id)).toBe(true);

    a.net.offline = false;
    a.window.dispatchEvent(new Event('online'));
    await waitFor(() => !a.data.status.isPending('userdb', id), 'the outbox to confirm it');
    const server = await ts.server.ctx.adminCall('GET', `/${userDbName(a.userId)}/${encodeURIComponent(id)}?revs_info=true&conflicts=true`);
    const body = server.body as { _rev: string; content: string; _conflicts?: string[] };
    expect([body._rev, body.content, body._conflicts ?? []]).toEqual([doc._rev, tag, []]);
  });
});
