// ADR 036: the server accepts only what the schemas describe. The two problems as they were
// reproduced (a member who may write sends unknown fields or values out of range), then a sample
// of the generated documents of every type through the real server, on whichever backend runs.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { onEveryCopy } from './helpers/couch-namespace.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import * as F from '../unit/validate-support.ts';
import { BASES, invalidDoc, validDoc } from '../support/contract-arbitraries.ts';

type Doc = Record<string, unknown>;

let s: TestServer;
const MEMBER = 'u1';
const OWNER = 'o1';

beforeAll(async () => {
  // Only the validators speak here: the workers would update a written message (fan-out marks an
  // undeliverable one) between the sample's read of its revision and its write (seen on CouchDB).
  s = await startTestServer({ WORKERS: 'false' });
  await s.createUserDb(MEMBER);
});
afterAll(async () => {
  await s?.close();
});

async function put(db: string, doc: Doc, token?: string): Promise<{ status: number; body: { reason?: string; rev?: string } }> {
  const res = await fetch(`${s.dbUrl}/${db}/${encodeURIComponent(String(doc._id))}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(doc),
  });
  return { status: res.status, body: (await res.json()) as { reason?: string; rev?: string } };
}

async function stored(db: string, id: string): Promise<Doc | null> {
  const res = await s.server.ctx.adminCall('GET', `/${db}/${encodeURIComponent(id)}`);
  return res.status === 200 ? (res.body as Doc) : null;
}

/** Writes as the server (workers, seeds): only the shape and the rules between fields speak. */
async function serverPut(db: string, doc: Doc): Promise<{ status: number; reason?: string }> {
  // Every copy read (which repairs one that lags), then written.
  const current = await s.server.ctx.adminCall('GET', onEveryCopy(`/${db}/${encodeURIComponent(String(doc._id))}`, 'r')).then((r) => (r.status === 200 ? (r.body as Doc) : null));
  // On every copy of a cluster: the next sample's write names this revision, and a copy that had
  // not yet heard of it would answer 409 before the others' 403.
  const res = await s.server.ctx.adminCall('PUT', onEveryCopy(`/${db}/${encodeURIComponent(String(doc._id))}`), { ...doc, ...(current ? { _rev: current._rev } : {}) });
  return { status: res.status, reason: (res.body as { reason?: string }).reason };
}

describe('unknown fields are refused and nothing is stored', () => {
  it("a member's own event with extra fields", async () => {
    const token = await s.token(MEMBER, ['member']);
    const padded = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`pad${i}`, 'x'.repeat(5000)]));
    const res = await put('catalog', F.event({ _id: 'event:padded1', ...padded }), token);
    expect(res.status).toBe(403);
    expect(res.body.reason).toMatch(/^pad\d+ is not a field of a event$/);
    expect(await stored('catalog', 'event:padded1')).toBeNull();
    // The same event without them is the member's to add.
    expect((await put('catalog', F.event({ _id: 'event:plain1' }), token)).status).toBe(201);
  });

  it('a public chat message and a private message with an extra field', async () => {
    const token = await s.token(MEMBER, ['member']);
    const pub = F.chatMessage({ sender_id: MEMBER, blob: 'x'.repeat(4000) });
    expect((await put('chat', pub, token)).status).toBe(403);
    expect(await stored('chat', String(pub._id))).toBeNull();
    const priv = F.privateMessage({ sender_id: MEMBER, receiver_id: 'u2', blob: 'x' });
    const db = userDbName(MEMBER);
    expect((await put(db, priv, token)).status).toBe(403);
    expect(await stored(db, String(priv._id))).toBeNull();
  });
});

describe('ranges and formats hold on the server', () => {
  it("an owner's discount of 500 or -50, a menu price of -10 and a latitude of 999 are refused", async () => {
    expect([201, 202]).toContain((await serverPut('catalog', F.restaurant())).status);
    const token = await s.token(OWNER, ['member']);
    const base = (await stored('catalog', 'restaurant:r1')) as Doc;
    const edit = (o: Doc) => F.by(F.owner, { ...base, ...o });
    const discount = (percentage: number) => [{ id: 'd9', percentage, description: 'Fete week', active: true }];
    for (const change of [
      { discounts: discount(500) },
      { discounts: discount(-50) },
      { menu_items: [{ id: 'm9', name: 'Doubles', price: -10, active: true }] },
      { latitude: 999 },
    ]) {
      const res = await put('catalog', edit(change), token);
      expect(res.status, JSON.stringify(change)).toBe(403);
    }
    expect(await stored('catalog', 'restaurant:r1')).toMatchObject({ _rev: base._rev });
    // A fitting change is the owner's to make.
    expect((await put('catalog', edit({ discounts: discount(15) }), token)).status).toBe(201);
  });

  it("an event's category is one of the app's six", async () => {
    const token = await s.token(MEMBER, ['member']);
    const res = await put('catalog', F.event({ _id: 'event:rave1', category: 'Rave' }), token);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('category must be one of Party, Concert, Carnival, Cruise, Beach Party, Festival');
  });
});

describe('a sample of the generated documents, through the real server', () => {
  const SAMPLE = 3;
  it.each(BASES.map((b) => [`${b.doc.type as string} in ${b.kind}`, b] as const))('%s', async (_name, { db: kindDb, kind, doc }) => {
    const db = kind === 'userdb' ? userDbName(MEMBER) : kindDb;
    const seed = [...String(doc.type)].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % 100_000;
    for (const d of fc.sample(validDoc(kind, doc), { numRuns: SAMPLE, seed })) {
      const res = await serverPut(db, d);
      // 202: written, but a copy of the cluster answered after the others (w is every copy here).
      expect([201, 202], JSON.stringify({ d, res })).toContain(res.status);
    }
    for (const { doc: d, how } of fc.sample(invalidDoc(kind, doc), { numRuns: SAMPLE, seed })) {
      const res = await serverPut(db, d);
      expect(res.status, how).toBe(403);
    }
  });
});
