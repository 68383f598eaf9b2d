// The access matrix of ARCHITECTURE.md section 3, through HTTP against the running server:
// every database x doc type x operation x role, each cell asserting the exact allow or deny.
// The resource under test belongs to `member` (a restaurant to `owner`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { onEveryCopy } from './helpers/couch-namespace.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { addDevice, listDevices, removeDevices } from '../../sync-server/src/push/subscriptions.ts';
import {
  makeAd, makeAttendance, makeBand, makeEvent, makeEventDiscount, makeFeatured, makeForm, makeHeroSlide, makeLike,
  makeMessage, makePackage, makePartner, makeProduct, makeProfile, makeProvider, makeRating, makeReceipt,
  makeRestaurant, makeRide, makeSubmission,
} from '../fixtures/index.ts';

type Role = 'visitor' | 'member' | 'another' | 'owner' | 'admin';
type Op = 'read' | 'create' | 'update' | 'delete';
type Doc = { _id: string; _rev?: string; [k: string]: unknown };

const ROLES: Role[] = ['visitor', 'member', 'another', 'owner', 'admin'];
const USERS: Record<Exclude<Role, 'visitor'>, { id: string; roles: string[] }> = {
  member: { id: 'a1000000000000000000000000000001', roles: ['member'] },
  another: { id: 'a2000000000000000000000000000002', roles: ['member'] },
  owner: { id: 'a3000000000000000000000000000003', roles: ['member'] },
  admin: { id: 'a4000000000000000000000000000004', roles: ['member', 'admin'] },
};
const M = USERS.member.id;
const MEMBER_DB = userDbName(M);
const now = () => new Date().toISOString();
let seq = 0;
const uniq = () => `mx${String(++seq).padStart(5, '0')}`;

interface Row {
  db: string;
  type: string;
  /** A fresh document, owned by `member` (or `owner`), that the server accepts. */
  make(): Doc;
  /** The change an update cell tries. */
  change(doc: Doc): Doc;
  allow: Record<Op, readonly Role[]>;
}

const everyone: Role[] = ['visitor', 'member', 'another', 'owner', 'admin'];
const members: Role[] = ['member', 'another', 'owner', 'admin'];
const adminOnly: Record<'create' | 'update' | 'delete', readonly Role[]> = { create: ['admin'], update: ['admin'], delete: ['admin'] };
const nobody: Record<'create' | 'update' | 'delete', readonly Role[]> = { create: [], update: [], delete: [] };
const retitle = (d: Doc) => ({ ...d, title: `${String(d.title)} (changed)` });

