// PouchDB's own replicator against the embedded server, both ways, with a validate_doc_update
// that accepts some documents and refuses others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  PUBLIC,
  bearer,
  memoryDb,
  provision,
  remoteDb,
  startCouch,
  ClientPouchDB,
  type TestCouch,
} from './couch-helpers.ts';

// Admins anything; a signed-in user may write an `event` they organise (and delete their own);
// `secret` docs are refused to everyone but admins; anonymous writers must sign in.
const VDU = `function (newDoc, oldDoc, userCtx, secObj) {
  if (userCtx.roles.indexOf('_admin') !== -1) return;
  if (!userCtx.name) throw { unauthorized: 'Sign in to write' };
  if (newDoc._deleted) {
    if (!oldDoc || oldDoc.organizer_id !== userCtx.name) throw { forbidden: 'Only the organiser may delete' };
    return;
  }
  if (newDoc.type === 'secret') throw { forbidden: 'secret docs are for admins' };
  if (newDoc.type !== 'event') throw { forbidden: 'Only events' };
  if (newDoc.organizer_id !== userCtx.name) throw { forbidden: 'organizer_id must be you' };
  if (oldDoc && oldDoc.organizer_id !== userCtx.name) throw { forbidden: 'Not your event' };
}`;

const ALICE = bearer('alice', 'member');

let t: TestCouch;
beforeAll(async () => {
  t = await startCouch();
  await provision(t, 'catalog', PUBLIC, VDU);
});
afterAll(async () => {
  await t.close();
});

describe('push (client → server)', () => {
  it('writes the allowed documents and reports the refused ones as denied', async () => {
    const local = memoryDb();
    await local.bulkDocs([
      { _id: 'event:a1', type: 'event', organizer_id: 'alice', name: 'Fete one' },
      { _id: 'event:a2', type: 'event', organizer_id: 'alice', name: 'Fete two' },
      { _id: 'event:a3', type: 'event', organizer_id: 'alice', name: 'Fete three' },
      { _id: 'event:b1', type: 'event', organizer_id: 'bob', name: 'Not hers' },
      { _id: 'secret:1', type: 'secret', organizer_id: 'alice' },
    ]);
    const denied: any[] = [];
    const rep = ClientPouchDB.replicate(local, remoteDb(t, 'catalog', ALICE), { batch_size: 10 });
    rep.on('denied', (e) => denied.push(e));
    const result = await rep;

    expect(result.docs_written).toBe(3);
    expect(result.doc_write_failures).toBe(2);
    expect(denied.map((d) => d.id).sort()).toEqual(['event:b1', 'secret:1']);
    expect(denied.every((d) => d.name === 'forbidden')).toBe(true);
    expect(denied.find((d) => d.id === 'secret:1').message ?? denied.find((d) => d.id === 'secret:1').reason).toContain(
      'secret',
    );

    const all = await t.req('GET', '/catalog/_all_docs?startkey=%22event%3A%22&endkey=%22event%3A%EF%BF%B0%22');
    expect(all.body.rows.map((r: any) => r.id)).toEqual(['event:a1', 'event:a2', 'event:a3']);
    expect((await t.req('GET', '/catalog/secret%3A1')).status).toBe(404);
  });

  it('replicates deletions, and refuses deleting someone else’s document', async () => {
    expect((await t.req('PUT', '/catalog/event%3Abob', { body: { type: 'event', organizer_id: 'bob' } })).status).toBe(201);
    const local = memoryDb();
    await ClientPouchDB.replicate(remoteDb(t, 'catalog', ALICE), local);
    const mine = await local.get('event:a1');
    const bobs = await local.get('event:bob');
    await local.remove(mine);
    await local.remove(bobs);

    const denied: any[] = [];
    const rep = ClientPouchDB.replicate(local, remoteDb(t, 'catalog', ALICE));
    rep.on('denied', (e) => denied.push(e));
    const result = await rep;
    expect(result.docs_written).toBe(1);
    expect(denied.map((d) => d.id)).toEqual(['event:bob']);

    expect((await t.req('GET', '/catalog/event%3Aa1')).body).toEqual({ error: 'not_found', reason: 'deleted' });
    expect((await t.req('GET', '/catalog/event%3Abob')).status).toBe(200);
  });

  it('pushes a conflicting edit, and the server keeps both leaves', async () => {
    const local = memoryDb();
    await ClientPouchDB.replicate(remoteDb(t, 'catalog', ALICE), local);
    const base = await local.get('event:a2');
    // The server moves on (admin edit), the client edits the same revision offline.
    expect((await t.req('PUT', '/catalog/event%3Aa2', { body: { ...base, name: 'server edit' } })).status).toBe(201);
    await local.put({ ...base, name: 'client edit' });

    const result = await ClientPouchDB.replicate(local, remoteDb(t, 'catalog', ALICE));
    expect(result.doc_write_failures).toBe(0);
    expect(result.docs_written).toBe(1);

    const doc = await t.req('GET', '/catalog/event%3Aa2?conflicts=true');
    expect(doc.body._conflicts).toHaveLength(1);
    const leaves = await t.req('GET', '/catalog/event%3Aa2?open_revs=all');
    expect(leaves.body.map((l: any) => l.ok.name).sort()).toEqual(['client edit', 'server edit']);
  });

  it('an anonymous push is refused as unauthorized', async () => {
    const local = memoryDb();
    await local.put({ _id: 'event:anon', type: 'event', organizer_id: 'nobody' });
    const denied: any[] = [];
    const rep = ClientPouchDB.replicate(local, remoteDb(t, 'catalog', null));
    rep.on('denied', (e) => denied.push(e));
    const result = await rep;
    expect(result.docs_written).toBe(0);
    expect(denied.map((d) => d.name)).toEqual(['unauthorized']);
  });
});

