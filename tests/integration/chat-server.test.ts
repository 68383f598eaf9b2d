// The server side of Fete Chat (ADR 024) against a real server: read state back to the sender,
// blocks, reports copied to the admins' `reports`, the Public Chat posting rate (N + 1 posts),
// and the admins' chat-delete and chat-clear. The server runs without its own workers so each
// test can wait for them with idle() and restart them.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';
import { onCouchDB, onEveryCopy } from './helpers/couch-namespace.ts';
import { startWorkers } from '../../sync-server/src/workers/index.ts';
import type { Workers } from '../../sync-server/src/workers/index.ts';
import { UNDELIVERED_GONE, chatRateReason } from '../../design-docs/src/constants.ts';

const LIMIT = 5;
let ts: TestServer;
let workers: Workers | null = null;
let adminToken: string;
let serial = 0;

interface Doc {
  _id: string;
  _rev?: string;
  [k: string]: unknown;
}

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false', CHAT_POSTS_PER_MINUTE: String(LIMIT) });
  adminToken = await ts.token('c4a0000000000000000000000000000a', ['member', 'admin']);
});
afterAll(async () => {
  await workers?.stop();
  await ts?.close();
});
beforeEach(async () => {
  workers = await startWorkers(ts.server.ctx, { retryBaseMs: 50, retryMaxMs: 200 });
});
afterEach(async () => {
  await workers?.stop();
  workers = null;
});

async function member(name: string) {
  const id = `${Buffer.from(name).toString('hex')}${String(++serial).padStart(4, '0')}`.padEnd(32, '0').slice(0, 32);
  const db = await ts.createUserDb(id);
  return { id, db, token: await ts.token(id, ['member']) };
}

async function call(method: string, path: string, token: string | null, body?: unknown, base = ts.dbUrl) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & Doc };
}

const server = {
  get: async (db: string, id: string) => {
    const r = await ts.server.ctx.adminCall('GET', `/${db}/${encodeURIComponent(id)}`);
    return r.status === 200 ? (r.body as Doc) : null;
  },
  put: async (db: string, doc: Doc) => {
    const r = await ts.server.ctx.adminCall('PUT', `/${db}/${encodeURIComponent(doc._id)}`, doc);
    expect(r.status).toBe(201);
    return { ...doc, _rev: (r.body as { rev: string }).rev };
  },
  ids: async (db: string, prefix: string) => {
    const q = `startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(prefix + '\ufff0'))}`;
    const r = await ts.server.ctx.adminCall('GET', `/${db}/_all_docs?${q}`);
    return (r.body as { rows: { id: string }[] }).rows.map((row) => row.id);
  },
};

/** Restarts the workers with one checkpoint gone, so that worker replays `db` from the start. */
async function replayFromScratch(worker: string, db: string): Promise<void> {
  await workers?.stop();
  const path = `/accounts/_local/${encodeURIComponent(`worker-${worker}:${db}`)}`;
  const cp = await ts.server.ctx.adminCall('GET', path);
  // On Apache CouchDB a database's late `created` event may already have reset it.
  expect([200, 404]).toContain(cp.status);
  if (cp.status === 200) {
    const rev = (cp.body as Doc)._rev as string;
    expect((await ts.server.ctx.adminCall('DELETE', `${path}?rev=${encodeURIComponent(rev)}`)).status).toBe(200);
  }
  workers = await startWorkers(ts.server.ctx, { retryBaseMs: 50 });
  await workers.idle();
}

async function put(db: string, doc: Doc, token: string): Promise<Doc> {
  const r = await call('PUT', `/${db}/${encodeURIComponent(doc._id)}`, token, doc);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { ...doc, _rev: r.body.rev as string };
}

function message(from: string, to: string | null, text = 'Meet at the Savannah?'): Doc {
  const at = new Date(Date.now() + ++serial).toISOString();
  return { _id: `message:${at}:r${serial}`, type: 'message', content: text, sender_id: from, receiver_id: to, is_public: to === null, read: false, created_at: at };
}

