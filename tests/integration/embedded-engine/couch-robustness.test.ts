// Bad input never crashes and never writes; restarts keep data and security; server-wide events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designDocFor, indexesFor } from '../../../design-docs/src/design-docs.ts';
import { provisionDatabase, type AdminCall } from '../../../couch/src/provision.ts';
import { securityFor } from '../../../design-docs/src/databases.ts';
import { ADMIN, MEMBERS_ONLY, PUBLIC, bearer, provision, startCouch, until, type TestCouch } from './couch-helpers.ts';

let t: TestCouch;
beforeAll(async () => {
  t = await startCouch({ maxBodyBytes: 64 * 1024 });
  await provision(t, 'catalog', PUBLIC, 'function (d, o, u) { if (d.type === "no") throw { forbidden: "no" }; }');
  await t.req('PUT', '/catalog/event%3A1', { body: { type: 'event' } });
});
afterAll(async () => {
  await t.close();
});

const state = async () => {
  const info = await t.req('GET', '/catalog');
  const dbs = await t.req('GET', '/_all_dbs');
  return { seq: info.body.update_seq, count: info.body.doc_count, dbs: dbs.body };
};

describe('bad requests', () => {
  const cases: [string, string, { raw?: string; body?: unknown; auth?: string | null }?][] = [
    ['PUT', '/catalog/event%3A2', { raw: '{"type": "event",' }],
    ['PUT', '/catalog/event%3A2', { raw: '' }],
    ['PUT', '/catalog/event%3A2', { raw: '[1,2]' }],
    ['PUT', '/catalog/event%3A2', { raw: '"text"' }],
    ['PUT', '/catalog/event%3A2', { raw: 'null' }],
    ['POST', '/catalog', { raw: '{{' }],
    ['POST', '/catalog/_bulk_docs', { raw: 'nope' }],
    ['POST', '/catalog/_bulk_docs', { body: { docs: 'x' } }],
    ['POST', '/catalog/_bulk_docs', { body: { docs: [1] } }],
    ['POST', '/catalog/_bulk_docs', { body: { docs: [{ _id: 'ok:1' }, null] } }],
    ['POST', '/catalog/_bulk_docs', { body: { docs: [{ _id: 'ok:2' }], new_edits: 'no' } }],
    ['POST', '/catalog/_bulk_docs', { body: { docs: [{ _id: 'ok:3' }], new_edits: false } }],
    ['POST', '/catalog/_bulk_docs', { body: { new_edits: false, docs: [{ _id: 'ok:4', _rev: '2-a', _revisions: { start: 2, ids: ['b'] } }] } }],
    ['POST', '/catalog/_bulk_docs', { body: { new_edits: false, docs: [{ _id: 'ok:5', _rev: '1-a', _revisions: { start: 1, ids: [] } }] } }],
    ['POST', '/catalog/_bulk_get', { body: { docs: 'x' } }],
    ['POST', '/catalog/_revs_diff', { raw: '[]' }],
    ['POST', '/catalog/_find', { raw: '{"selector": ' }],
    ['PUT', '/catalog/_security', { raw: '{' }],
    ['GET', '/catalog/%E0%A4%A'],
    ['PUT', '/catalog/%ZZ', { body: {} }],
    ['GET', '/%E0%A4%A'],
    ['PUT', '/%', {}],
    ['GET', '/catalog/_changes?since=%ZZ'],
    ['GET', '/catalog/_changes?limit=ten'],
    ['GET', '/catalog/_changes?timeout=-5'],
    ['GET', '/catalog/_changes?heartbeat=often'],
    ['GET', '/catalog/_all_docs?startkey=%7B'],
    ['GET', '/catalog/event%3A1?revs=1'],
    ['GET', '/catalog/event%3A1?open_revs=%5B1%5D'],
    ['GET', '/catalog/event%3A1?open_revs=garbage'],
    ['GET', '/_db_updates?since=banana'],
    ['GET', '/_db_updates?feed=eventsource'],
    ['PUT', '/catalog/big', { body: { blob: 'x'.repeat(70 * 1024) } }],
    ['POST', '/catalog/_bulk_docs', { body: { docs: Array.from({ length: 100 }, (_, i) => ({ _id: `big:${i}`, pad: 'y'.repeat(1000) })) } }],
  ];

  it('each is a JSON 4xx and nothing is written', async () => {
    const before = await state();
    for (const [method, path, opts] of cases) {
      const res = await t.req(method, path, opts);
      const what = `${method} ${path} ${opts?.raw ?? ''}`;
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
      expect(res.headers.get('content-type'), what).toContain('application/json');
      expect(typeof res.body.error, what).toBe('string');
      expect(typeof res.body.reason, what).toBe('string');
    }
    expect(await state()).toEqual(before);
  });

  it('unknown databases and endpoints are JSON 4xx', async () => {
    const expectations: [string, string, number, string][] = [
      ['GET', '/nosuchdb', 404, 'not_found'],
      ['GET', '/nosuchdb/doc', 404, 'not_found'],
      ['PUT', '/nosuchdb/doc', 404, 'not_found'],
      ['GET', '/_config', 404, 'not_found'],
      ['POST', '/_replicate', 404, 'not_found'],
      ['GET', '/_session', 404, 'not_found'],
      ['GET', '/_all_dbs/x', 404, 'not_found'],
      ['POST', '/catalog/_compact', 404, 'not_found'],
      ['POST', '/catalog/_purge', 404, 'not_found'],
      ['GET', '/catalog/_design/x/_view/y', 404, 'not_found'],
      ['GET', '/catalog/_changes/extra', 404, 'not_found'],
      ['GET', '/Catalog', 400, 'illegal_database_name'],
      ['GET', '/1db', 400, 'illegal_database_name'],
      ['PATCH', '/catalog/event%3A1', 405, 'method_not_allowed'],
      ['DELETE', '/', 405, 'method_not_allowed'],
      ['GET', '/catalog/_bulk_docs', 405, 'method_not_allowed'],
      ['GET', '/catalog/_local', 404, 'not_found'],
    ];
    const before = await state();
    for (const [method, path, status, error] of expectations) {
      const res = await t.req(method, path);
      expect([res.status, res.body?.error], `${method} ${path}`).toEqual([status, error]);
    }
    expect(await state()).toEqual(before);
  });

  it('survives a burst of garbage without an error escaping', async () => {
    const paths = ['/', '/catalog', '/catalog/_changes', '/catalog/_bulk_docs', '/catalog/_find', '/catalog/_local/x', '/catalog/a%2Fb/c'];
    const bodies = ['', '{', 'null', '[]', '{"docs":[{"_id":{}}]}', '{"selector":{"$or":1}}', '\u0000\u0001', '{"_id":"_design/x"}'];
    const methods = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD', 'OPTIONS', 'COPY'];
    const results = await Promise.all(
      paths.flatMap((p) =>
        methods.flatMap((m) =>
          bodies.map((raw) =>
            t.couch.fetch(
              new Request(`http://couch.test${p}`, {
                method: m,
                headers: { authorization: bearer('mallory', 'member') },
                body: m === 'GET' || m === 'HEAD' ? undefined : raw,
              }),
            ),
          ),
        ),
      ),
    );
    for (const res of results) expect(res.status).toBeLessThan(500);
    expect((await t.req('GET', '/')).status).toBe(200);
  });

  it('a trailing slash names the database itself, as PouchDB sends it', async () => {
    expect((await t.req('GET', '/catalog/')).body.db_name).toBe('catalog');
  });

  it('HEAD answers without a body', async () => {
    const res = await t.couch.fetch(new Request('http://couch.test/catalog/event%3A1', { method: 'HEAD', headers: { authorization: ADMIN } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"1-/);
    expect(await res.text()).toBe('');
    const missing = await t.couch.fetch(new Request('http://couch.test/nosuchdb', { method: 'HEAD' }));
    expect(missing.status).toBe(404);
  });
});

describe('databases', () => {
  it('create, 412 on repeat, delete, 404 on repeat, recreate empty', async () => {
    expect((await t.req('PUT', '/receipts')).status).toBe(201);
    expect((await t.req('PUT', '/receipts')).body.error).toBe('file_exists');
    await t.req('PUT', '/receipts/_security', { body: MEMBERS_ONLY });
    await t.req('PUT', '/receipts/receipt%3A1', { body: { type: 'receipt' } });
    await t.req('POST', '/receipts/_index', { body: { index: { fields: ['type'] } } });
    await t.req('POST', '/receipts/_find', { body: { selector: { type: 'receipt' }, sort: ['type'] } });
    expect((await t.req('DELETE', '/receipts')).status).toBe(200);
    expect((await t.req('DELETE', '/receipts')).status).toBe(404);
    expect((await t.req('GET', '/receipts')).status).toBe(404);
    expect((await t.req('PUT', '/receipts')).status).toBe(201);
    const info = await t.req('GET', '/receipts');
    expect(info.body.doc_count).toBe(0);
    expect((await t.req('GET', '/receipts/_security')).body.members.roles).toEqual(['_admin']);
  });

  it('_db_updates and onDbUpdate report created, updated and deleted', async () => {
    const seen: string[] = [];
    const off = t.couch.onDbUpdate((db, type) => seen.push(`${db}:${type}`));
    const now = await t.req('GET', '/_db_updates?since=now');
    const since = now.body.last_seq;
    await t.req('PUT', '/chat');
    await t.req('PUT', '/chat/message%3A1', { body: { type: 'message' } });
    await t.req('PUT', '/chat/_local/cp', { body: { seq: 1 } });
    await t.req('DELETE', '/chat');
    off();
    await t.req('PUT', '/chat');
    expect(seen).toEqual(['chat:created', 'chat:updated', 'chat:deleted']);
    const feed = await t.req('GET', `/_db_updates?since=${since}`);
    expect(feed.body.results.map((r: any) => `${r.db_name}:${r.type}`)).toEqual(['chat:created']);
    expect(feed.body.last_seq).toMatch(/^\d+-[0-9a-f]+$/);
  });

  it('_db_updates longpoll wakes on the next event', async () => {
    const now = (await t.req('GET', '/_db_updates?since=now')).body.last_seq;
    const pending = t.req('GET', `/_db_updates?feed=longpoll&since=${now}&timeout=5000`);
    await new Promise((r) => setTimeout(r, 50));
    await t.req('PUT', '/catalog/event%3Apoll', { body: { type: 'event' } });
    const res = await pending;
    expect(res.body.results).toEqual([{ db_name: 'catalog', type: 'updated', seq: expect.any(String) }]);
    const timeout = await t.req('GET', `/_db_updates?feed=longpoll&since=${res.body.last_seq}&timeout=50`);
    expect(timeout.body.results).toEqual([]);
  });

  it('_db_updates continuous streams events and ends with last_seq', async () => {
    const now = (await t.req('GET', '/_db_updates?since=now')).body.last_seq;
    const res = await t.couch.fetch(
      new Request(`http://couch.test/_db_updates?feed=continuous&since=${now}&timeout=300`, { headers: { authorization: ADMIN } }),
    );
    await new Promise((r) => setTimeout(r, 50));
    await t.req('PUT', '/catalog/event%3Acont', { body: { type: 'event' } });
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ db_name: 'catalog', type: 'updated' });
    expect(lines[lines.length - 1]).toHaveProperty('last_seq');
  });
});

describe('restart', () => {
  it('keeps documents, security and design documents across close and reopen', async () => {
    await provision(t, 'members', MEMBERS_ONLY, 'function (d) { if (d.type === "no") throw { forbidden: "still no" }; }');
    const put = await t.req('PUT', '/members/profile%3Ap', { body: { type: 'profile' } });
    await t.req('PUT', '/members/_local/cp', { body: { seq: 3 } });
    const before = await state();
    await t.reopen();
    expect(await state()).toEqual(before);
    expect((await t.req('GET', '/members/profile%3Ap')).body._rev).toBe(put.body.rev);
    expect((await t.req('GET', '/members/_local/cp')).body.seq).toBe(3);
    expect((await t.req('GET', '/members', { auth: null })).status).toBe(401);
    expect((await t.req('GET', '/members', { auth: bearer('x') })).status).toBe(403);
    expect((await t.req('GET', '/members', { auth: bearer('x', 'member') })).status).toBe(200);
    expect((await t.req('PUT', '/members/profile%3Aq', { body: { type: 'no' } })).body.reason).toBe('still no');
    const root1 = (await t.req('GET', '/')).body.uuid;
    await t.reopen();
    expect((await t.req('GET', '/')).body.uuid).toBe(root1);
  });
});

describe('provisioning with the real design documents', () => {
  it('is idempotent and the validators work here', async () => {
    const call: AdminCall = async (method, path, body) => {
      const res = await t.req(method, path, body === undefined ? {} : { body });
      return { status: res.status, body: res.body };
    };
    expect(await provisionDatabase(call, 'submissions')).toEqual({ created: true });
    const ddoc = await t.req('GET', '/submissions/_design%2Ffete');
    expect(ddoc.body.validate_doc_update).toBe(designDocFor('submissions').validate_doc_update);
    const seq = (await t.req('GET', '/submissions')).body.update_seq;
    expect(await provisionDatabase(call, 'submissions')).toEqual({ created: false });
    expect((await t.req('GET', '/submissions')).body.update_seq).toBe(seq);
    expect((await t.req('GET', '/submissions/_security')).body).toEqual(securityFor('submissions'));
    const idx = await t.req('GET', '/submissions/_index');
    expect(idx.body.indexes.map((i: any) => i.name)).toEqual(expect.arrayContaining(indexesFor('submissions').map((i) => i.name)));
    // A member cannot write into submissions (only the server creates copies).
    const refused = await t.req('PUT', '/submissions/submission%3A1', { auth: bearer('m', 'member', 'admin'), body: { type: 'submission' } });
    expect(refused.status).toBe(403);
  });
});

describe('open databases', () => {
  it('closes idle databases past maxOpenDbs and reopens them on demand', async () => {
    const small = await startCouch({ maxOpenDbs: 2 });
    try {
      const dbs = ['u1', 'u2', 'u3', 'u4', 'u5'].map((u) => `userdb-${Buffer.from(u).toString('hex')}`);
      for (const db of dbs) {
        await provision(small, db, PUBLIC);
        expect((await small.req('PUT', `/${db}/like%3A1`, { body: { type: 'like' } })).status).toBe(201);
      }
      expect((await small.couch.stats()).openDbs).toBeLessThanOrEqual(2);
      // A waiting longpoll pins its database open.
      const pending = small.req('GET', `/${dbs[0]}/_changes?feed=longpoll&since=now&timeout=5000`, { auth: null });
      await until(async () => (await small.couch.stats()).waitingLongpolls === 1);
      for (const db of dbs.slice(1)) expect((await small.req('GET', `/${db}/like%3A1`)).status).toBe(200);
      expect((await small.couch.stats()).waitingLongpolls).toBe(1);
      await small.req('PUT', `/${dbs[0]}/like%3A2`, { body: { type: 'like' } });
      expect((await pending).body.results.map((r: any) => r.id)).toEqual(['like:2']);
      for (const db of dbs) expect((await small.req('GET', `/${db}`)).body.doc_count).toBeGreaterThanOrEqual(1);
    } finally {
      await small.close();
    }
  });
});

describe('sharing the process', () => {
  it('two servers on different data dirs do not see each other', async () => {
    const other = await startCouch();
    try {
      expect((await other.req('GET', '/catalog')).status).toBe(404);
      await until(async () => (await other.req('GET', '/_all_dbs')).body.length === 0);
    } finally {
      await other.close();
    }
  });
});
