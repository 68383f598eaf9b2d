// The workers against a real server: fan-in, fan-out, the receipts mirror and the rating
// aggregates. The server runs without its own workers so each test can start and stop them
// (to replay from scratch) and wait for them with idle().
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedFormFor } from './helpers/forms.ts';
import PouchDB from 'pouchdb-node';
import memory from 'pouchdb-adapter-memory';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { bearerFetch } from './helpers/admin-http.ts';
import { startWorkers } from '../../sync-server/src/workers/index.ts';
import type { Workers } from '../../sync-server/src/workers/index.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

PouchDB.plugin(memory);

let ts: TestServer;
let workers: Workers | null = null;
let adminToken: string;
const ADMIN_ID = 'wkadmin0000000000000000000000000';
let serial = 0;

interface Doc {
  _id: string;
  _rev?: string;
  [k: string]: unknown;
}

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
  adminToken = await ts.token(ADMIN_ID, ['member', 'admin']);
  // The form these submissions answer, and its package: fan-in checks each against them.
  await seedFormFor(server, submission('seed', 0) as unknown as Parameters<typeof seedFormFor>[1]);
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

/** A fresh member with a userdb; ids are hex like real user ids. */
async function member(name: string) {
  const id = `${Buffer.from(name).toString('hex')}${String(++serial).padStart(4, '0')}`.padEnd(32, '0').slice(0, 32);
  const db = await ts.createUserDb(id);
  return { id, db, token: await ts.token(id, ['member']) };
}

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${ts.dbUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & Doc };
}

/** As the server itself (the way the workers see the databases). */
async function server(method: string, path: string, body?: unknown) {
  return ts.server.ctx.adminCall(method, path, body) as Promise<{ status: number; body: Record<string, unknown> & Doc }>;
}

function docUrl(db: string, id: string): string {
  return `/${db}/${encodeURIComponent(id)}`;
}

async function put(db: string, doc: Doc, token: string): Promise<Doc> {
  // Who changed what (ADR 030): an admin's write names the admin, as the data layer does.
  if (token === adminToken) doc = { ...doc, updated_by: ADMIN_ID, [doc.type === 'submission' ? 'updatedat' : 'updated_at']: new Date().toISOString() };
  const r = await call('PUT', docUrl(db, doc._id), token, doc);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { ...doc, _rev: r.body.rev as string };
}

/** Restarts the workers with one checkpoint gone, so they replay that database from the start. */
async function replayFromScratch(db: string, worker: string): Promise<void> {
  await workers?.stop();
  const path = `/accounts/_local/${encodeURIComponent(`worker-${worker}:${db}`)}`;
  // On Apache CouchDB a database's late `created` event may already have reset it: then it is gone.
  const cp = await server('GET', path);
  expect([200, 404]).toContain(cp.status);
  if (cp.status === 200) expect((await server('DELETE', `${path}?rev=${cp.body._rev}`)).status).toBe(200);
  workers = await startWorkers(ts.server.ctx, { retryBaseMs: 50 });
  await settle();
}

async function settle(): Promise<void> {
  await workers?.idle();
}

async function allDocs(db: string, prefix: string): Promise<Doc[]> {
  const q = `startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(prefix + '\ufff0'))}&include_docs=true&conflicts=true`;
  const r = await server('GET', `/${db}/_all_docs?${q}`);
  return (r.body.rows as { doc: Doc }[]).map((row) => row.doc);
}

function submission(userid: string, n: number): Doc {
  const id = `sub${serial}x${n}`;
  return {
    _id: `submission:${id}`,
    type: 'submission',
    id,
    formid: 'form-uuid-1',
    userid,
    data: { Name: 'Ana Lopez', Size: 'M' },
    createdat: new Date().toISOString(),
    status: 'pending',
    form: { title: 'Carnival package', formtype: 'package', targetid: 'pkg1' },
  };
}