const ROWS: Row[] = [
  // catalog: everyone reads; admin curates; members add their own events, and their organiser
  // (`member` here) edits and deletes them (ADR 032); owners edit their restaurant.
  { db: 'catalog', type: 'event', make: () => makeEvent({ organizer_id: M, active: true }), change: retitle, allow: { read: everyone, create: ['member', 'admin'], update: ['member', 'admin'], delete: ['member', 'admin'] } },
  { db: 'catalog', type: 'band', make: () => makeBand(), change: (d) => ({ ...d, description: 'changed' }), allow: { read: everyone, ...adminOnly } },
  {
    db: 'catalog', type: 'restaurant', make: () => makeRestaurant({ owner_id: USERS.owner.id }), change: (d) => ({ ...d, description: 'Now with oil down on Sundays' }),
    allow: { read: everyone, create: ['admin'], update: ['owner', 'admin'], delete: ['admin'] },
  },
  // ADR 029: a restaurant's menu items, discounts and photos live inside it: only its owner (and admins) change them.
  ...(
    [
      ['menu item', 'menu_items', { id: 'mi1', name: 'Oil down', price: 12, active: true }],
      ['discount', 'discounts', { id: 'di1', description: 'Lunch deal', percentage: 10, active: true }],
      ['photo', 'photos', { id: 'ph1', image_url: 'owner/photo.webp', order: 1, active: true }],
    ] as const
  ).map(([what, key, entry]): Row => ({
    db: 'catalog', type: `restaurant (${what} added)`, make: () => makeRestaurant({ owner_id: USERS.owner.id }),
    change: (d) => ({ ...d, [key]: [...((d[key] as unknown[] | undefined) ?? []), entry] }),
    allow: { read: everyone, create: ['admin'], update: ['owner', 'admin'], delete: ['admin'] },
  })),
  { db: 'catalog', type: 'provider', make: () => makeProvider(), change: (d) => ({ ...d, bio: 'changed' }), allow: { read: everyone, ...adminOnly } },
  { db: 'catalog', type: 'product', make: () => makeProduct(), change: (d) => ({ ...d, description: 'changed' }), allow: { read: everyone, ...adminOnly } },
  { db: 'catalog', type: 'hero_slide', make: () => makeHeroSlide(), change: retitle, allow: { read: everyone, ...adminOnly } },
  { db: 'catalog', type: 'ad', make: () => makeAd(), change: retitle, allow: { read: everyone, ...adminOnly } },
  { db: 'catalog', type: 'partner', make: () => makePartner(), change: (d) => ({ ...d, name: 'changed' }), allow: { read: everyone, ...adminOnly } },
  { db: 'catalog', type: 'featured', make: () => makeFeatured({ item_type: 'event', item_id: uniq() }), change: (d) => ({ ...d, order: 9 }), allow: { read: everyone, ...adminOnly } },

  // members: members read; each member writes their own profile, attendance and ratings; admin the rest.
  { db: 'members', type: 'profile', make: () => makeProfile({ user_id: M }), change: (d) => ({ ...d, first_name: 'Renamed' }), allow: { read: members, create: [], update: ['member'], delete: [] } },
  {
    // Attendance is added or cancelled, never edited.
    db: 'members', type: 'attendance', make: () => makeAttendance({ target_type: 'event', target_id: uniq(), user_id: M }), change: (d) => ({ ...d, created_at: now() }),
    allow: { read: members, create: ['member'], update: [], delete: ['member'] },
  },
  {
    db: 'members', type: 'rating', make: () => makeRating({ target_type: 'provider', target_id: uniq(), user_id: M, rating: 4 }), change: (d) => ({ ...d, rating: 5 }),
    allow: { read: members, create: ['member'], update: ['member'], delete: ['member'] },
  },
  { db: 'members', type: 'package', make: () => makePackage(), change: retitle, allow: { read: members, ...adminOnly } },
  { db: 'members', type: 'ride', make: () => makeRide(), change: retitle, allow: { read: members, ...adminOnly } },
  { db: 'members', type: 'form', make: () => makeForm({ formtype: 'package', targetid: uniq() }), change: retitle, allow: { read: members, ...adminOnly } },
  { db: 'members', type: 'event_discount', make: () => makeEventDiscount({ event_id: uniq() }), change: (d) => ({ ...d, description: 'changed' }), allow: { read: members, ...adminOnly } },

  // chat: members read; a member posts as themselves; the sender or an admin deletes.
  {
    db: 'chat', type: 'message', make: () => makeMessage({ sender_id: M, receiver_id: null, is_public: true }), change: (d) => ({ ...d, content: 'edited' }),
    allow: { read: members, create: ['member'], update: [], delete: ['member', 'admin'] },
  },

  // the member's own userdb: only they read it; the server alone writes receipts and notifications.
  { db: MEMBER_DB, type: 'like', make: () => makeLike({ item_type: 'event', item_id: uniq() }), change: (d) => ({ ...d, created_at: now() }), allow: { read: ['member'], create: ['member'], update: ['member'], delete: ['member'] } },
  {
    db: MEMBER_DB, type: 'settings', make: () => ({ _id: 'settings:main', type: 'settings', receipts_checked_at: now() }), change: (d) => ({ ...d, receipts_checked_at: now() }),
    allow: { read: ['member'], create: ['member'], update: ['member'], delete: ['member'] },
  },
  {
    db: MEMBER_DB, type: 'submission', make: () => makeSubmission({ userid: M, status: 'pending' }), change: (d) => ({ ...d, status: 'completed' }),
    allow: { read: ['member'], create: ['member'], update: [], delete: [] },
  },
  // ADR 035: one the server did not accept never reached the admins: its owner may delete it.
  {
    db: MEMBER_DB, type: 'submission (not accepted)',
    make: () => makeSubmission({ userid: M, status: 'pending', refused_reason: 'This form is currently unavailable', refused_at: now() }),
    change: (d) => ({ ...d, refused_reason: 'changed' }),
    allow: { read: ['member'], create: [], update: [], delete: ['member'] },
  },
  {
    db: MEMBER_DB, type: 'message (sent)', make: () => makeMessage({ sender_id: M, receiver_id: USERS.another.id, is_public: false }), change: (d) => ({ ...d, content: 'edited' }),
    allow: { read: ['member'], create: ['member'], update: [], delete: ['member'] },
  },
  {
    // ADR 052: the receiver clears what others sent from their own space.
    db: MEMBER_DB, type: 'message (received)', make: () => makeMessage({ sender_id: USERS.another.id, receiver_id: M, is_public: false, read: false }), change: (d) => ({ ...d, read: true }),
    allow: { read: ['member'], create: [], update: ['member'], delete: ['member'] },
  },
  // ADR 024: blocks are added or removed, never edited; reports are sent once and kept.
  {
    db: MEMBER_DB, type: 'block', make: () => { const u = uniq(); return { _id: `block:${u}`, type: 'block', user_id: u, created_at: now() }; },
    change: (d) => ({ ...d, created_at: now() }),
    allow: { read: ['member'], create: ['member'], update: [], delete: ['member'] },
  },
  { db: MEMBER_DB, type: 'report', make: () => makeReport(), change: (d) => ({ ...d, reason: 'Other' }), allow: { read: ['member'], create: ['member'], update: [], delete: [] } },
  { db: MEMBER_DB, type: 'receipt', make: () => makeReceipt({ user_id: M }), change: retitle, allow: { read: ['member'], ...nobody } },
  {
    db: MEMBER_DB, type: 'notification',
    make: () => ({
      _id: `notification:${uniq()}`, type: 'notification', submission_id: uniq(), form_title: 'Carnival Package', status: 'processed',
      message: 'your form submission for Carnival Package has been processed', seen: false, created_at: now(),
    }),
    change: (d) => ({ ...d, seen: true }),
    allow: { read: ['member'], create: [], update: ['member'], delete: [] },
  },

  // admin-only databases; accounts is the server's alone.
  { db: 'submissions', type: 'submission', make: () => makeSubmission({ userid: M, status: 'pending' }), change: (d) => ({ ...d, status: 'processed' }), allow: { read: ['admin'], create: [], update: ['admin'], delete: ['admin'] } },
  { db: 'receipts', type: 'receipt', make: () => makeReceipt({ user_id: M }), change: retitle, allow: { read: ['admin'], ...adminOnly } },
  // Reports arrive from the reporters' userdbs (the server); admins read and resolve (delete) them.
  { db: 'reports', type: 'report', make: () => makeReport(), change: (d) => ({ ...d, reason: 'Other' }), allow: { read: ['admin'], create: [], update: [], delete: ['admin'] } },
  {
    db: 'accounts', type: 'account',
    make: () => ({
      _id: `account:${uniq()}`, type: 'account', email: `${uniq()}@fete.test`, password_hash: '$argon2id$x', role: 'member', membership_type: 'gold',
      membership_expires_at: null, created_at: now(),
    }),
    change: (d) => ({ ...d, role: 'admin' }),
    allow: { read: [], ...nobody },
  },
  // ADR 052: the count of the messages others delivered to a member is the fan-out worker's alone.
  {
    db: 'accounts', type: 'received',
    make: () => {
      const id = uniq();
      return { _id: `received:${id}`, type: 'received', user_id: id, count: 1, bytes: 200, freed: [], counted_at: now(), updated_at: now() };
    },
    change: (d) => ({ ...d, count: 0, bytes: 0 }),
    allow: { read: [], ...nobody },
  },
  // ADR 048: a member's push devices are the server's to read; members change them through /api/push.
  {
    db: 'accounts', type: 'push',
    make: () => {
      const id = uniq();
      return { _id: `push:${id}`, type: 'push', user_id: id, devices: [], updated_at: now() };
    },
    change: (d) => ({ ...d, devices: [{ endpoint: 'https://evil.example/x', p256dh: 'B'.repeat(87), auth: 'A'.repeat(22), expiration_time: null, created_at: now() }] }),
    allow: { read: [], ...nobody },
  },
];

