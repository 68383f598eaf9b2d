// Chat with no signal (ADR 025), against the real server and its fan-out worker: what
// a member sends offline is listed at once and waits, survives an app restart in order, and
// reaches the other member exactly once, in order, when the signal returns.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { browserNet, memoryStorage, openClient, signUpClient, waitFor } from './data-harness.ts';
import type { BrowserNet, Client } from './data-harness.ts';
import type { StorageLike } from '../../web/src/data/storage.ts';

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

/** One app run on a device: same databases (prefix), same cookie jar and storage across restarts. */
function run(device: { prefix?: string; net?: BrowserNet; storage?: StorageLike } = {}): Client {
  const c = openClient(ts.url, { ...device });
  clients.push(c);
  return c;
}

async function stop(c: Client) {
  clients.splice(clients.indexOf(c), 1);
  await c.data.close();
}

function goOffline(c: Client) {
  c.net.offline = true;
  c.window.dispatchEvent(new Event('offline'));
}

function goOnline(c: Client) {
  c.net.offline = false;
  c.window.dispatchEvent(new Event('online'));
}

async function serverDocs(db: string, prefix: string) {
  const q = new URLSearchParams({ include_docs: 'true', startkey: JSON.stringify(prefix), endkey: JSON.stringify(`${prefix}\ufff0`) });
  const res = await ts.server.ctx.adminCall('GET', `/${db}/_all_docs?${q}`);
  return (res.body as { rows: Array<{ id: string; doc: { content: string } }> }).rows;
}

describe('offline, exactly once', () => {
  it('three messages sent offline wait in order through a restart, then arrive once each, in order', async () => {
    const storage = memoryStorage();
    const net = browserNet();
    const a1 = run({ net, storage });
    const b = run();
    await a1.data.start();
    await b.data.start();
    const { userId: aId } = await signUpClient(a1);
    const { userId: bId } = await signUpClient(b);
    await a1.data.whenSyncOwner();
    await waitFor(() => a1.data.status.getSnapshot().lastSyncedAt, 'a first sync');

    goOffline(a1);
    const tag = `off-${Date.now()}`;
    const p1 = await a1.data.publicMessages.send(`${tag} one`);
    const d1 = await a1.data.privateMessages.send(bId, `${tag} two (to B)`);
    const p2 = await a1.data.publicMessages.send(`${tag} three`);
    // Shown at once, in order, each one waiting.
    expect((await a1.data.publicMessages.list()).filter((m) => m.content.startsWith(tag)).map((m) => m._id)).toEqual([p1, p2]);
    expect((await a1.data.privateMessages.conversation(bId)).map((m) => m._id)).toEqual([d1]);
    expect([a1.data.status.isPending('chat', p1), a1.data.status.isPending('userdb', d1), a1.data.status.isPending('chat', p2)]).toEqual([true, true, true]);
    expect(p1 < d1 && d1 < p2).toBe(true);

    // The app closes and opens again, still without signal: same device, same databases.
    await stop(a1);
    const a2 = run({ prefix: a1.prefix, net, storage });
    expect((await a2.data.start()).user?.id).toBe(aId);
    await waitFor(() => a2.data.status.getSnapshot().pending === 3, 'the outbox to load after the restart');
    expect((await a2.data.publicMessages.list()).filter((m) => m.content.startsWith(tag)).map((m) => m.content)).toEqual([`${tag} one`, `${tag} three`]);
    expect((await a2.data.privateMessages.conversation(bId)).map((m) => m.content)).toEqual([`${tag} two (to B)`]);
    expect([a2.data.status.isPending('chat', p1), a2.data.status.isPending('userdb', d1), a2.data.status.isPending('chat', p2)]).toEqual([true, true, true]);
    // Tried, perhaps (the device knows the server lacks them), but nothing reached the server.
    expect(net.answers.filter((r) => r.includes(' POST /db/') && r.endsWith('/_bulk_docs'))).toEqual([]);

    // Signal again: delivered, the outbox empties, and B has each one once, in order.
    goOnline(a2);
    await waitFor(() => a2.data.status.getSnapshot().pending === 0, 'the outbox to empty');
    const publicAtB = await waitFor(async () => {
      const l = (await b.data.publicMessages.list()).filter((m) => m.content.startsWith(tag));
      return l.length >= 2 && l;
    }, 'the public messages at B');
    expect(publicAtB.map((m) => m.content)).toEqual([`${tag} one`, `${tag} three`]);
    const privateAtB = await waitFor(async () => {
      const l = await b.data.privateMessages.conversation(aId);
      return l.length >= 1 && l;
    }, 'the private message at B (fan-out)');
    expect(privateAtB.map((m) => [m._id, m.content, m.sender_id])).toEqual([[d1, `${tag} two (to B)`, aId]]);

    // A restart once online sends nothing again, and the server holds one copy of each.
    await stop(a2);
    const a3 = run({ prefix: a1.prefix, net, storage });
    const before = net.requests.length;
    await a3.data.start();
    await a3.data.whenSyncOwner();
    await waitFor(() => a3.data.status.getSnapshot().lastSyncedAt, 'a sync after the second restart');
    await new Promise((r) => setTimeout(r, 500));
    expect(net.requests.slice(before).filter((r) => r.endsWith('/_bulk_docs'))).toEqual([]);
    expect(a3.data.status.getSnapshot().pending).toBe(0);
    expect((await serverDocs('chat', 'message:')).filter((r) => r.doc.content.startsWith(tag)).map((r) => r.id)).toEqual([p1, p2]);
    expect((await serverDocs(userDbName(bId), 'message:')).filter((r) => r.doc.content.startsWith(tag)).map((r) => r.id)).toEqual([d1]);
    // B's list, re-read after all that, still has each once.
    expect((await b.data.publicMessages.list()).filter((m) => m.content.startsWith(tag))).toHaveLength(2);
    expect(await b.data.privateMessages.conversation(aId)).toHaveLength(1);
  });

  it('a message the server refuses stays listed with the reason, and leaves the outbox', async () => {
    const a = run();
    await a.data.start();
    const { userId } = await signUpClient(a);
    await a.data.whenSyncOwner();
    // Past the repository's own check (which refuses before writing): the server's validator.
    const at = new Date().toISOString();
    const id = `message:${at}:toolong`;
    await a.data.databases().member!.chat.put({
      _id: id, type: 'message', content: 'x'.repeat(5001), sender_id: userId, receiver_id: null, is_public: true, read: false, created_at: at,
    });
    const reason = await waitFor(() => a.data.status.deniedReason('chat', id), 'the refusal');
    expect(reason).toMatch(/5000/);
    expect((await a.data.publicMessages.list()).map((m) => m._id)).toContain(id);
    expect(a.data.status.isPending('chat', id)).toBe(false);
    // The repository refuses the same text before it is ever stored or sent.
    await expect(a.data.publicMessages.send('x'.repeat(5001))).rejects.toThrow('Messages are at most 5000 characters');
  });
});