function message(from: string, to: string, n: number): Doc {
  const created_at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  return {
    _id: `message:${created_at}:m${serial}x${n}`,
    type: 'message',
    content: `hello ${n}`,
    sender_id: from,
    receiver_id: to,
    is_public: false,
    read: false,
    created_at,
  };
}

describe('fan-in', () => {
  it('copies a submission replicated from a member device to submissions exactly once', async () => {
    const ana = await member('ana');
    const local = new PouchDB(`fanin-${Date.now()}`, { adapter: 'memory' });
    const remote = new PouchDB(`${ts.dbUrl}/${ana.db}`, { skip_setup: true, fetch: bearerFetch(() => ana.token) } as PouchDB.Configuration.RemoteDatabaseConfiguration);
    const replicate = (local as unknown as { replicate: { to(r: PouchDB.Database): Promise<{ docs_written: number }> } }).replicate;
    const doc = submission(ana.id, 1);
    await local.put(doc);
    expect((await replicate.to(remote)).docs_written).toBe(1);
    await settle();

    const copies = await allDocs('submissions', doc._id);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ _id: doc._id, userid: ana.id, status: 'pending', data: doc.data });
    expect(copies[0]?._conflicts).toBeUndefined();

    // A replay of the device's push and of the worker from scratch changes nothing.
    const before = copies[0]?._rev;
    await replicate.to(remote);
    await replayFromScratch(ana.db, 'fan-in');
    const again = await allDocs('submissions', doc._id);
    expect(again).toHaveLength(1);
    expect(again[0]?._rev).toBe(before);
    await local.destroy();
  });

  it('keeps the admin status in submissions when the userdb copy changes later', async () => {
    const ben = await member('ben');
    const doc = await put(ben.db, submission(ben.id, 2), ben.token);
    await settle();
    const copy = (await call('GET', docUrl('submissions', doc._id), adminToken)).body;
    const processed = await put('submissions', { ...copy, status: 'processed' }, adminToken);
    // The status flows back to the userdb (as the form-status function does); the worker must not copy it forward.
    expect((await server('PUT', docUrl(ben.db, doc._id), { ...doc, status: 'processed' })).status).toBe(201);
    await settle();
    const after = (await call('GET', docUrl('submissions', doc._id), adminToken)).body;
    expect(after._rev).toBe(processed._rev);
    // Nor bring back a copy the server deleted (as when a form and its submissions go).
    expect((await server('DELETE', `${docUrl('submissions', doc._id)}?rev=${after._rev}`)).status).toBe(200);
    await replayFromScratch(ben.db, 'fan-in');
    expect((await call('GET', docUrl('submissions', doc._id), adminToken)).status).toBe(404);
  });

  it('does not copy a submission in someone else\'s name', async () => {
    const cy = await member('cy');
    // Only the server could write this; the worker still refuses to launder it.
    const forged = { ...submission('someoneelse00000000000000000000a', 3) };
    // Whether or not the userdb's validator lets even the server write it, it never reaches submissions.
    expect([201, 403]).toContain((await server('PUT', docUrl(cy.db, forged._id), forged)).status);
    const ok = await put(cy.db, submission(cy.id, 4), cy.token);
    await settle();
    expect(await allDocs('submissions', forged._id)).toHaveLength(0);
    expect(await allDocs('submissions', ok._id)).toHaveLength(1);
  });
});