/** A report by `member` of a public message by `another`. */
function makeReport(): Doc {
  const id = uniq();
  return {
    _id: `report:${id}`, type: 'report', id, reporter_id: M, message_id: `message:${now()}:${id}`, message_sender_id: USERS.another.id,
    message_content: 'Buy followers at spam.example', message_is_public: true, reason: 'Spam', details: null, created_at: now(),
  };
}

let ts: TestServer;
const tokens = new Map<Role, string | null>();

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
  tokens.set('visitor', null);
  for (const [role, u] of Object.entries(USERS)) tokens.set(role as Role, await ts.token(u.id, u.roles));
  await ts.createUserDb(M);
  await seedCells();
});

/**
 * The documents the read, update and delete cells work on, written before the cells in one batch
 * per database (every copy of a cluster holding them), instead of a read and a write per cell:
 * on a 3-node cluster those were most of the matrix's time. Rows whose documents share a fixed id
 * (a member's profile, their settings) keep writing theirs in their cell, in turn (ADR 051).
 */
const seeded = new Map<Row, Doc[]>();
async function seedCells(): Promise<void> {
  const byDb = new Map<string, { row: Row; doc: Doc }[]>();
  for (const row of ROWS) {
    const docs = Array.from({ length: 3 * ROLES.length }, () => row.make());
    if (new Set(docs.map((d) => d._id)).size !== docs.length) continue;
    byDb.set(row.db, [...(byDb.get(row.db) ?? []), ...docs.map((doc) => ({ row, doc }))]);
  }
  for (const [db, entries] of byDb) {
    const res = await ts.server.ctx.adminCall('POST', onEveryCopy(`/${encodeURIComponent(db)}/_bulk_docs`), { docs: entries.map((e) => e.doc) });
    const answers = res.body as { id: string; rev?: string; error?: string; reason?: string }[];
    // 202: a copy had not confirmed in time. Its cells then write their own documents, as before.
    if (res.status === 202) continue;
    if (res.status !== 201 || !Array.isArray(answers)) throw new Error(`seeding ${db}: ${res.status} ${JSON.stringify(res.body)}`);
    entries.forEach(({ row, doc }, i) => {
      const answer = answers[i];
      if (!answer?.rev || answer.id !== doc._id) throw new Error(`seeding ${db}/${doc._id}: ${JSON.stringify(answer)}`);
      seeded.set(row, [...(seeded.get(row) ?? []), { ...doc, _rev: answer.rev }]);
    });
  }
}

/** A document of the row's that the server holds (on every copy), for one cell alone. */
async function docFor(row: Row): Promise<Doc> {
  return seeded.get(row)?.pop() ?? (await server.put(row.db, row.make()));
}
afterAll(async () => {
  await ts?.close();
});

function path(db: string, id: string, rev?: string) {
  return `${ts.dbUrl}/${encodeURIComponent(db)}/${encodeURIComponent(id)}${rev ? `?rev=${encodeURIComponent(rev)}` : ''}`;
}

async function as(role: Role, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const t = tokens.get(role);
  if (t) headers.set('authorization', `Bearer ${t}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(url, { ...init, headers });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body };
}

/** The server's own view, bypassing roles. */
const server = {
  db: (name: string) => ts.server.ctx.backend.db(name),
  /** On every copy of a cluster before the cell's request: a copy that had not yet heard of it would answer 409. */
  async put(db: string, doc: Doc): Promise<Doc> {
    const path = `/${encodeURIComponent(db)}/${encodeURIComponent(doc._id)}`;
    let last: unknown;
    // A copy still behind an earlier cell's write refuses this one (202): read every copy, which
    // repairs it, and write again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await ts.server.ctx.adminCall('GET', onEveryCopy(path, 'r'));
      const rev = current.status === 200 ? (current.body as Doc)._rev : undefined;
      const res = await ts.server.ctx.adminCall('PUT', onEveryCopy(path), { ...doc, _rev: rev });
      if (res.status === 201) return { ...doc, _rev: (res.body as { rev: string }).rev };
      last = res;
    }
    throw new Error(`the server's write of ${doc._id} did not reach every copy: ${JSON.stringify(last)}`);
  },
  async get(db: string, id: string): Promise<Doc | null> {
    return (await server.db(db).get(id).catch(() => null)) as Doc | null;
  },
  async remove(db: string, id: string): Promise<void> {
    const existing = await server.get(db, id);
    if (existing) await server.db(db).remove(existing._id, existing._rev as string);
  },
};

