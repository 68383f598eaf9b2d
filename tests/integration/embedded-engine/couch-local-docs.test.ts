// `_local` documents: members keep replication checkpoints there, whatever their id looks like,
// and only `_local/_security` is reserved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERS_ONLY, bearer, provision, startCouch } from './couch-helpers.ts';
import type { TestCouch } from './couch-helpers.ts';

let t: TestCouch;
beforeAll(async () => {
  t = await startCouch();
  await provision(t, 'members', MEMBERS_ONLY);
});
afterAll(async () => {
  await t?.close();
});

describe('_local documents', () => {
  // PouchDB's checkpoint ids are base64 with '+' written as '_', so about one in 64 starts with '_'.
  // Refusing those stopped one client in ten from ever syncing (found by the SIGKILL crash test).
  it.each(['_afsAR9tDfz42iDs.W55WA==', 'abc', '_pouch_x'])('lets a member write and read checkpoint %s', async (id) => {
    const url = `/members/_local/${encodeURIComponent(id)}`;
    const put = await t.req('PUT', url, { auth: bearer('m1', 'member'), body: { last_seq: 3 } });
    expect(put.status).toBe(201);
    const get = await t.req('GET', url, { auth: bearer('m1', 'member') });
    expect(get.status).toBe(200);
    expect(get.body.last_seq).toBe(3);
    const bulk = await t.req('POST', '/members/_bulk_docs', { auth: bearer('m1', 'member'), body: { docs: [{ _id: `_local/${id}x`, last_seq: 4 }] } });
    expect(bulk.status).toBe(201);
    expect(bulk.body[0].error).toBeUndefined();
  });

  it('keeps _local/_security for admins only', async () => {
    expect((await t.req('PUT', '/members/_local/_security', { auth: bearer('m1', 'member'), body: { members: {} } })).status).toBe(403);
    expect((await t.req('GET', '/members/_local/_security', { auth: bearer('m1', 'member') })).status).toBe(403);
  });
});