describe('read state back to the sender', () => {
  it('marks the sender\'s copy read when the receiver reads it, once, and again after a restart', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const sent = await put(ana.db, message(ana.id, ben.id), ana.token);
    await workers?.idle();
    const copy = (await server.get(ben.db, sent._id)) as Doc;
    expect(copy.read).toBe(false);

    await put(ben.db, { ...copy, read: true }, ben.token);
    await workers?.idle();
    const mine = (await server.get(ana.db, sent._id)) as Doc;
    expect(mine.read).toBe(true);

    // Replaying from scratch writes nothing more: the sender's copy keeps its revision.
    await replayFromScratch('fan-out', ben.db);
    expect((await server.get(ana.db, sent._id))?._rev).toBe(mine._rev);
  });

  it('a deletion pushed from a device that had not seen the read mark still deletes the message on both sides', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const sent = await put(ana.db, message(ana.id, ben.id), ana.token);
    await workers?.idle();
    const copy = (await server.get(ben.db, sent._id)) as Doc;
    await put(ben.db, { ...copy, read: true }, ben.token);
    await workers?.idle();
    expect((await server.get(ana.db, sent._id))?.read).toBe(true);

    // Ana's device, offline meanwhile, removes revision 1 and replicates the tombstone.
    const [pos, hash] = String(sent._rev).split('-') as [string, string];
    const tomb = { _id: sent._id, _rev: `${Number(pos) + 1}-${'d'.repeat(32)}`, _deleted: true, _revisions: { start: Number(pos) + 1, ids: ['d'.repeat(32), hash] } };
    const pushed = await call('POST', `/${ana.db}/_bulk_docs`, ana.token, { docs: [tomb], new_edits: false });
    expect(pushed.status).toBe(201);
    await workers?.idle();
    expect(await server.get(ana.db, sent._id)).toBeNull();
    expect(await server.get(ben.db, sent._id)).toBeNull();
  });

  it('does not touch a copy someone else sent under the same id', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const cy = await member('cy');
    // Ben holds a message "from Cy" whose id Ana also uses for a message to Cy: reading it must
    // not mark Ana's message read.
    const shared = message(ana.id, cy.id);
    await put(ana.db, shared, ana.token);
    await workers?.idle();
    await server.put(ben.db, { ...shared, sender_id: cy.id, receiver_id: ben.id, read: true });
    await workers?.idle();
    expect((await server.get(ana.db, shared._id))?.read).toBe(false);
  });
});

describe('blocks', () => {
  it('stops delivery from a blocked sender; after unblocking, new messages arrive and old ones stay undelivered', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const block = await put(ben.db, { _id: `block:${ana.id}`, type: 'block', user_id: ana.id, created_at: new Date().toISOString() }, ben.token);
    const blocked = await put(ana.db, message(ana.id, ben.id, 'while blocked'), ana.token);
    await workers?.idle();
    expect(await server.get(ben.db, blocked._id)).toBeNull();
    // The sender keeps their copy.
    expect(await server.get(ana.db, blocked._id)).not.toBeNull();

    expect((await call('DELETE', `/${ben.db}/${encodeURIComponent(block._id)}?rev=${block._rev}`, ben.token)).status).toBe(200);
    const after = await put(ana.db, message(ana.id, ben.id, 'after unblock'), ana.token);
    await workers?.idle();
    expect(await server.get(ben.db, after._id)).not.toBeNull();
    expect(await server.get(ben.db, blocked._id)).toBeNull();
  });

  it('a message to a member whose account is gone is marked undelivered on the sender\'s copy, once; the sender can still delete it', async () => {
    const ana = await member('ana');
    const goneId = 'deadbeef'.repeat(4); // no userdb: the account was deleted
    const sent = await put(ana.db, message(ana.id, goneId, 'are you still there?'), ana.token);
    await workers?.idle();
    const marked = await server.get(ana.db, sent._id);
    expect(marked?.undelivered).toBe(UNDELIVERED_GONE);
    // The mark is a change of its own: judged again, it is not marked a second time.
    await replayFromScratch('fan-out', ana.db);
    expect((await server.get(ana.db, sent._id))?._rev).toBe(marked?._rev);
    // A deletion pushed on the revision the device had still wins.
    const [pos, hash] = String(sent._rev).split('-') as [string, string];
    const tomb = { _id: sent._id, _rev: `${Number(pos) + 1}-${'e'.repeat(32)}`, _deleted: true, _revisions: { start: Number(pos) + 1, ids: ['e'.repeat(32), hash] } };
    const r = await call('POST', `/${ana.db}/_bulk_docs`, ana.token, { docs: [tomb], new_edits: false });
    expect(r.status).toBe(201);
    await workers?.idle();
    expect(await server.get(ana.db, sent._id)).toBeNull();
  });

  it('blocks one sender only', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const cy = await member('cy');
    await put(ben.db, { _id: `block:${ana.id}`, type: 'block', user_id: ana.id, created_at: new Date().toISOString() }, ben.token);
    const fromCy = await put(cy.db, message(cy.id, ben.id), cy.token);
    await workers?.idle();
    expect(await server.get(ben.db, fromCy._id)).not.toBeNull();
  });
});