describe('pull (server → client)', () => {
  it('pulls documents, deletions and conflicts exactly', async () => {
    await provision(t, 'members', PUBLIC);
    const docs = Array.from({ length: 120 }, (_, i) => ({ _id: `profile:${String(i).padStart(4, '0')}`, type: 'profile', n: i }));
    const written = await t.req('POST', '/members/_bulk_docs', { body: { docs } });
    expect(written.status).toBe(201);
    // Delete ten, and give one document a second branch (as a replicated conflict would).
    const dels = written.body.slice(0, 10).map((r: any) => ({ _id: r.id, _rev: r.rev, _deleted: true }));
    expect((await t.req('POST', '/members/_bulk_docs', { body: { docs: dels } })).status).toBe(201);
    const branch = { _id: 'profile:0050', _rev: '1-b0b0', _revisions: { start: 1, ids: ['b0b0'] }, type: 'profile', n: -50 };
    const repl = await t.req('POST', '/members/_bulk_docs', { body: { docs: [branch], new_edits: false } });
    expect(repl.body).toEqual([]);

    const local = memoryDb();
    const result = await ClientPouchDB.replicate(remoteDb(t, 'members', bearer('zoe', 'member')), local, { batch_size: 25 });
    expect(result.ok).toBe(true);
    const all = await local.allDocs({ include_docs: true, conflicts: true, startkey: 'profile:', endkey: 'profile:\ufff0' });
    expect(all.rows).toHaveLength(110);
    expect(all.rows[0].id).toBe('profile:0010');
    const conflicted = all.rows.find((r: any) => r.id === 'profile:0050');
    expect(conflicted.doc._conflicts).toHaveLength(1);
    const server = await t.req('GET', '/members/profile%3A0050?conflicts=true');
    expect(conflicted.doc._rev).toBe(server.body._rev);
    await expect(local.get('profile:0003')).rejects.toMatchObject({ status: 404 });
    const deletedLocally = await local.get('profile:0003', { revs: true, open_revs: 'all' });
    expect(deletedLocally[0].ok._deleted).toBe(true);
  });

  it('a second pull resumes from the checkpoint and reads only what changed', async () => {
    const local = memoryDb();
    const remote = remoteDb(t, 'members', ADMIN);
    await ClientPouchDB.replicate(remote, local);
    expect((await t.req('PUT', '/members/profile%3Anew', { body: { type: 'profile' } })).status).toBe(201);
    const second = await ClientPouchDB.replicate(remote, local);
    expect(second.docs_read).toBe(1);
    expect((await local.get('profile:new')).type).toBe('profile');
  });

  it('live pull sees a write through the longpoll', async () => {
    const local = memoryDb();
    const rep = ClientPouchDB.replicate(remoteDb(t, 'members', ADMIN), local, { live: true, retry: false });
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect((await t.req('PUT', '/members/profile%3Alive', { body: { type: 'profile', live: true } })).status).toBe(201);
      const end = Date.now() + 5000;
      let doc: any = null;
      while (!doc && Date.now() < end) {
        doc = await local.get('profile:live').catch(() => null);
        if (!doc) await new Promise((r) => setTimeout(r, 20));
      }
      expect(doc?.live).toBe(true);
    } finally {
      rep.cancel();
    }
  });
});
