// Who may do what: membership from `_security`, admin-only endpoints, design documents and the
// reserved `_local/_*` documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { ADMIN, MEMBERS_ONLY, PUBLIC, bearer, provision, startCouch, type TestCouch } from './couch-helpers.ts';

const MEMBER = bearer('mia', 'member');
const OUTSIDER = bearer('olga');
const ADMIN_ROLE = bearer('ada', 'member', 'admin');

let t: TestCouch;
beforeAll(async () => {
  t = await startCouch();
  await provision(t, 'catalog', PUBLIC);
  await provision(t, 'members', MEMBERS_ONLY);
  await t.req('PUT', '/members/profile%3Amia', { body: { type: 'profile', first_name: 'Mia' } });
});
afterAll(async () => {
  await t.close();
});

const seq = async (db: string) => (await t.req('GET', `/${db}`)).body.update_seq as number;

describe('membership', () => {
  const reads = [
    ['GET', '/members'],
    ['GET', '/members/profile%3Amia'],
    ['GET', '/members/_all_docs?include_docs=true'],
    ['GET', '/members/_changes?include_docs=true'],
    ['POST', '/members/_find'],
    ['POST', '/members/_bulk_get'],
    ['POST', '/members/_revs_diff'],
    ['GET', '/members/_local/checkpoint'],
    ['GET', '/members/_security'],
    ['GET', '/members/_design/anything'],
  ] as const;

  it('anonymous callers get 401 everywhere in a members-only database', async () => {
    for (const [method, p] of reads) {
      const res = await t.req(method, p, { auth: null, body: method === 'POST' ? { selector: {}, docs: [] } : undefined });
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    }
  });

  it('signed-in non-members get 403 everywhere', async () => {
    for (const [method, p] of reads) {
      const res = await t.req(method, p, { auth: OUTSIDER, body: method === 'POST' ? { selector: {}, docs: [] } : undefined });
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body.error).toBe('forbidden');
    }
  });

  it('non-members cannot write either, and nothing is written', async () => {
    const before = await seq('members');
    for (const auth of [null, OUTSIDER]) {
      expect((await t.req('PUT', '/members/profile%3Ax', { auth, body: { type: 'profile' } })).status).toBeGreaterThanOrEqual(401);
      expect((await t.req('POST', '/members/_bulk_docs', { auth, body: { docs: [{ _id: 'profile:y' }] } })).status).toBeGreaterThanOrEqual(401);
      expect((await t.req('PUT', '/members/_local/cp', { auth, body: { x: 1 } })).status).toBeGreaterThanOrEqual(401);
    }
    expect(await seq('members')).toBe(before);
  });

  it('members read everything in the database, including _find and _bulk_get', async () => {
    expect((await t.req('GET', '/members/profile%3Amia', { auth: MEMBER })).body.first_name).toBe('Mia');
    const found = await t.req('POST', '/members/_find', { auth: MEMBER, body: { selector: { type: 'profile' } } });
    expect(found.body.docs.map((d: any) => d._id)).toEqual(['profile:mia']);
    const got = await t.req('POST', '/members/_bulk_get', { auth: MEMBER, body: { docs: [{ id: 'profile:mia' }] } });
    expect(got.body.results[0].docs[0].ok.first_name).toBe('Mia');
    expect((await t.req('GET', '/members/_security', { auth: MEMBER })).body).toEqual(MEMBERS_ONLY);
  });

  it('a public database (empty members) is readable by anonymous callers', async () => {
    expect((await t.req('GET', '/catalog', { auth: null })).status).toBe(200);
    expect((await t.req('GET', '/catalog/_changes', { auth: null })).status).toBe(200);
  });

  it('a database without a stored _security is admin-only (CouchDB 3)', async () => {
    expect((await t.req('PUT', '/receipts')).status).toBe(201);
    expect((await t.req('GET', '/receipts', { auth: ADMIN_ROLE })).status).toBe(403);
    expect((await t.req('GET', '/receipts', { auth: null })).status).toBe(401);
    expect((await t.req('GET', '/receipts')).status).toBe(200);
    expect((await t.req('GET', '/receipts/_security')).body.members.roles).toEqual(['_admin']);
  });

  it('a userdb is readable by its user only', async () => {
    const db = userDbName('u1');
    await provision(t, db, { admins: { names: [], roles: [] }, members: { names: ['u1'], roles: [] } });
    expect((await t.req('GET', `/${db}`, { auth: bearer('u1', 'member') })).status).toBe(200);
    expect((await t.req('GET', `/${db}`, { auth: bearer('u2', 'member') })).status).toBe(403);
  });

  it('a bad token is a 401 before anything else', async () => {
    for (const auth of ['Bearer garbage', 'Basic abc']) {
      const res = await t.req('GET', '/catalog', { auth });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', reason: 'The access token is not valid' });
    }
  });

  it('a missing database is a 404 for everyone, and is never created by asking', async () => {
    for (const auth of [null, MEMBER, ADMIN]) {
      const res = await t.req('GET', '/chat', { auth });
      expect(res).toMatchObject({ status: 404, body: { error: 'not_found', reason: 'Database does not exist.' } });
    }
    expect((await t.req('PUT', '/chat/message%3A1', { body: {} })).status).toBe(404);
    expect((await t.req('GET', '/_all_dbs')).body).not.toContain('chat');
  });
});