/** Who changed what (ADR 030): the data layer names the writer of these documents on every write. */
const STAMPED = new Set(['catalog', 'receipts', 'submissions', 'members/package', 'members/ride', 'members/form', 'members/event_discount']);

function writtenBy(row: Row, role: Role, doc: Doc): Doc {
  if (role === 'visitor' || !(STAMPED.has(row.db) || STAMPED.has(`${row.db}/${row.type}`))) return doc;
  const at = row.type === 'form' || row.type === 'submission' ? 'updatedat' : 'updated_at';
  return { ...doc, updated_by: USERS[role].id, [at]: now() };
}

function expectDenied(status: number, role: Role) {
  // Anonymous callers are told to sign in; signed-in ones are refused.
  if (role === 'visitor') expect([401]).toContain(status);
  else expect([401, 403]).toContain(status);
}

async function cell(row: Row, op: Op, role: Role): Promise<void> {
  const allowed = row.allow[op].includes(role);
  const label = `${row.db}/${row.type} ${op} as ${role}`;
  if (op === 'read') {
    const doc = await docFor(row);
    const r = await as(role, path(row.db, doc._id));
    if (allowed) expect(r.status, label).toBe(200);
    else expectDenied(r.status, role);
    return;
  }
  if (op === 'create') {
    const doc = row.make();
    await server.remove(row.db, doc._id);
    const r = await as(role, path(row.db, doc._id), { method: 'PUT', body: JSON.stringify(writtenBy(row, role, doc)) });
    const stored = await server.get(row.db, doc._id);
    if (allowed) {
      expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(201);
      expect(stored, label).not.toBeNull();
    } else {
      expectDenied(r.status, role);
      expect(stored, `${label} must write nothing`).toBeNull();
    }
    return;
  }
  const doc = await docFor(row);
  if (op === 'update') {
    const r = await as(role, path(row.db, doc._id), { method: 'PUT', body: JSON.stringify(writtenBy(row, role, row.change(doc))) });
    const stored = await server.get(row.db, doc._id);
    if (allowed) {
      expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(201);
      expect(stored?._rev).not.toBe(doc._rev);
    } else {
      expectDenied(r.status, role);
      expect(stored?._rev, `${label} must change nothing`).toBe(doc._rev);
    }
    return;
  }
  const r = await as(role, path(row.db, doc._id, doc._rev), { method: 'DELETE' });
  const stored = await server.get(row.db, doc._id);
  if (allowed) {
    expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(200);
    expect(stored, label).toBeNull();
  } else {
    expectDenied(r.status, role);
    expect(stored?._rev, `${label} must delete nothing`).toBe(doc._rev);
  }
}

/**
 * The cells run a few at a time (a cluster answers each write after a quorum, so one at a time
 * took minutes there). Cells of one row may share a fixed id (`profile:{member}`), and a member's
 * writes at once meet the server's per-member count (429), as two of their devices would; so the
 * cells of one row, and those of one role, take turns. The order puts different rows and roles
 * next to each other.
 */
const turns = new Map<unknown, Promise<void>>();
function inTurn(keys: unknown[], run: () => Promise<void>): Promise<void> {
  const mine = Promise.all(keys.map((k) => turns.get(k))).then(run);
  for (const k of keys) turns.set(k, mine.catch(() => undefined));
  return mine;
}

describe.concurrent('access matrix, every cell', () => {
  for (const op of ['read', 'create', 'update', 'delete'] as Op[]) {
    for (let shift = 0; shift < ROLES.length; shift++) {
      ROWS.forEach((row, i) => {
        const role = ROLES[(i + shift) % ROLES.length] as Role;
        it(`${row.db.startsWith('userdb-') ? "member's userdb" : row.db} / ${row.type}: ${op} as ${role}`, () => inTurn([row, role], () => cell(row, op, role)));
      });
    }
  }
});

