// The document size caps at their value (the abuse suite drives limit + 1 through the real
// server). Here a database without validators, so only the cap decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOC_BYTES, MAX_LOCAL_DOC_BYTES, REVS_LIMIT as MAX_REVS_HISTORY, MAX_REV_POS } from '../../../couch/src/limits.ts';
import { ADMIN, ClientPouchDB, memoryDb, remoteDb, startCouch, type TestCouch } from './couch-helpers.ts';

let t: TestCouch;
const DB = 'userdb-6c696d697473';

beforeAll(async () => {
  t = await startCouch();
  expect((await t.req('PUT', `/${DB}`)).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

function docOfSize(id: string, bytes: number): Record<string, unknown> {
  const base = Buffer.byteLength(JSON.stringify({ _id: id, pad: '' }));
  return { _id: id, pad: 'é'.repeat(Math.floor((bytes - base) / 2)) + 'x'.repeat((bytes - base) % 2) };
}

describe('document size caps', () => {
  it(`a document of ${MAX_DOC_BYTES} bytes (UTF-8) is written, one byte more is not`, async () => {
    const at = docOfSize('doc:at', MAX_DOC_BYTES);
    expect(Buffer.byteLength(JSON.stringify(at))).toBe(MAX_DOC_BYTES);
    expect((await t.req('PUT', `/${DB}/doc:at`, { body: at })).status).toBe(201);
    const past = await t.req('PUT', `/${DB}/doc:past`, { body: docOfSize('doc:past', MAX_DOC_BYTES + 1) });
    expect(past.status).toBe(413);
    expect(past.body).toEqual({ error: 'document_too_large', reason: expect.stringContaining(String(MAX_DOC_BYTES)) });
    expect((await t.req('POST', `/${DB}`, { body: docOfSize('doc:post', MAX_DOC_BYTES + 1) })).status).toBe(413);
    expect((await t.req('GET', `/${DB}/doc:past`)).status).toBe(404);
  });

  it('the replicated history does not count toward the cap', async () => {
    const doc = { ...docOfSize('doc:hist', MAX_DOC_BYTES - 200), _rev: '3-c', _revisions: { start: 3, ids: ['c', 'b', 'a'] } };
    const res = await t.req('POST', `/${DB}/_bulk_docs`, { body: { new_edits: false, docs: [doc] } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([]);
  });

  it(`a _local document of ${MAX_LOCAL_DOC_BYTES} bytes is written, one byte more is not`, async () => {
    expect((await t.req('PUT', `/${DB}/_local/at`, { body: docOfSize('_local/at', MAX_LOCAL_DOC_BYTES) })).status).toBe(201);
    const past = await t.req('PUT', `/${DB}/_local/past`, { body: docOfSize('_local/past', MAX_LOCAL_DOC_BYTES + 1) });
    expect(past.status).toBe(413);
    expect((await t.req('GET', `/${DB}/_local/past`)).status).toBe(404);
  });

  it('a _local revision number is bounded like a document one', async () => {
    const res = await t.req('PUT', `/${DB}/_local/rev`, { body: { _rev: `0-${MAX_REV_POS + 1}` } });
    expect(res.status).toBe(400);
  });
});

describe('replication with a long history', () => {
  it('a PouchDB client pushes a document edited past revs_limit, keeps editing, and a second client pulls it', async () => {
    const local = memoryDb('history');
    let rev = (await local.put({ _id: 'doc:long', n: 0 })).rev;
    for (let n = 1; n < MAX_REVS_HISTORY + 20; n++) rev = (await local.put({ _id: 'doc:long', _rev: rev, n })).rev;
    const remote = remoteDb(t, DB, ADMIN);
    const first = await ClientPouchDB.replicate(local, remote);
    expect(first.doc_write_failures).toBe(0);
    const server = await t.req('GET', `/${DB}/doc:long?revs=true`);
    expect(server.body._rev).toBe(rev);
    expect(server.body._revisions.ids).toHaveLength(MAX_REVS_HISTORY);

    rev = (await local.put({ _id: 'doc:long', _rev: rev, n: 'last' })).rev;
    expect((await ClientPouchDB.replicate(local, remote)).doc_write_failures).toBe(0);
    const other = memoryDb('history-pull');
    await ClientPouchDB.replicate(remote, other);
    const pulled = await other.get('doc:long', { conflicts: true });
    expect(pulled._rev).toBe(rev);
    expect(pulled._conflicts).toBeUndefined();
    await Promise.all([local.destroy(), other.destroy()]);
  });
});
