// Streamed answers (ADR 037) read storage a page at a time; they must answer exactly
// what one read of the whole would. Each case is compared with PouchDB's own answer over the
// same documents, with ranges, skips and limits that cross page boundaries (READ_PAGE_ROWS).
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_PAGE_ROWS } from '../../../couch/src/limits.ts';
import { PUBLIC, provision, startCouch, type TestCouch } from './couch-helpers.ts';

const require = createRequire(import.meta.url);
const PouchDB = require('pouchdb-node');
PouchDB.plugin(require('pouchdb-adapter-memory'));
PouchDB.plugin(require('pouchdb-find'));

const N = READ_PAGE_ROWS * 3 + 37;
const pad = (i: number) => String(i).padStart(4, '0');
const docs = Array.from({ length: N }, (_, i) => ({
  _id: `d${pad((i * 7919) % N)}`,
  type: i % 3 === 0 ? 'a' : 'b',
  n: i,
  tags: i % 5 === 0 ? ['x', 'y'] : ['y'],
  ...(i % 4 === 0 ? { nested: { v: i % 10 } } : {}),
}));

let t: TestCouch;
let mirror: any;
beforeAll(async () => {
  t = await startCouch();
  await provision(t, 'catalog', PUBLIC);
  mirror = new PouchDB(`mirror-${Date.now()}`, { adapter: 'memory' });
  for (let i = 0; i < docs.length; i += 500) {
    const batch = docs.slice(i, i + 500);
    expect((await t.req('POST', '/catalog/_bulk_docs', { body: { docs: batch } })).status).toBe(201);
  }
  // The same revisions in the mirror, in the order they were written, so rows and feeds compare whole.
  const all = await t.req('POST', '/catalog/_all_docs', { body: { keys: docs.map((d) => d._id), include_docs: true } });
  // One at a time: a batch with new_edits false is stored in id order, not in the order given.
  for (const r of all.body.rows as { doc: unknown }[]) await mirror.bulkDocs([r.doc], { new_edits: false });
  // A deletion, so ranges and keys meet a tombstone.
  const gone = await t.req('GET', '/catalog/d0003');
  await t.req('DELETE', `/catalog/d0003?rev=${gone.body._rev}`);
  const m = await mirror.get('d0003');
  await mirror.remove(m);
});
afterAll(async () => {
  await mirror?.destroy();
  await t.close();
});

const userRows = (rows: { id?: string }[]) => rows.filter((r) => !r.id?.startsWith('_design/'));

describe('_all_docs streams what one read answers', () => {
  const cases: Record<string, unknown>[] = [
    {},
    { include_docs: true },
    { include_docs: true, limit: READ_PAGE_ROWS + 1 },
    { startkey: 'd0100', endkey: 'd0500', include_docs: true },
    { startkey: 'd0100', endkey: 'd0500', inclusive_end: false, skip: 3 },
    { startkey: 'd0600', endkey: 'd0010', descending: true, include_docs: true, skip: 5, limit: 2 * READ_PAGE_ROWS + 3 },
    { key: 'd0042', include_docs: true },
    { skip: N - 5 },
  ];
  for (const opts of cases) {
    it(JSON.stringify(opts), async () => {
      const q = new URLSearchParams(Object.entries(opts).map(([k, v]) => [k, JSON.stringify(v)]));
      const res = await t.req('GET', `/catalog/_all_docs?${q}`, { auth: null });
      expect(res.status).toBe(200);
      const want = await mirror.allDocs(opts);
      expect(userRows(res.body.rows)).toEqual(want.rows);
      expect(res.body.next).toBeUndefined();
    });
  }

  it('keys across several pages, with a deleted and a missing one, skip and limit', async () => {
    const keys = [...docs.map((d) => d._id).reverse(), 'nope', 'd0003'];
    const res = await t.req('POST', '/catalog/_all_docs', { auth: null, body: { keys, include_docs: true, skip: 2, limit: keys.length - 3 } });
    const want = await mirror.allDocs({ keys: keys.slice(2, keys.length - 1), include_docs: true });
    expect(res.body.rows).toEqual(want.rows);
  });
});