describe('the window and older messages', () => {
  it('older() pages back through the server copy, oldest first, and stores nothing', async () => {
    const a = run();
    await a.data.start();
    const { userId } = await signUpClient(a);
    const base = Date.parse('2020-01-01T00:00:00Z');
    const docs = Array.from({ length: 30 }, (_, i) => {
      const at = new Date(base + i * 60_000).toISOString();
      return { _id: `message:${at}:old${i}`, type: 'message', content: `old ${i}`, sender_id: userId, receiver_id: null, is_public: true, read: false, created_at: at };
    });
    await ts.server.ctx.adminCall('POST', '/chat/_bulk_docs', { docs });
    // A cluster lists a range from one copy, which may not have them all yet: wait until it does.
    await until(async () => (await a.data.publicMessages.older(docs[29]!._id, 100)).length === 29, 'the old messages listed');
    // Each read may go to another copy, which may still lag: each page is read until it is whole.
    const want = (from: number, to: number) => JSON.stringify(docs.slice(from, to).map((d) => d.content));
    let page: Awaited<ReturnType<typeof a.data.publicMessages.older>> = [];
    await until(async () => JSON.stringify((page = await a.data.publicMessages.older(docs[25]!._id, 10)).map((m) => m.content)) === want(15, 25), 'the page before the 25th');
    expect(page.map((m) => m.content)).toEqual(docs.slice(15, 25).map((d) => d.content));
    let next: typeof page = [];
    await until(async () => JSON.stringify((next = await a.data.publicMessages.older(page[0]!._id, 100)).map((m) => m.content)) === want(0, 15), 'the pages before that');
    expect(next.map((m) => m.content)).toEqual(docs.slice(0, 15).map((d) => d.content));
    // Six years old: outside the pull window, so none of it is on the device.
    await waitFor(() => a.data.status.getSnapshot().lastSyncedAt, 'a sync');
    expect((await a.data.databases().member!.chat.allDocs({ startkey: 'message:2020', endkey: 'message:2021' })).rows).toEqual([]);
  });
});
