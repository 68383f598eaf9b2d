// Private messages others send a member (ADR 052), against a real server with the bounds scaled
// down: received copies have room of their own, so five senders, each within their rate to one
// receiver, fill that room but never the receiver's own; the receiver still likes, blocks,
// changes settings and deletes what they received, which frees room and leaves the sender's
// copy; a message past the bound is not delivered, and its sender's copy says why. And a message
// arrives unread, whatever its sender wrote. The workers run in the test process, so each step
// waits for them with idle().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { startWorkers, type Workers } from '../../sync-server/src/workers/index.ts';
import { UNDELIVERED_FULL } from '../../design-docs/src/constants.ts';

/** Received copies a userdb may hold, and the member's own documents (its design documents count). */
const MAX_RECEIVED = 100;
const MAX_OWN = 100;
const PER_SENDER = 20;

let ts: TestServer;
let workers: Workers;
let serial = 0;

type Doc = { _id: string; _rev?: string; [k: string]: unknown };

beforeAll(async () => {
  ts = await startTestServer({
    WORKERS: 'false',
    USERDB_MAX_DOCS: String(MAX_OWN),
    USERDB_MAX_RECEIVED: String(MAX_RECEIVED),
    DMS_PER_RECEIVER_PER_MINUTE: String(PER_SENDER + 10),
  });
  workers = await startWorkers(ts.server.ctx, { retryBaseMs: 50, retryMaxMs: 200 });
});
afterAll(async () => {
  await workers?.stop();
  await ts?.close();
});

async function member(name: string) {
  const id = `${Buffer.from(name).toString('hex')}${String(++serial).padStart(4, '0')}`.padEnd(32, '0').slice(0, 32);
  const db = await ts.createUserDb(id);
  return { id, db, token: await ts.token(id, ['member']) };
}
type Member = Awaited<ReturnType<typeof member>>;

async function call(method: string, path: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${ts.dbUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & Doc };
}

const docUrl = (db: string, id: string) => `/${db}/${encodeURIComponent(id)}`;

function message(from: Member, to: Member, extra: Partial<Doc> = {}): Doc {
  const created_at = new Date().toISOString();
  return { _id: `message:${created_at}:d${++serial}`, type: 'message', content: `hello ${serial}`, sender_id: from.id, receiver_id: to.id, is_public: false, read: false, created_at, ...extra };
}

/** Sends `n` messages in one batch, as a device's replication does; all must be accepted. */
async function send(from: Member, to: Member, n: number): Promise<Doc[]> {
  const docs = Array.from({ length: n }, () => message(from, to));
  const r = await call('POST', `/${from.db}/_bulk_docs`, from.token, { docs });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return docs;
}

/** The private messages in `m`'s userdb that others sent them. */
async function received(m: Member): Promise<Doc[]> {
  const q = `startkey=${encodeURIComponent('"message:"')}&endkey=${encodeURIComponent('"message:\ufff0"')}&include_docs=true`;
  const r = await call('GET', `/${m.db}/_all_docs?${q}`, m.token);
  return (r.body.rows as { doc: Doc }[]).map((row) => row.doc).filter((d) => d.receiver_id === m.id);
}