describe('admin-only endpoints', () => {
  const asUsers = [null, MEMBER, ADMIN_ROLE];

  it('server endpoints', async () => {
    for (const auth of asUsers) {
      const expected = auth === null ? 401 : 403;
      expect((await t.req('GET', '/_all_dbs', { auth })).status).toBe(expected);
      expect((await t.req('GET', '/_db_updates', { auth })).status).toBe(expected);
      expect((await t.req('PUT', '/chat', { auth })).status).toBe(expected);
      expect((await t.req('DELETE', '/catalog', { auth })).status).toBe(expected);
    }
    expect((await t.req('GET', '/_all_dbs')).body).toEqual(expect.arrayContaining(['catalog', 'members']));
  });

  it('PUT _security and index management', async () => {
    for (const auth of asUsers) {
      expect((await t.req('PUT', '/catalog/_security', { auth, body: MEMBERS_ONLY })).status).toBeGreaterThanOrEqual(401);
      expect((await t.req('POST', '/catalog/_index', { auth, body: { index: { fields: ['type'] } } })).status).toBeGreaterThanOrEqual(401);
      expect((await t.req('GET', '/catalog/_index', { auth })).status).toBeGreaterThanOrEqual(401);
      expect((await t.req('DELETE', '/catalog/_index/idx/json/type', { auth })).status).toBeGreaterThanOrEqual(401);
    }
    expect((await t.req('GET', '/catalog/_security')).body).toEqual(PUBLIC);
  });

  it('creating a database that is not a Fete database is refused, even for the admin', async () => {
    expect((await t.req('PUT', '/somethingelse')).status).toBe(403);
    expect((await t.req('PUT', '/userdb-zz')).status).toBe(403);
    expect((await t.req('PUT', '/Bad')).body.error).toBe('illegal_database_name');
  });

  it('security objects are validated', async () => {
    for (const body of [{ members: { roles: 'member' } }, { members: [] }, { other: {} }]) {
      expect((await t.req('PUT', '/catalog/_security', { body })).status).toBe(400);
    }
    expect((await t.req('PUT', '/catalog/_security', { raw: '[]' })).status).toBe(400);
    expect((await t.req('GET', '/catalog/_security')).body).toEqual(PUBLIC);
  });
});

describe('design documents', () => {
  it('non-admins cannot write them by any route', async () => {
    const before = await seq('catalog');
    const ddoc = { validate_doc_update: 'function () {}' };
    for (const auth of [MEMBER, ADMIN_ROLE]) {
      const put = await t.req('PUT', '/catalog/_design/evil', { auth, body: ddoc });
      expect(put).toMatchObject({ status: 403, body: { error: 'forbidden', reason: 'You are not a db or server admin.' } });
      const encoded = await t.req('PUT', '/catalog/_design%2Fevil', { auth, body: ddoc });
      expect(encoded.status).toBe(403);
      const bulk = await t.req('POST', '/catalog/_bulk_docs', { auth, body: { docs: [{ _id: '_design/evil', ...ddoc }] } });
      expect(bulk.body).toEqual([{ id: '_design/evil', error: 'forbidden', reason: 'You are not a db or server admin.' }]);
      const repl = await t.req('POST', '/catalog/_bulk_docs', {
        auth,
        body: { new_edits: false, docs: [{ _id: '_design/evil', _rev: '1-abc', ...ddoc }] },
      });
      expect(repl.body).toEqual([{ id: '_design/evil', rev: '1-abc', error: 'forbidden', reason: 'You are not a db or server admin.' }]);
      const post = await t.req('POST', '/catalog', { auth, body: { _id: '_design/evil', ...ddoc } });
      expect(post.status).toBe(403);
    }
    const anon = await t.req('PUT', '/catalog/_design/evil', { auth: null, body: ddoc });
    expect(anon).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    expect(await seq('catalog')).toBe(before);
  });

  it('deleting a design document is refused to non-admins too', async () => {
    const put = await t.req('PUT', '/catalog/_design/keep', { body: { views: {} } });
    const del = await t.req('DELETE', `/catalog/_design/keep?rev=${put.body.rev}`, { auth: MEMBER });
    expect(del.status).toBe(403);
    expect((await t.req('GET', '/catalog/_design/keep', { auth: MEMBER })).status).toBe(200);
  });
});