describe('_find streams what pouchdb-find answers', () => {
  const cases: Record<string, unknown>[] = [
    { selector: { type: 'a' }, limit: 10_000 },
    { selector: { n: { $gt: 300 } }, limit: 50, skip: 170 },
    { selector: { $or: [{ type: 'a' }, { n: { $lt: 10 } }] }, fields: ['_id', 'n'], limit: 10_000 },
    { selector: { tags: { $elemMatch: { $eq: 'x' } } }, limit: 10_000 },
    { selector: { 'nested.v': { $gte: 5 } }, fields: ['_id', 'nested.v'], limit: 10_000 },
    { selector: { _id: { $gt: 'd0500' } }, sort: [{ _id: 'desc' }], limit: 10_000 },
    { selector: { type: 'b' } },
    { selector: {}, limit: 10_000, skip: 7 },
  ];
  for (const body of cases) {
    it(JSON.stringify(body), async () => {
      const res = await t.req('POST', '/catalog/_find', { auth: null, body });
      expect(res.status).toBe(200);
      const want = await mirror.find(structuredClone(body));
      expect(res.body.docs).toEqual(want.docs);
      expect(res.body.next).toBeUndefined();
    });
  }

  it('a document that lacks a nested field simply does not match', async () => {
    const res = await t.req('POST', '/catalog/_find', { auth: null, body: { selector: { nested: { v: { $eq: 4 } } }, fields: ['_id'], limit: 10_000 } });
    expect(res.status).toBe(200);
    expect(res.body.docs.length).toBe(docs.filter((d) => d.nested?.v === 4 && d._id !== 'd0003').length);
  });

  it('an unknown operator is a 400 before anything is read', async () => {
    const res = await t.req('POST', '/catalog/_find', { auth: null, body: { selector: { $or: [{ type: 'a' }, { n: { $bogus: 1 } }] } } });
    expect(res.status).toBe(400);
    expect(res.body.reason).toMatch(/Invalid operator: \$bogus/);
  });
});

describe('_changes streams what one read answers', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['', {}],
    ['include_docs=true&style=all_docs', { include_docs: true, style: 'all_docs' }],
    [`limit=${READ_PAGE_ROWS * 2 + 1}`, { limit: READ_PAGE_ROWS * 2 + 1 }],
  ];
  for (const [query, opts] of cases) {
    it(query || '(no options)', async () => {
      const res = await t.req('GET', `/catalog/_changes?${query}`, { auth: null });
      expect(res.status).toBe(200);
      const ours = res.body.results.filter((r: { id: string }) => !r.id.startsWith('_design/'));
      // Sequences differ between the two stores; ids, order, revisions and documents do not.
      const want = (await mirror.changes(opts)).results;
      const shape = (rows: any[]) => rows.map((r) => ({ id: r.id, changes: r.changes, deleted: r.deleted, doc: r.doc }));
      expect(shape(ours)).toEqual(shape(want));
      expect(res.body.last_seq).toBe(res.body.results[res.body.results.length - 1].seq);
    });
  }

  it('since and limit cut the same feed at the same rows', async () => {
    const whole = (await t.req('GET', '/catalog/_changes', { auth: null })).body.results as { seq: number }[];
    const since = (whole[50] as { seq: number }).seq;
    const res = await t.req('GET', `/catalog/_changes?since=${since}&limit=${READ_PAGE_ROWS + 7}`, { auth: null });
    expect(res.body.results).toEqual(whole.slice(51, 51 + READ_PAGE_ROWS + 7));
  });

  it('a selector filter across pages', async () => {
    const res = await t.req('POST', '/catalog/_changes?filter=_selector&include_docs=true', { auth: null, body: { selector: { type: 'a' } } });
    const ids = res.body.results.map((r: { id: string }) => r.id).sort();
    expect(ids).toEqual(docs.filter((d) => d.type === 'a' && d._id !== 'd0003').map((d) => d._id).sort());
  });
});