describe('access matrix', () => {

  it('lists are as closed as single reads (_all_docs, _changes, _find, _bulk_get)', async () => {
    for (const [db, readers] of [
      ['members', members],
      ['chat', members],
      [MEMBER_DB, ['member']],
      ['submissions', ['admin']],
      ['receipts', ['admin']],
      ['reports', ['admin']],
      ['accounts', []],
    ] as [string, Role[]][]) {
      for (const role of ROLES) {
        const urls: [string, RequestInit][] = [
          [`${ts.dbUrl}/${db}/_all_docs?include_docs=true`, {}],
          [`${ts.dbUrl}/${db}/_changes?include_docs=true`, {}],
          [`${ts.dbUrl}/${db}/_find`, { method: 'POST', body: JSON.stringify({ selector: {} }) }],
          [`${ts.dbUrl}/${db}/_bulk_get`, { method: 'POST', body: JSON.stringify({ docs: [{ id: 'x' }] }) }],
        ];
        for (const [url, init] of urls) {
          const r = await as(role, url, init);
          if (readers.includes(role)) expect(r.status, `${url} as ${role}`).toBe(200);
          else expectDenied(r.status, role);
        }
      }
    }
  });

  it('a member cannot write as someone else', async () => {
    const forAnother = [
      ['members', makeRating({ target_type: 'band', target_id: uniq(), user_id: USERS.another.id, rating: 1 })],
      ['members', makeAttendance({ target_type: 'band', target_id: uniq(), user_id: USERS.another.id })],
      ['chat', makeMessage({ sender_id: USERS.another.id, receiver_id: null, is_public: true })],
      ['catalog', makeEvent({ organizer_id: USERS.another.id, active: true })],
      ['catalog', makeEvent({ organizer_id: M, active: false })],
      [MEMBER_DB, makeSubmission({ userid: M, status: 'completed' })],
      [MEMBER_DB, makeMessage({ sender_id: USERS.another.id, receiver_id: M, is_public: false })],
      [MEMBER_DB, { ...makeReport(), reporter_id: USERS.another.id, message_sender_id: USERS.owner.id }],
      [MEMBER_DB, { _id: `block:${M}`, type: 'block', user_id: M, created_at: now() }],
    ] as [string, Doc][];
    for (const [db, doc] of forAnother) {
      const r = await as('member', path(db, doc._id), { method: 'PUT', body: JSON.stringify(doc) });
      expect(r.status, `${db} ${doc._id}`).toBe(403);
      expect(await server.get(db, doc._id)).toBeNull();
    }
  });

  // ADR 035, ADR 054: a deleted catalogue id (its share link, its likes) is not free for the
  // taking, by any path: a bare create, the tombstone's own revision, or a replicated branch. The
  // event is `member`'s own (they are its organiser); the admin deletes it.
  describe('a deleted catalogue id', () => {
    const REVIVAL = /deleted; only an admin may use it again/;
    let dead: Doc;
    /** The tombstone's revision and the live one before it. */
    let tomb: string;
    let first: string;
    const hash = (rev: string) => rev.slice(rev.indexOf('-') + 1);
    const bulk = (role: Role, body: unknown) => as(role, `${ts.dbUrl}/catalog/_bulk_docs`, { method: 'POST', body: JSON.stringify(body) });
    const still = async () => expect(await server.get('catalog', dead._id), 'the id came back').toBeNull();

    beforeAll(async () => {
      dead = makeEvent({ organizer_id: M, active: true });
      const put = await as('member', onEveryCopy(path('catalog', dead._id)), { method: 'PUT', body: JSON.stringify(dead) });
      expect([201, 202]).toContain(put.status);
      first = String(put.body.rev);
      // On every copy of a cluster: the gateway's read of it is then no copy's guess (ADR 039). A
      // loaded cluster may accept the deletion (202) before every copy has it: a read of every
      // copy then brings the laggard up to date (CouchDB's read repair).
      const removed = await as('admin', onEveryCopy(path('catalog', dead._id, first)), { method: 'DELETE' });
      expect([200, 202]).toContain(removed.status);
      tomb = String(removed.body.rev);
      if (removed.status === 202) await as('admin', onEveryCopy(path('catalog', dead._id), 'r'));
    });

    const revivers = ['member', 'another', 'owner'] as const;
    const taken = (role: (typeof revivers)[number], extra: Record<string, unknown> = {}) => ({ ...makeEvent({ organizer_id: USERS[role].id, active: true }), _id: dead._id, ...extra });

    it('visitors are told to sign in', async () => {
      expect((await as('visitor', path('catalog', dead._id), { method: 'PUT', body: JSON.stringify(taken('member')) })).status).toBe(401);
      await still();
    });

    it.each(revivers)('%s cannot create it again: PUT, PUT over the tombstone\'s revision (body or query), POST with or without it', async (role) => {
      for (const [how, url, init] of [
        ['PUT', path('catalog', dead._id), { method: 'PUT', body: JSON.stringify(taken(role)) }],
        ['PUT with the tombstone\'s _rev', path('catalog', dead._id), { method: 'PUT', body: JSON.stringify(taken(role, { _rev: tomb })) }],
        ['PUT ?rev=tombstone', path('catalog', dead._id, tomb), { method: 'PUT', body: JSON.stringify(taken(role)) }],
        ['PUT ?new_edits=false', `${path('catalog', dead._id)}?new_edits=false`, { method: 'PUT', body: JSON.stringify(taken(role, { _rev: `3-${'c'.repeat(32)}`, _revisions: { start: 3, ids: ['c'.repeat(32), hash(tomb), hash(first)] } })) }],
        ['POST', `${ts.dbUrl}/catalog`, { method: 'POST', body: JSON.stringify(taken(role)) }],
        ['POST with the tombstone\'s _rev', `${ts.dbUrl}/catalog`, { method: 'POST', body: JSON.stringify(taken(role, { _rev: tomb })) }],
      ] as const) {
        const res = await as(role, url, init);
        expect(res.status, `${how} as ${role}: ${JSON.stringify(res.body)}`).toBe(403);
        // POST /{db} is the server's alone (gateway.ts), whatever it carries.
        expect(String(res.body.reason), how).toMatch(how.startsWith('POST') ? /Databases are managed by the server/ : REVIVAL);
        await still();
      }
    });

    it.each(revivers)('%s cannot revive it by _bulk_docs, with or without new_edits; the rest of the batch is written', async (role) => {
      const fresh = makeEvent({ organizer_id: USERS[role].id, active: true });
      const mixed = await bulk(role, { docs: [fresh, taken(role), taken(role, { _rev: tomb })] });
      expect(mixed.status).toBe(201);
      const rows = mixed.body as unknown as Array<{ id: string; ok?: boolean; error?: string; reason?: string }>;
      // One row per document, in order, as CouchDB answers a batch.
      expect(rows.map((r) => [r.id, r.error ?? 'ok'])).toEqual([[fresh._id, 'ok'], [dead._id, 'forbidden'], [dead._id, 'forbidden']]);
      expect(String(rows[1]?.reason)).toMatch(REVIVAL);
      expect(await server.get('catalog', fresh._id)).not.toBeNull();
      await still();

      // Replicated (new_edits:false): on the tombstone's branch, a branch of its own beside it, and
      // a branch off the revision before the deletion. Each would leave a live leaf, which wins.
      for (const [how, rev, revisions] of [
        ['after the tombstone', `3-${'d'.repeat(32)}`, { start: 3, ids: ['d'.repeat(32), hash(tomb), hash(first)] }],
        ['a branch of its own', `1-${'e'.repeat(32)}`, { start: 1, ids: ['e'.repeat(32)] }],
        ['off the live revision', `2-${'f'.repeat(32)}`, { start: 2, ids: ['f'.repeat(32), hash(first)] }],
      ] as const) {
        const other = { ...makeEvent({ organizer_id: USERS[role].id, active: true }), _rev: `1-${'a'.repeat(32)}` };
        const res = await bulk(role, { new_edits: false, docs: [taken(role, { _rev: rev, _revisions: revisions }), other] });
        expect(res.status, how).toBe(201);
        expect(res.body, how).toEqual([{ id: dead._id, error: 'forbidden', reason: expect.stringMatching(REVIVAL) }]);
        expect(await server.get('catalog', other._id), how).not.toBeNull();
        await still();
      }
      // A batch of nothing but revivals is answered without reaching the database.
      const only = await bulk(role, { docs: [taken(role)] });
      expect(only.status).toBe(201);
      expect(only.body).toEqual([{ id: dead._id, error: 'forbidden', reason: expect.stringMatching(REVIVAL) }]);
      await still();
    });

    it.each(revivers)('%s cannot COPY an event of their own onto it', async (role) => {
      const mine = makeEvent({ organizer_id: USERS[role].id, active: true });
      expect((await as(role, path('catalog', mine._id), { method: 'PUT', body: JSON.stringify(mine) })).status).toBe(201);
      const res = await as(role, path('catalog', mine._id), { method: 'COPY', headers: { destination: dead._id } });
      expect(res.status).toBe(405);
      await still();
    });

    it('an admin may use it again', async () => {
      const A = USERS.admin.id;
      const restored = { ...makeEvent({ organizer_id: null, active: true }), _id: dead._id, updated_by: A, updated_at: now() };
      expect((await as('admin', path('catalog', dead._id), { method: 'PUT', body: JSON.stringify(restored) })).status).toBe(201);
      expect(await server.get('catalog', dead._id)).toMatchObject({ updated_by: A });
    });
  });

  // Who changed what (ADR 030): an admin's write names the admin, over HTTP as in the validators.
  it('refuses an admin write that does not name the admin, or names someone else', async () => {
    const A = USERS.admin.id;
    const writes: [string, Doc][] = [
      ['catalog', makeBand()],
      ['catalog', makeRestaurant({ owner_id: USERS.owner.id })],
      ['members', makePackage()],
      ['members', makeEventDiscount({ event_id: uniq() })],
      ['receipts', makeReceipt({ user_id: M })],
    ];
    for (const [db, doc] of writes) {
      await server.remove(db, doc._id);
      const { updated_by: _b, ...bare } = doc;
      for (const body of [bare, { ...bare, updated_by: M, updated_at: now() }]) {
        const r = await as('admin', path(db, doc._id), { method: 'PUT', body: JSON.stringify(body) });
        expect(r.status, `${db} ${doc._id} ${JSON.stringify(r.body)}`).toBe(403);
        expect(await server.get(db, doc._id)).toBeNull();
      }
      const r = await as('admin', path(db, doc._id), { method: 'PUT', body: JSON.stringify({ ...bare, updated_by: A, updated_at: now() }) });
      expect(r.status, `${db} ${doc._id}`).toBe(201);
      expect((await server.get(db, doc._id))?.updated_by).toBe(A);
    }
    // The owner's edit of their restaurant names the owner too.
    const r0 = await server.put('catalog', makeRestaurant({ owner_id: USERS.owner.id }));
    const edit = { ...r0, description: 'Oil down on Sundays' };
    expect((await as('owner', path('catalog', r0._id), { method: 'PUT', body: JSON.stringify(edit) })).status).toBe(403);
    const named = { ...edit, updated_by: USERS.owner.id, updated_at: now() };
    expect((await as('owner', path('catalog', r0._id), { method: 'PUT', body: JSON.stringify(named) })).status).toBe(201);
  });

  // ADR 032: the organiser edits the details of their own event, named on the write, but never
  // who organises it, when it was made or whether it shows; another member can do neither.
  it("an organiser's edit is stamped and keeps organizer_id, created_at and active", async () => {
    const e0 = await server.put('catalog', makeEvent({ organizer_id: M, active: true, created_at: now() }));
    const url = path('catalog', e0._id);
    const put = (role: Role, body: Doc) => as(role, url, { method: 'PUT', body: JSON.stringify(body) });
    const stamp = (role: Exclude<Role, 'visitor'>) => ({ updated_by: USERS[role].id, updated_at: now() });
    const edit = { ...e0, title: 'E2E retitled by the organiser' };
    expect((await put('member', edit)).status).toBe(403);
    expect((await put('member', { ...edit, updated_by: USERS.another.id, updated_at: now() })).status).toBe(403);
    for (const locked of [{ organizer_id: USERS.another.id }, { created_at: '2020-01-01T00:00:00.000Z' }, { active: false }]) {
      expect((await put('member', { ...edit, ...locked, ...stamp('member') })).status, JSON.stringify(locked)).toBe(403);
    }
    expect((await put('another', { ...edit, ...stamp('another') })).status).toBe(403);
    expect((await server.get('catalog', e0._id))?._rev).toBe(e0._rev);
    expect((await put('member', { ...edit, ...stamp('member') })).status).toBe(201);
    const stored = await server.get('catalog', e0._id);
    expect(stored?.title).toBe('E2E retitled by the organiser');
    expect(stored?.updated_by).toBe(M);
    // An edit over the version it was made from, once that is gone, is a conflict.
    expect((await put('member', { ...edit, title: 'stale', ...stamp('member') })).status).toBe(409);
  });

  // ADR 021: only admins move a submission's status and notify its sender; the member whose
  // submission it is may not either (the server alone writes status changes into their userdb).
  it.each(ROLES)('the form-status notification as %s', async (role) => {
    const sub = makeSubmission({ userid: M, status: 'pending' });
    await server.put('submissions', sub);
    await server.put(MEMBER_DB, sub);
    const r = await as(role, `${ts.url}/api/functions/form-status-notification`, { method: 'POST', body: JSON.stringify({ submissionId: sub.id, status: 'completed' }) });
    const stored = await server.get('submissions', sub._id);
    const mine = await server.get(MEMBER_DB, sub._id);
    if (role === 'admin') {
      expect(r.status).toBe(200);
      expect(stored?.status).toBe('completed');
      expect(mine?.status).toBe('completed');
      // Who changed what (ADR 030): the admins' copy names the admin; the member's never does.
      expect(stored?.updated_by).toBe(USERS.admin.id);
      expect(mine?.updated_by).toBeUndefined();
    } else {
      expect(r.status).toBe(role === 'visitor' ? 401 : 403);
      expect(stored?.status).toBe('pending');
      expect(mine?.status).toBe('pending');
    }
  });

  // ADR 048: a member's push devices: only they remove one (anyone else's DELETE removes nothing of theirs).
  it.each(ROLES)('removing the member\'s push device as %s', async (role) => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/${uniq()}`;
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    await addDevice(ts.server.ctx.adminCall, M, { endpoint, expirationTime: null, keys });
    const t = tokens.get(role);
    const r = await fetch(`${ts.url}/api/push/subscriptions`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', ...(t ? { authorization: `Bearer ${t}` } : {}) },
      body: JSON.stringify({ endpoint }),
    });
    const left = (await listDevices(ts.server.ctx.adminCall, M)).map((d) => d.endpoint);
    if (role === 'visitor') expect(r.status).toBe(401);
    else expect(r.status).toBe(204);
    if (role === 'member') expect(left).not.toContain(endpoint);
    else expect(left).toContain(endpoint);
    await removeDevices(ts.server.ctx.adminCall, M, [endpoint]);
  });

  // ADR 024: the admins' chat moderation goes through the server, for admins only.
  it.each(ROLES)('chat-delete of a member\'s public message as %s', async (role) => {
    const msg = await server.put('chat', makeMessage({ sender_id: M, receiver_id: null, is_public: true }));
    const r = await as(role, `${ts.url}/api/functions/chat-delete`, { method: 'POST', body: JSON.stringify({ messageId: msg._id }) });
    const stored = await server.get('chat', msg._id);
    if (role === 'admin') {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true, deleted: 1 });
      expect(stored).toBeNull();
    } else {
      expect(r.status).toBe(role === 'visitor' ? 401 : 403);
      expect(stored?._rev).toBe(msg._rev);
    }
  });

  it.each(ROLES)('chat-clear as %s', async (role) => {
    const msg = await server.put('chat', makeMessage({ sender_id: USERS.another.id, receiver_id: null, is_public: true }));
    const r = await as(role, `${ts.url}/api/functions/chat-clear`, { method: 'POST', body: '{}' });
    const stored = await server.get('chat', msg._id);
    if (role === 'admin') {
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
      expect(r.body.deleted).toBeGreaterThanOrEqual(1);
      expect(stored).toBeNull();
    } else {
      expect(r.status).toBe(role === 'visitor' ? 401 : 403);
      expect(stored?._rev).toBe(msg._rev);
    }
  });

  // The spec's "non-admins get only active forms" is a screen rule: a form holds no secret, and
  // a member's device keeps the forms it may fill offline, so an inactive one is still readable
  // (ADR 023). What a member can never do is switch it back on.
  it('members read an inactive form but cannot reactivate it', async () => {
    const form = await server.put('members', makeForm({ formtype: 'ride', targetid: uniq(), active: false }));
    for (const role of members) expect((await as(role, path('members', form._id))).status, role).toBe(200);
    for (const role of ['member', 'another', 'owner'] as Role[]) {
      const r = await as(role, path('members', form._id), { method: 'PUT', body: JSON.stringify({ ...form, active: true }) });
      expect(r.status, role).toBe(403);
    }
    expect((await server.get('members', form._id))?.active).toBe(false);
  });

  // ADR 026: the users actions are the server's, for admins only; an admin never acts on their
  // own role or account. The target is a real account (signed up), so each allowed cell has an effect.
  describe('users actions', () => {
    const USERS_API = () => `${ts.url}/api/admin/users`;
    async function target(): Promise<string> {
      const res = await fetch(`${ts.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${uniq()}-${Date.now()}@fete.test`, password: 'secret-pass', first_name: 'Matrix', last_name: uniq(), territory: 'Trinidad and Tobago', locality: 'Arima' }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { user: { id: string } }).user.id;
    }
    const account = async (id: string) => server.get('accounts', `account:${id}`);
    const denied = (role: Role, status: number) => expect(status, role).toBe(role === 'visitor' ? 401 : 403);

    it.each(ROLES)('list users as %s', async (role) => {
      const r = await as(role, `${USERS_API()}?q=matrix`);
      if (role === 'admin') expect(r.status).toBe(200);
      else denied(role, r.status);
    });

    it.each(ROLES)('read one user as %s', async (role) => {
      const id = await target();
      const r = await as(role, `${USERS_API()}/${id}`);
      if (role === 'admin') expect(r).toMatchObject({ status: 200, body: { id } });
      else denied(role, r.status);
    });

    it.each(ROLES)('unmake admin as %s', async (role) => {
      const id = await target();
      await server.put('accounts', { ...(await account(id))!, role: 'admin' });
      const r = await as(role, `${USERS_API()}/${id}/role`, { method: 'POST', body: JSON.stringify({ role: 'member' }) });
      if (role === 'admin') expect(r.status).toBe(200);
      else denied(role, r.status);
      expect((await account(id))?.role).toBe(role === 'admin' ? 'member' : 'admin');
    });

    it.each(ROLES)('make admin as %s', async (role) => {
      const id = await target();
      const r = await as(role, `${USERS_API()}/${id}/role`, { method: 'POST', body: JSON.stringify({ role: 'admin' }) });
      if (role === 'admin') expect(r.status).toBe(200);
      else denied(role, r.status);
      expect((await account(id))?.role).toBe(role === 'admin' ? 'admin' : 'member');
    });

    it.each(ROLES)('end membership as %s', async (role) => {
      const id = await target();
      const before = (await account(id))?.membership_expires_at as string;
      const r = await as(role, `${USERS_API()}/${id}/membership`, { method: 'POST', body: JSON.stringify({ action: 'end' }) });
      const after = (await account(id))?.membership_expires_at as string;
      if (role === 'admin') {
        expect(r.status).toBe(200);
        expect(Date.parse(after)).toBeLessThanOrEqual(Date.now());
      } else {
        denied(role, r.status);
        expect(after).toBe(before);
      }
    });

    it.each(ROLES)('extend membership as %s', async (role) => {
      const id = await target();
      const before = (await account(id))?.membership_expires_at as string;
      const r = await as(role, `${USERS_API()}/${id}/membership`, { method: 'POST', body: JSON.stringify({ action: 'extend' }) });
      const after = (await account(id))?.membership_expires_at as string;
      if (role === 'admin') {
        expect(r.status).toBe(200);
        expect(Date.parse(after) - Date.parse(before)).toBe(365 * 86_400_000);
      } else {
        denied(role, r.status);
        expect(after).toBe(before);
      }
    });

    it.each(ROLES)('assign a restaurant as %s', async (role) => {
      const id = await target();
      const doc = await server.put('catalog', makeRestaurant({ owner_id: null }));
      const r = await as(role, `${USERS_API()}/${id}/restaurant`, { method: 'POST', body: JSON.stringify({ restaurant_id: doc._id.slice('restaurant:'.length) }) });
      const stored = await server.get('catalog', doc._id);
      if (role === 'admin') {
        expect(r.status).toBe(200);
        expect(stored?.owner_id).toBe(id);
      } else {
        denied(role, r.status);
        expect(stored?._rev).toBe(doc._rev);
      }
    });

    it.each(ROLES)('take a restaurant from its owner as %s', async (role) => {
      const id = await target();
      const doc = await server.put('catalog', makeRestaurant({ owner_id: id }));
      const r = await as(role, `${USERS_API()}/${id}/restaurant`, { method: 'POST', body: JSON.stringify({ restaurant_id: null }) });
      const stored = await server.get('catalog', doc._id);
      if (role === 'admin') {
        expect(r.status).toBe(200);
        expect(stored?.owner_id).toBeNull();
      } else {
        denied(role, r.status);
        expect(stored?._rev).toBe(doc._rev);
      }
    });

    it.each(ROLES)('delete an account as %s', async (role) => {
      const id = await target();
      const r = await as(role, `${USERS_API()}/${id}`, { method: 'DELETE' });
      if (role === 'admin') {
        expect(r.status).toBe(200);
        expect(await account(id)).toBeNull();
      } else {
        denied(role, r.status);
        expect(await account(id)).not.toBeNull();
      }
    });

    it('an admin never changes their own role, ends their own membership nor deletes themselves', async () => {
      const me = USERS.admin.id;
      for (const to of ['member', 'admin']) {
        const role = await as('admin', `${USERS_API()}/${me}/role`, { method: 'POST', body: JSON.stringify({ role: to }) });
        expect(role, to).toMatchObject({ status: 403, body: { message: 'You cannot change your own admin role' } });
      }
      expect((await as('admin', `${USERS_API()}/${me}/membership`, { method: 'POST', body: JSON.stringify({ action: 'end' }) })).status).toBe(403);
      expect((await as('admin', `${USERS_API()}/${me}`, { method: 'DELETE' })).status).toBe(403);
    });
  });

  it('a restaurant owner cannot take over or hide their restaurant', async () => {
    const doc = await server.put('catalog', makeRestaurant({ owner_id: USERS.owner.id }));
    for (const change of [{ owner_id: USERS.another.id }, { active: !doc.active }, { rating: 5 }]) {
      const r = await as('owner', path('catalog', doc._id), { method: 'PUT', body: JSON.stringify({ ...doc, ...change }) });
      expect(r.status, JSON.stringify(change)).toBe(403);
    }
  });
});