describe('fan-out', () => {
  it('delivers a private message to the receiver and removes the copy when the sender deletes it', async () => {
    const ana = await member('ana');
    const bob = await member('bob');
    const msg = await put(ana.db, message(ana.id, bob.id, 1), ana.token);
    await settle();
    const copy = await call('GET', docUrl(bob.db, msg._id), bob.token);
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ sender_id: ana.id, receiver_id: bob.id, content: 'hello 1', read: false });

    // The receiver marks it read; the read mark reaches the sender's copy (ADR 024) and
    // nothing else travels back or bounces on.
    await put(bob.db, { ...copy.body, read: true }, bob.token);
    await settle();
    expect(await allDocs(ana.db, 'message:')).toHaveLength(1);
    const read = await call('GET', docUrl(ana.db, msg._id), ana.token);
    expect(read.body.read).toBe(true);

    // A bare tombstone (PouchDB's remove()) still reaches the copy, even after the read mark.
    expect((await call('DELETE', `${docUrl(ana.db, msg._id)}?rev=${read.body._rev}`, ana.token)).status).toBe(200);
    await settle();
    expect((await call('GET', docUrl(bob.db, msg._id), bob.token)).status).toBe(404);
  });

  it('skips a receiver without a userdb and keeps delivering the rest', async () => {
    const ana = await member('ana');
    const bob = await member('bob');
    await put(ana.db, message(ana.id, 'nobody000000000000000000000000ab', 2), ana.token);
    const second = await put(ana.db, message(ana.id, bob.id, 3), ana.token);
    await settle();
    expect((await call('GET', docUrl(bob.db, second._id), bob.token)).status).toBe(200);
    expect((await server('GET', '/_all_dbs')).body).not.toContain(userDbName('nobody000000000000000000000000ab'));
  });

  it('delivers each of many messages once, also after a replay from scratch', async () => {
    const ana = await member('ana');
    const bob = await member('bob');
    const docs = Array.from({ length: 40 }, (_, i) => message(ana.id, bob.id, 100 + i));
    const r = await call('POST', `/${ana.db}/_bulk_docs`, ana.token, { docs });
    expect(r.status).toBe(201);
    await settle();
    await replayFromScratch(ana.db, 'fan-out');
    const inbox = await allDocs(bob.db, 'message:');
    expect(inbox.map((d) => d._id).sort()).toEqual(docs.map((d) => d._id).sort());
    expect(inbox.every((d) => d._rev?.startsWith('1-') && d._conflicts === undefined)).toBe(true);
  });
});

describe('receipts mirror', () => {
  function receipt(userId: string, n: number): Doc {
    return {
      _id: `receipt:r${serial}x${n}`,
      type: 'receipt',
      user_id: userId,
      receipt_number: `REC-${10000 + n}`,
      receipt_date: '2026-02-01',
      status: 'paid',
      title: 'Carnival package',
      description: 'Deposit',
      payment_method: 'Credit Card',
      amount: 100,
      amount_paid: 100,
      balance_owed: 0,
      created_at: new Date().toISOString(),
    };
  }

  it('mirrors create, update, move to another member and delete, keeping revisions', async () => {
    const ana = await member('ana');
    const bob = await member('bob');
    let rec = await put('receipts', receipt(ana.id, 1), adminToken);
    await settle();
    let copy = await call('GET', docUrl(ana.db, rec._id), ana.token);
    expect(copy.status).toBe(200);
    expect(copy.body._rev).toBe(rec._rev);

    rec = await put('receipts', { ...rec, amount_paid: 40, balance_owed: 60, status: 'pending' }, adminToken);
    await settle();
    copy = await call('GET', docUrl(ana.db, rec._id), ana.token);
    expect(copy.body).toMatchObject({ _rev: rec._rev, status: 'pending', balance_owed: 60 });

    rec = await put('receipts', { ...rec, user_id: bob.id }, adminToken);
    await settle();
    expect((await call('GET', docUrl(ana.db, rec._id), ana.token)).status).toBe(404);
    expect((await call('GET', docUrl(bob.db, rec._id), bob.token)).body._rev).toBe(rec._rev);

    // A bare tombstone: whose copy it was comes from the worker's own record.
    expect((await call('DELETE', `${docUrl('receipts', rec._id)}?rev=${rec._rev}`, adminToken)).status).toBe(200);
    await settle();
    expect((await call('GET', docUrl(bob.db, rec._id), bob.token)).status).toBe(404);
    expect((await call('GET', docUrl(ana.db, rec._id), ana.token)).status).toBe(404);
  });

  it('is a no-op when replayed from scratch', async () => {
    const cy = await member('cy');
    const rec = await put('receipts', receipt(cy.id, 2), adminToken);
    await settle();
    // Every document's revisions, deleted ones too: a cluster's update_seq names the copies it
    // was read from, so two reads of an unchanged database can differ.
    const revisions = async () => {
      const feed = (await server('GET', `/${cy.db}/_changes?style=all_docs`)).body as unknown as { results: { id: string; changes: { rev: string }[] }[] };
      return feed.results.map((r) => `${r.id} ${r.changes.map((c) => c.rev).sort().join(' ')}`).sort();
    };
    const before = await revisions();
    await replayFromScratch('receipts', 'receipts-mirror');
    expect(await revisions()).toEqual(before);
    const copies = await allDocs(cy.db, 'receipt:');
    expect(copies).toHaveLength(1);
    expect(copies[0]?._rev).toBe(rec._rev);
  });
});