describe('reports', () => {
  function reportOf(reporter: string, reported: Doc, extra: Record<string, unknown> = {}): Doc {
    const id = `rp${++serial}`;
    return {
      _id: `report:${id}`, type: 'report', id, reporter_id: reporter, message_id: reported._id, message_sender_id: reported.sender_id,
      message_content: reported.content, message_is_public: reported.is_public, reason: 'Spam', details: null, created_at: new Date().toISOString(), ...extra,
    };
  }

  it('copies a member\'s report to reports, once; only admins read it there', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const reported = await put('chat', message(ben.id, null, 'Buy followers at spam.example'), ben.token);
    const report = reportOf(ana.id, reported);
    await put(ana.db, report, ana.token);
    await workers?.idle();
    const copy = await server.get('reports', report._id);
    expect(copy).toMatchObject({ reporter_id: ana.id, message_id: reported._id, reason: 'Spam' });

    expect((await call('GET', `/reports/${encodeURIComponent(report._id)}`, adminToken)).status).toBe(200);
    expect((await call('GET', `/reports/${encodeURIComponent(report._id)}`, ana.token)).status).toBe(403);
    expect((await call('GET', `/reports/_all_docs`, ben.token)).status).toBe(403);
    expect((await call('GET', `/reports/_all_docs`, null)).status).toBe(401);

    // An admin resolves it; a replay does not bring it back.
    expect((await call('DELETE', `/reports/${encodeURIComponent(report._id)}?rev=${copy?._rev}`, adminToken)).status).toBe(200);
    await replayFromScratch('fan-in', ana.db);
    expect(await server.get('reports', report._id)).toBeNull();
  });

  // ADR 035: what admins read comes from the message, not from the report.
  it('takes the message\'s real words and sender; a message the reporter never received is not passed on', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const cy = await member('cy');
    const real = await put('chat', message(ben.id, null, 'See you at the fete'), ben.token);
    const forged = reportOf(ana.id, real, { message_content: 'I sell fake tickets', message_sender_id: cy.id });
    await put(ana.db, forged, ana.token);
    // A private message from Ben, delivered to Ana by fan-out.
    const dm = await put(ben.db, message(ben.id, ana.id, 'Call me later'), ben.token);
    await workers?.idle();
    expect(await server.get(ana.db, dm._id)).not.toBeNull();
    const ofDm = reportOf(ana.id, dm, { message_content: 'Threats', message_is_public: true });
    await put(ana.db, ofDm, ana.token);
    // Made up: no such message; and Ben's private message to Cy, which Ana never received.
    const ghost = reportOf(ana.id, message(cy.id, null, 'never posted'));
    const notHers = await put(ben.db, message(ben.id, cy.id, 'For Cy only'), ben.token);
    const stolen = reportOf(ana.id, notHers);
    await put(ana.db, ghost, ana.token);
    await put(ana.db, stolen, ana.token);
    await workers?.idle();

    expect(await server.get('reports', forged._id)).toMatchObject({ message_content: 'See you at the fete', message_sender_id: ben.id, message_is_public: true });
    expect(await server.get('reports', ofDm._id)).toMatchObject({ message_content: 'Call me later', message_sender_id: ben.id, message_is_public: false });
    expect(await server.get('reports', ghost._id)).toBeNull();
    expect(await server.get('reports', stolen._id)).toBeNull();

    // A public message deleted after it was reported is still read from its last words.
    const gone = await put('chat', message(cy.id, null, 'Deleted soon'), cy.token);
    expect((await call('DELETE', `/chat/${encodeURIComponent(gone._id)}?rev=${gone._rev}`, cy.token)).status).toBe(200);
    const late = reportOf(ana.id, gone, { message_content: 'something else' });
    await put(ana.db, late, ana.token);
    await workers?.idle();
    expect(await server.get('reports', late._id)).toMatchObject({ message_content: 'Deleted soon', message_sender_id: cy.id });
  });
});