describe('received messages have a bound of their own', () => {
  it('five senders fill it; the receiver still likes, blocks, changes settings and deletes; the next sender is told', async () => {
    const victim = await member('victim');
    const senders = await Promise.all([1, 2, 3, 4, 5].map((i) => member(`sender${i}`)));
    for (const s of senders) await send(s, victim, PER_SENDER);
    await workers.idle();
    expect(await received(victim)).toHaveLength(MAX_RECEIVED);

    // The receiver's own writes: what others sent does not take their room.
    const now = new Date().toISOString();
    const like = await call('PUT', docUrl(victim.db, 'like:event:ev1'), victim.token, { _id: 'like:event:ev1', type: 'like', item_type: 'event', item_id: 'ev1', created_at: now });
    expect(like.status, JSON.stringify(like.body)).toBe(201);
    const blocked = senders[0] as Member;
    const block = await call('PUT', docUrl(victim.db, `block:${blocked.id}`), victim.token, { _id: `block:${blocked.id}`, type: 'block', user_id: blocked.id, created_at: now });
    expect(block.status, JSON.stringify(block.body)).toBe(201);
    const settings = await call('PUT', docUrl(victim.db, 'settings:main'), victim.token, { _id: 'settings:main', type: 'settings', receipts_checked_at: now });
    expect(settings.status, JSON.stringify(settings.body)).toBe(201);

    // A sixth sender, within every limit, is refused: nothing past the bound is delivered, and
    // the sender's own copy says why (their device shows it, with Retry and Delete).
    const sixth = await member('sender6');
    const refused = await send(sixth, victim, 3);
    await workers.idle();
    expect(await received(victim)).toHaveLength(MAX_RECEIVED);
    for (const d of refused) {
      expect((await call('GET', docUrl(victim.db, d._id), victim.token)).status).toBe(404);
      expect((await call('GET', docUrl(sixth.db, d._id), sixth.token)).body.undelivered).toBe(UNDELIVERED_FULL);
    }

    // The receiver deletes a message they received: allowed, and it frees room for one more.
    const [gone] = await received(victim);
    const del = await call('DELETE', `${docUrl(victim.db, (gone as Doc)._id)}?rev=${(gone as Doc)._rev}`, victim.token);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    await workers.idle();
    // It goes from the receiver's inbox alone: its sender keeps their copy.
    const from = senders.find((s) => s.id === (gone as Doc).sender_id) as Member;
    expect((await call('GET', docUrl(from.db, (gone as Doc)._id), from.token)).body).toMatchObject({ sender_id: from.id, receiver_id: victim.id });
    const [fits, past] = [await send(sixth, victim, 1), await send(sixth, victim, 1)];
    await workers.idle();
    expect((await call('GET', docUrl(victim.db, (fits[0] as Doc)._id), victim.token)).body).toMatchObject({ sender_id: sixth.id, read: false });
    expect((await call('GET', docUrl(victim.db, (past[0] as Doc)._id), victim.token)).status).toBe(404);
    expect((await call('GET', docUrl(sixth.db, (past[0] as Doc)._id), sixth.token)).body.undelivered).toBe(UNDELIVERED_FULL);
    expect(await received(victim)).toHaveLength(MAX_RECEIVED);
  });

  it('a sender who deletes their message frees its room in the receiver\'s bound', async () => {
    const receiver = await member('receiver');
    const fillers = await Promise.all([1, 2, 3, 4, 5].map((i) => member(`filler${i}`)));
    const a = fillers[0] as Member;
    const sent = [];
    for (const s of fillers) sent.push(...(await send(s, receiver, PER_SENDER)));
    const b = await member('late');
    await workers.idle();
    const late = await send(b, receiver, 1);
    await workers.idle();
    expect((await call('GET', docUrl(b.db, (late[0] as Doc)._id), b.token)).body.undelivered).toBe(UNDELIVERED_FULL);

    const first = (await call('GET', docUrl(a.db, (sent[0] as Doc)._id), a.token)).body;
    expect((await call('DELETE', `${docUrl(a.db, first._id)}?rev=${first._rev}`, a.token)).status).toBe(200);
    await workers.idle();
    expect(await received(receiver)).toHaveLength(MAX_RECEIVED - 1);
    const again = await send(b, receiver, 1);
    await workers.idle();
    expect((await call('GET', docUrl(receiver.db, (again[0] as Doc)._id), receiver.token)).status).toBe(200);
  });
});

describe('the count of received messages', () => {
  const counted = async (m: Member) => (await ts.server.ctx.adminCall('GET', `/accounts/${encodeURIComponent(`received:${m.id}`)}`)).body as Doc & { count: number; bytes: number; counted_at: string };

  /** Restarts the workers with one checkpoint gone, so fan-out replays that database from the start. */
  async function replay(db: string): Promise<void> {
    await workers.stop();
    const path = `/accounts/_local/${encodeURIComponent(`worker-fan-out:${db}`)}`;
    const cp = await ts.server.ctx.adminCall('GET', path);
    if (cp.status === 200) expect((await ts.server.ctx.adminCall('DELETE', `${path}?rev=${(cp.body as Doc)._rev}`)).status).toBe(200);
    workers = await startWorkers(ts.server.ctx, { retryBaseMs: 50, retryMaxMs: 200 });
    await workers.idle();
  }

  it('holds through a replay of the worker: a delivery or a deletion seen twice counts once', async () => {
    const to = await member('counted');
    const from = await member('counter');
    await send(from, to, 5);
    await workers.idle();
    const [first] = await received(to);
    expect((await call('DELETE', `${docUrl(to.db, (first as Doc)._id)}?rev=${(first as Doc)._rev}`, to.token)).status).toBe(200);
    await workers.idle();
    const before = await counted(to);
    expect(before.count).toBe(4);
    await replay(to.db);
    await replay(from.db);
    expect(await counted(to)).toMatchObject({ count: 4, bytes: before.bytes });
    expect(await received(to)).toHaveLength(4);
  });

  it('is taken again from the userdb when it says full and is a minute old', async () => {
    const to = await member('stale');
    const from = await member('staler');
    await send(from, to, 2);
    await workers.idle();
    // A count left too high (as by a crash between a reservation and its copies), counted long ago.
    const doc = await counted(to);
    const old = new Date(Date.now() - 120_000).toISOString();
    expect((await ts.server.ctx.adminCall('PUT', `/accounts/${encodeURIComponent(doc._id)}`, { ...doc, count: MAX_RECEIVED, counted_at: old })).status).toBe(201);
    const next = await send(from, to, 1);
    await workers.idle();
    expect((await call('GET', docUrl(to.db, (next[0] as Doc)._id), to.token)).status).toBe(200);
    expect((await counted(to)).count).toBe(3);
  });
});

describe('a private message arrives unread', () => {
  it('whatever its sender wrote on their own copy', async () => {
    const ana = await member('ana');
    const bob = await member('bob');
    const [sent] = [message(ana, bob, { read: true })];
    expect((await call('PUT', docUrl(ana.db, (sent as Doc)._id), ana.token, sent)).status).toBe(201);
    await workers.idle();
    const copy = await call('GET', docUrl(bob.db, (sent as Doc)._id), bob.token);
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ sender_id: ana.id, receiver_id: bob.id, read: false });
  });
});