describe('reserved local documents', () => {
  it('_local/_security is refused to everyone but the admin, by every route', async () => {
    for (const auth of [null, MEMBER, ADMIN_ROLE]) {
      for (const path of ['/catalog/_local/_security', '/catalog/_local%2F_security']) {
        expect((await t.req('GET', path, { auth })).status, `GET ${path}`).toBeGreaterThanOrEqual(401);
        expect((await t.req('PUT', path, { auth, body: { members: {} } })).status).toBeGreaterThanOrEqual(401);
        expect((await t.req('DELETE', `${path}?rev=0-1`, { auth })).status).toBeGreaterThanOrEqual(401);
      }
      const bulk = await t.req('POST', '/catalog/_bulk_docs', { auth, body: { docs: [{ _id: '_local/_security', members: {} }] } });
      expect(bulk.body[0].error).toMatch(/unauthorized|forbidden/);
    }
    // PouchDB's own bookkeeping is just as reserved: destroying a database destroys every path
    // listed in `_pouch_dependentDbs`, and index clean-up those listed in `indexes`/`mrviews`.
    for (const id of ['_pouch_dependentDbs', 'indexes', 'mrviews', 'purges', 'compaction']) {
      const put = await t.req('PUT', `/catalog/_local/${id}`, { auth: MEMBER, body: { dependentDbs: { '/tmp/x': true } } });
      expect(put.status, id).toBe(403);
      expect((await t.req('GET', `/catalog/_local/${id}`, { auth: MEMBER })).status, id).toBe(403);
      const bulk = await t.req('POST', '/catalog/_bulk_docs', { auth: MEMBER, body: { docs: [{ _id: `_local/${id}` }] } });
      expect(bulk.body[0].error, id).toBe('forbidden');
    }
  });

  it('security is not stored in the database, so no document write can change it', async () => {
    const all = await t.req('GET', '/catalog/_all_docs');
    expect(all.body.rows.some((r: any) => r.id.includes('security'))).toBe(false);
    // The admin may write a local doc of that name; it is just a document and changes nothing.
    expect((await t.req('PUT', '/members/_local/_security', { body: { members: { names: [], roles: [] } } })).status).toBe(201);
    expect((await t.req('GET', '/members', { auth: OUTSIDER })).status).toBe(403);
  });

  it('deleting a database never follows a dependent-database list a client could have written', async () => {
    await provision(t, 'chat', PUBLIC);
    const put = await t.req('PUT', '/chat/_local/_pouch_dependentDbs', { auth: MEMBER, body: { dependentDbs: { x: true } } });
    expect(put.status).toBe(403);
    expect((await t.req('DELETE', '/chat')).status).toBe(200);
    expect((await t.req('GET', '/members/profile%3Amia')).status).toBe(200);
  });

  it('members may keep replication checkpoints', async () => {
    const put = await t.req('PUT', '/members/_local/abc123', { auth: MEMBER, body: { last_seq: 5 } });
    expect(put.body).toEqual({ ok: true, id: '_local/abc123', rev: '0-1' });
    const got = await t.req('GET', '/members/_local/abc123', { auth: MEMBER });
    expect(got.body).toEqual({ _id: '_local/abc123', _rev: '0-1', last_seq: 5 });
    const upd = await t.req('PUT', '/members/_local/abc123', { auth: MEMBER, body: { _rev: '0-1', last_seq: 6 } });
    expect(upd.body.rev).toBe('0-2');
    expect((await t.req('PUT', '/members/_local/abc123', { auth: MEMBER, body: { _rev: '0-1' } })).status).toBe(409);
    expect((await t.req('DELETE', '/members/_local/abc123?rev=0-2', { auth: MEMBER })).status).toBe(200);
    expect((await t.req('GET', '/members/_local/abc123', { auth: MEMBER })).status).toBe(404);
  });
});