describe('Public Chat posting rate', () => {
  it(`accepts ${LIMIT} posts a minute, refuses the next with 429 and its reason, and writes nothing past it`, async () => {
    const ana = await member('ana');
    const posts = Array.from({ length: LIMIT + 1 }, (_, i) => message(ana.id, null, `post ${i}`));
    for (const p of posts.slice(0, LIMIT)) await put('chat', p, ana.token);
    const last = posts[LIMIT] as Doc;
    const r = await call('PUT', `/chat/${encodeURIComponent(last._id)}`, ana.token, last);
    expect(r.status).toBe(429);
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(r.body.reason).toBe(chatRateReason(LIMIT, retry));
    expect(r.body.reason).toMatch(/^You're posting too fast: at most 5 messages a minute in Public Chat\. Try again in \d+ s\.$/);
    expect(await server.get('chat', last._id)).toBeNull();

    // Deleting one's own message is not a post.
    const first = posts[0] as Doc;
    const stored = await server.get('chat', first._id);
    expect((await call('DELETE', `/chat/${encodeURIComponent(first._id)}?rev=${stored?._rev}`, ana.token)).status).toBe(200);
  });

  it('cuts a replication batch: the posts that fit are written in order, the rest refused per document', async () => {
    const ben = await member('ben');
    await put('chat', message(ben.id, null, 'warm-up'), ben.token);
    const batch = Array.from({ length: LIMIT + 2 }, (_, i) => ({ ...message(ben.id, null, `queued ${i}`), _rev: `1-${String(i).padStart(32, 'a')}` }));
    const r = await call('POST', '/chat/_bulk_docs', ben.token, { docs: batch, new_edits: false });
    expect(r.status).toBe(201);
    const refused = (r.body as unknown as { id: string; error?: string; reason?: string }[]).filter((x) => x.error === 'too_many_requests');
    expect(refused.map((x) => x.id)).toEqual(batch.slice(LIMIT - 1).map((d) => d._id));
    expect(refused[0]?.reason).toMatch(/at most 5 messages a minute/);
    // A cluster lists from one copy, which may answer before it holds the last write of the batch.
    const fit = batch.slice(0, LIMIT - 1).map((d) => d._id);
    let stored: string[] = [];
    await until(async () => {
      stored = await server.ids('chat', 'message:');
      return fit.every((id) => stored.includes(id));
    }, 'the posts that fit listed');
    for (const d of batch.slice(LIMIT - 1)) expect(stored).not.toContain(d._id);
  });

  it('does not count admins', async () => {
    const admin = 'c4a0000000000000000000000000000a';
    for (let i = 0; i < LIMIT + 2; i++) await put('chat', message(admin, null, `announcement ${i}`), adminToken);
  });
});

describe('admin chat paths', () => {
  const fn = (path: string, token: string | null, body?: unknown) => call('POST', `/api/functions/${path}`, token, body ?? {}, ts.url);

  it('chat-delete removes anyone\'s public message for an admin only; 404 for an unknown one', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const m = await put('chat', message(ana.id, null, 'delete me'), ana.token);
    expect((await fn('chat-delete', null, { messageId: m._id })).status).toBe(401);
    expect((await fn('chat-delete', ben.token, { messageId: m._id })).status).toBe(403);
    expect((await fn('chat-delete', ana.token, { messageId: m._id })).status).toBe(403);
    expect(await server.get('chat', m._id)).not.toBeNull();
    const ok = await fn('chat-delete', adminToken, { messageId: m._id });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, deleted: 1 });
    expect(await server.get('chat', m._id)).toBeNull();
    expect((await fn('chat-delete', adminToken, { messageId: m._id })).status).toBe(404);
    expect((await fn('chat-delete', adminToken, {})).status).toBe(400);
  });

  it('chat-clear deletes every public message, in batches, for an admin only', async () => {
    const ana = await member('ana');
    // More than one batch of the server's clear (500).
    const docs = Array.from({ length: 620 }, (_, i) => message(ana.id, null, `bulk ${i}`));
    const r = await ts.server.ctx.adminCall('POST', onEveryCopy('/chat/_bulk_docs'), { docs });
    // 202: on a loaded cluster some copy answered late; the messages are written.
    expect([201, 202]).toContain(r.status);
    expect((await fn('chat-clear', null)).status).toBe(401);
    expect((await fn('chat-clear', ana.token)).status).toBe(403);
    await until(async () => (await server.ids('chat', 'message:')).length >= 620, 'the 620 messages listed');
    const ok = await fn('chat-clear', adminToken);
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    // One node clears everything at once. A cluster lists a range from one copy, which may not yet
    // have every message or every deletion: the admin presses again, as they would, until none is left.
    let deleted = ok.body.deleted as number;
    await until(async () => {
      if ((await server.ids('chat', 'message:')).length === 0) return true;
      deleted += (await fn('chat-clear', adminToken)).body.deleted as number;
      return false;
    }, 'the cleared chat listed empty');
    expect(deleted).toBeGreaterThanOrEqual(620);
    if (!onCouchDB) expect(ok.body.deleted).toBeGreaterThanOrEqual(620);
  });
});