describe('rating aggregates', () => {
  function rating(type: 'provider' | 'band', target: string, userId: string, stars: number): Doc {
    return {
      _id: `rating:${type}:${target}:${userId}`,
      type: 'rating',
      target_type: type,
      target_id: target,
      user_id: userId,
      rating: stars,
      created_at: new Date().toISOString(),
    };
  }

  async function figures(id: string) {
    const d = (await call('GET', docUrl('catalog', id), null)).body;
    return { rating: d.rating, total_ratings: d.total_ratings };
  }

  it('folds ratings into the provider and the band as they are created, changed and deleted', async () => {
    const pid = `prov${serial}`;
    const bid = `band${serial}`;
    await put('catalog', { _id: `provider:${pid}`, type: 'provider', first_name: 'Mia', last_name: 'Ray', active: true, rating: 0, total_ratings: 0 }, adminToken);
    await put('catalog', { _id: `band:${bid}`, type: 'band', name: 'Soca Tribe', active: true, rating: 0, total_ratings: 0 }, adminToken);
    const [ana, bob, cy] = await Promise.all([member('ana'), member('bob'), member('cy')]);

    const a = await put('members', rating('provider', pid, ana.id, 5), ana.token);
    const b = await put('members', rating('provider', pid, bob.id, 4), bob.token);
    await settle();
    expect(await figures(`provider:${pid}`)).toEqual({ rating: 4.5, total_ratings: 2 });

    await put('members', rating('provider', pid, cy.id, 4), cy.token);
    await settle();
    expect(await figures(`provider:${pid}`)).toEqual({ rating: 4.33, total_ratings: 3 });

    await put('members', { ...a, rating: 1 }, ana.token);
    await settle();
    expect(await figures(`provider:${pid}`)).toEqual({ rating: 3, total_ratings: 3 });

    expect((await call('DELETE', `${docUrl('members', b._id)}?rev=${b._rev}`, bob.token)).status).toBe(200);
    await settle();
    expect(await figures(`provider:${pid}`)).toEqual({ rating: 2.5, total_ratings: 2 });

    const br = await put('members', rating('band', bid, ana.id, 3), ana.token);
    await settle();
    expect(await figures(`band:${bid}`)).toEqual({ rating: 3, total_ratings: 1 });
    await call('DELETE', `${docUrl('members', br._id)}?rev=${br._rev}`, ana.token);
    await settle();
    expect(await figures(`band:${bid}`)).toEqual({ rating: 0, total_ratings: 0 });
    // The provider was not touched by the band's ratings.
    expect(await figures(`provider:${pid}`)).toEqual({ rating: 2.5, total_ratings: 2 });
  });

  it('does not rewrite the target when the figures are unchanged', async () => {
    const pid = `prov${serial}b`;
    const p = await put('catalog', { _id: `provider:${pid}`, type: 'provider', first_name: 'Lea', last_name: 'Fox', active: true, rating: 0, total_ratings: 0 }, adminToken);
    const dee = await member('dee');
    await put('members', rating('provider', pid, dee.id, 4), dee.token);
    await settle();
    const rev = (await call('GET', docUrl('catalog', p._id), null)).body._rev;
    await replayFromScratch('members', 'ratings');
    expect((await call('GET', docUrl('catalog', p._id), null)).body._rev).toBe(rev);
  });
});
