// ADR 054: a document cannot date itself into the future. Through the real server, on whichever
// backend runs: each document a member writes, stamped a minute ahead (a phone whose clock runs
// a little fast), is stored; stamped a day ahead, it is refused with a reason that says what to
// check, and nothing is stored. Replicated writes (PouchDB's `_bulk_docs` with new_edits:false)
// are judged alike, as are an admin's and the server's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { messageId } from '../../design-docs/src/ids.ts';
import * as F from '../unit/validate-support.ts';

type Doc = Record<string, unknown>;

let s: TestServer;
let token: string;
const MEMBER = 'u1';
const USERDB = userDbName(MEMBER);
const REASON = /must be no more than 10 minutes ahead of the server's clock \(check this device's date and time\)$/;

beforeAll(async () => {
  s = await startTestServer({ WORKERS: 'false' });
  await s.createUserDb(MEMBER);
  token = await s.token(MEMBER, ['member']);
});
afterAll(async () => {
  await s?.close();
});

const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function put(db: string, doc: Doc, auth = token): Promise<{ status: number; reason?: string }> {
  const res = await fetch(`${s.dbUrl}/${db}/${encodeURIComponent(String(doc._id))}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
    body: JSON.stringify(doc),
  });
  return { status: res.status, reason: ((await res.json()) as { reason?: string }).reason };
}

async function stored(db: string, id: string): Promise<boolean> {
  return (await s.server.ctx.adminCall('GET', `/${db}/${encodeURIComponent(id)}`)).status === 200;
}

/** Each member write, stamped at `at`; ids differ per stamp so that both can be stored. */
const writes: Array<[string, string, (at: string, n: string) => Doc]> = [
  ['a Public Chat message', 'chat', (at, n) => F.chatMessage({ _id: messageId(at, `c${n}`), created_at: at })],
  ['a private message', USERDB, (at, n) => F.privateMessage({ _id: messageId(at, `p${n}`), created_at: at })],
  ['a submission', USERDB, (at, n) => F.submission({ _id: `submission:s${n}`, id: `s${n}`, createdat: at })],
  ['a report', USERDB, (at, n) => F.report({ _id: `report:rp${n}`, id: `rp${n}`, created_at: at })],
  ['a like', USERDB, (at, n) => F.like({ _id: `like:event:e${n}`, item_id: `e${n}`, created_at: at })],
  ['a block', USERDB, (at, n) => F.block({ _id: `block:x${n}`, user_id: `x${n}`, created_at: at })],
  ['an event of their own', 'catalog', (at, n) => F.event({ _id: `event:stamp${n}`, created_at: at })],
  ['attendance', 'members', (at, n) => F.attendance({ _id: `attendance:event:e${n}:u1`, target_id: `e${n}`, created_at: at })],
  ['a rating', 'members', (at, n) => F.rating({ _id: `rating:provider:f${n}:u1`, target_id: `f${n}`, created_at: at })],
];

describe("a member's write stamped ahead of the server's clock", () => {
  it.each(writes)('%s: a minute ahead is stored, a day ahead is refused and not stored', async (_name, db, make) => {
    const soon = make(ahead(MINUTE), '1');
    expect((await put(db, soon)).status).toBe(201);
    const tomorrow = make(ahead(DAY), '2');
    const res = await put(db, tomorrow);
    expect(res.status).toBe(403);
    expect(res.reason).toMatch(REASON);
    expect(await stored(db, String(tomorrow._id))).toBe(false);
  });

  it("the server's answers to writes carry its clock, which the device stamps by (web/src/data/server-clock.ts)", async () => {
    for (const url of [`${s.dbUrl}/chat/_bulk_docs`, `${s.url}/api/auth/refresh`]) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ docs: [] }) });
      await res.body?.cancel();
      const date = Date.parse(res.headers.get('date') ?? '');
      expect(Math.abs(date - Date.now()), url).toBeLessThan(5000);
    }
  });

  it('settings changed with a stamp a day ahead are refused', async () => {
    const res = await put(USERDB, F.settings({ receipts_checked_at: ahead(DAY) }));
    expect(res.status).toBe(403);
    expect(res.reason).toMatch(/^receipts_checked_at must be no more than 10 minutes ahead/);
  });

  it('replicated from a device (new_edits:false), a message dated 2099 is refused beside one that is not', async () => {
    const far = '2099-01-01T00:00:00.000Z';
    const now = new Date().toISOString();
    const docs: Doc[] = [
      { ...F.chatMessage({ _id: messageId(far, 'rep1'), created_at: far }), _rev: '1-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      { ...F.chatMessage({ _id: messageId(now, 'rep2'), created_at: now }), _rev: '1-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' },
    ];
    const res = await fetch(`${s.dbUrl}/chat/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ docs, new_edits: false }),
    });
    expect(res.status).toBe(201);
    const rows = (await res.json()) as Array<{ id: string; error?: string; reason?: string }>;
    expect(rows.find((r) => r.id === String(docs[0]!._id))).toMatchObject({ error: 'forbidden', reason: expect.stringMatching(REASON) });
    expect(await stored('chat', String(docs[0]!._id))).toBe(false);
    expect(await stored('chat', String(docs[1]!._id))).toBe(true);
  });
});

describe("an admin's and the server's writes", () => {
  it('an admin form with updatedat a day ahead is refused', async () => {
    const admin = await s.token('a1', ['member', 'admin']);
    const res = await put('members', F.by(F.admin, F.form(), 'updatedat'), admin);
    expect(res.status).toBe(201);
    const ahead1 = await put('members', { ...F.by(F.admin, F.form({ _id: 'form:package:k2', targetid: 'k2' }), 'updatedat'), updatedat: ahead(DAY) }, admin);
    expect(ahead1.status).toBe(403);
    expect(ahead1.reason).toMatch(/^updatedat must be no more than 10 minutes ahead/);
  });

  it('the server cannot store a band dated 2099 either', async () => {
    const res = await s.server.ctx.adminCall('PUT', '/catalog/band:far1', F.band({ _id: 'band:far1', created_at: '2099-01-01T00:00:00.000Z' }));
    expect(res.status).toBe(403);
  });
});
