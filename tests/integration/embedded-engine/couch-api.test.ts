// The document API as CouchDB answers it: single documents, revisions and conflicts, _all_docs,
// _bulk_get, _revs_diff, _find and _index, and the refusal of attachments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC, bearer, provision, startCouch, type TestCouch } from './couch-helpers.ts';

let t: TestCouch;
beforeAll(async () => {
  t = await startCouch();
  await provision(t, 'catalog', PUBLIC);
});
afterAll(async () => {
  await t.close();
});

const MEMBER = bearer('mia', 'member');

describe('documents', () => {
  it('PUT, GET, update, DELETE with ids containing colons', async () => {
    const put = await t.req('PUT', '/catalog/event%3Aa%3Ab', { body: { type: 'event', name: 'A' } });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({ ok: true, id: 'event:a:b' });
    expect(put.body.rev).toMatch(/^1-[0-9a-f]{32}$/);
    const got = await t.req('GET', '/catalog/event%3Aa%3Ab');
    expect(got.body).toEqual({ _id: 'event:a:b', _rev: put.body.rev, type: 'event', name: 'A' });
    expect(Object.keys(got.body).slice(0, 2)).toEqual(['_id', '_rev']);
    expect(got.headers.get('etag')).toBe(`"${put.body.rev}"`);

    const stale = await t.req('PUT', '/catalog/event%3Aa%3Ab', { body: { type: 'event' } });
    expect(stale).toMatchObject({ status: 409, body: { error: 'conflict' } });
    const upd = await t.req('PUT', '/catalog/event%3Aa%3Ab', { body: { _rev: put.body.rev, type: 'event', name: 'B' } });
    expect(upd.body.rev).toMatch(/^2-/);
    const viaQuery = await t.req('PUT', `/catalog/event%3Aa%3Ab?rev=${upd.body.rev}`, { body: { type: 'event', name: 'C' } });
    expect(viaQuery.body.rev).toMatch(/^3-/);

    expect((await t.req('DELETE', '/catalog/event%3Aa%3Ab')).status).toBe(409);
    const del = await t.req('DELETE', `/catalog/event%3Aa%3Ab?rev=${viaQuery.body.rev}`);
    expect(del).toMatchObject({ status: 200, body: { ok: true, id: 'event:a:b' } });
    expect(await t.req('GET', '/catalog/event%3Aa%3Ab')).toMatchObject({ status: 404, body: { error: 'not_found', reason: 'deleted' } });
    expect(await t.req('GET', '/catalog/event%3Anever')).toMatchObject({ status: 404, body: { error: 'not_found', reason: 'missing' } });
  });

  it('POST /{db} creates with a generated id or the given one', async () => {
    const gen = await t.req('POST', '/catalog', { body: { type: 'ad' } });
    expect(gen.status).toBe(201);
    expect(gen.body.id).toMatch(/^[0-9a-f]{32}$/);
    const named = await t.req('POST', '/catalog', { body: { _id: 'ad:1', type: 'ad' } });
    expect(named.body.id).toBe('ad:1');
    expect((await t.req('POST', '/catalog', { body: { _id: 'ad:1', type: 'ad' } })).status).toBe(409);
  });

  it('an unknown revision asked with latest=true is missing (PouchDB would throw outside any callback)', async () => {
    const put = await t.req('PUT', '/catalog/band%3Alatest', { body: { type: 'band' } });
    expect((await t.req('GET', '/catalog/band%3Alatest?rev=9-ff&latest=true')).status).toBe(404);
    const open = await t.req('GET', `/catalog/band%3Alatest?latest=true&open_revs=${encodeURIComponent('["9-ff"]')}`);
    expect(open.body).toEqual([{ missing: '9-ff' }]);
    const bulk = await t.req('POST', '/catalog/_bulk_get?latest=true&revs=true', {
      body: { docs: [{ id: 'band:latest', rev: '9-ff' }, { id: 'band:latest', rev: put.body.rev }] },
    });
    expect(bulk.body.results[0].docs.map((d: any) => Object.keys(d)[0]).sort()).toEqual(['error', 'ok']);
    expect((await t.req('GET', '/')).status).toBe(200);
  });

  it('revs, revs_info, open_revs, latest and conflicts', async () => {
    const v1 = await t.req('PUT', '/catalog/band%3A1', { body: { type: 'band', v: 1 } });
    const v2 = await t.req('PUT', '/catalog/band%3A1', { body: { _rev: v1.body.rev, type: 'band', v: 2 } });
    // A second branch from v1, as a replicator would write it.
    const [, h1] = (v1.body.rev as string).split('-');
    const branch = await t.req('PUT', '/catalog/band%3A1?new_edits=false', {
      body: { _rev: '2-00aa', _revisions: { start: 2, ids: ['00aa', h1] }, type: 'band', v: 22 },
    });
    expect(branch).toMatchObject({ status: 201, body: { ok: true, id: 'band:1', rev: '2-00aa' } });

    const revs = await t.req('GET', '/catalog/band%3A1?revs=true&conflicts=true');
    expect(revs.body._rev).toBe(v2.body.rev);
    expect(revs.body._revisions.start).toBe(2);
    expect(revs.body._conflicts).toEqual(['2-00aa']);
    const info = await t.req('GET', '/catalog/band%3A1?revs_info=true');
    expect(info.body._revs_info.map((r: any) => r.rev)).toEqual([v2.body.rev, v1.body.rev]);

    const all = await t.req('GET', '/catalog/band%3A1?open_revs=all');
    expect(all.status).toBe(200);
    expect(all.body.map((x: any) => x.ok._rev).sort()).toEqual(['2-00aa', v2.body.rev].sort());
    const some = await t.req('GET', `/catalog/band%3A1?open_revs=${encodeURIComponent(JSON.stringify([v1.body.rev, '9-ff']))}&latest=true`);
    expect(some.body).toEqual(
      expect.arrayContaining([{ missing: '9-ff' }, expect.objectContaining({ ok: expect.objectContaining({ _id: 'band:1' }) })]),
    );
    const old = await t.req('GET', `/catalog/band%3A1?rev=${v1.body.rev}`);
    expect(old.body.v).toBe(1);

    // Resolving: delete the losing branch.
    const resolve = await t.req('DELETE', '/catalog/band%3A1?rev=2-00aa');
    expect(resolve.status).toBe(200);
    expect((await t.req('GET', '/catalog/band%3A1?conflicts=true')).body._conflicts).toBeUndefined();
  });

  it('design documents by raw and encoded slash', async () => {
    const put = await t.req('PUT', '/catalog/_design/app', { body: { views: {} } });
    expect(put.body.id).toBe('_design/app');
    expect((await t.req('GET', '/catalog/_design%2Fapp', { auth: MEMBER })).body._rev).toBe(put.body.rev);
    expect((await t.req('GET', '/catalog/_design/app/_view/x')).status).toBe(404);
  });

  it('refuses attachments in bodies and by URL', async () => {
    const reason = 'Attachments are not supported: upload images through /api/uploads';
    const inline = { type: 'event', _attachments: { 'a.png': { content_type: 'image/png', data: 'aGk=' } } };
    for (const res of [
      await t.req('PUT', '/catalog/event%3Aatt', { body: inline }),
      await t.req('POST', '/catalog', { body: { _id: 'event:att', ...inline } }),
      await t.req('POST', '/catalog/_bulk_docs', { body: { docs: [{ _id: 'event:att', ...inline }] } }),
      await t.req('POST', '/catalog/_bulk_docs', { body: { new_edits: false, docs: [{ _id: 'event:att', _rev: '1-a', ...inline }] } }),
      await t.req('PUT', '/catalog/event%3Aatt/a.png', { raw: 'binary' }),
      await t.req('GET', '/catalog/event%3Aatt/a.png'),
      await t.req('PUT', '/catalog/_design/app/logo.png', { raw: 'binary' }),
    ]) {
      expect(res).toMatchObject({ status: 400, body: { error: 'bad_request', reason } });
    }
    expect((await t.req('GET', '/catalog/event%3Aatt')).status).toBe(404);
  });

  it('refuses reserved and malformed ids and special fields', async () => {
    expect((await t.req('PUT', '/catalog/_foo', { body: {} })).status).toBe(404);
    expect((await t.req('POST', '/catalog', { body: { _id: '_foo' } })).body.error).toBe('illegal_docid');
    expect((await t.req('POST', '/catalog', { body: { _id: 'x', _bogus: 1 } })).body.error).toBe('doc_validation');
    expect((await t.req('POST', '/catalog', { body: { _id: 'x', _rev: 'nonsense' } })).status).toBe(400);
    expect((await t.req('POST', '/catalog', { body: { _id: 'x', _deleted: 'yes' } })).status).toBe(400);
    expect((await t.req('PUT', '/catalog/a', { body: { _id: 'b' } })).status).toBe(400);
    expect((await t.req('POST', '/catalog', { body: { _id: 42 } })).status).toBe(400);
  });
});

describe('_all_docs', () => {
  beforeAll(async () => {
    const docs = ['product:a', 'product:b', 'product:c', 'product:d'].map((_id, n) => ({ _id, type: 'product', n }));
    await t.req('POST', '/catalog/_bulk_docs', { body: { docs } });
  });
  const ids = (res: any) => res.body.rows.map((r: any) => r.id);
  const q = (o: Record<string, unknown>) =>
    Object.entries(o)
      .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
      .join('&');

  it('key ranges, both spellings, inclusive_end, descending, limit, skip', async () => {
    const range = { startkey: 'product:', endkey: 'product:\ufff0' };
    expect(ids(await t.req('GET', `/catalog/_all_docs?${q(range)}`))).toEqual(['product:a', 'product:b', 'product:c', 'product:d']);
    expect(ids(await t.req('GET', `/catalog/_all_docs?${q({ start_key: 'product:b', end_key: 'product:c' })}`))).toEqual([
      'product:b',
      'product:c',
    ]);
    expect(ids(await t.req('GET', `/catalog/_all_docs?${q({ startkey: 'product:b', endkey: 'product:c', inclusive_end: false })}`))).toEqual([
      'product:b',
    ]);
    expect(
      ids(await t.req('GET', `/catalog/_all_docs?${q({ startkey: 'product:\ufff0', endkey: 'product:', descending: true, limit: 2, skip: 1 })}`)),
    ).toEqual(['product:c', 'product:b']);
    expect(ids(await t.req('GET', `/catalog/_all_docs?${q({ key: 'product:c' })}`))).toEqual(['product:c']);
  });

  it('include_docs, and keys by POST with missing and deleted keys', async () => {
    const got = await t.req('GET', `/catalog/_all_docs?${q({ key: 'product:a', include_docs: true })}`);
    expect(got.body.rows[0].doc).toMatchObject({ _id: 'product:a', n: 0 });
    const keys = await t.req('POST', '/catalog/_all_docs?include_docs=true', {
      body: { keys: ['product:b', 'nope', 'event:a:b'] },
    });
    expect(keys.body.rows[0]).toMatchObject({ id: 'product:b', doc: { n: 1 } });
    expect(keys.body.rows[1]).toEqual({ key: 'nope', error: 'not_found' });
    expect(keys.body.rows[2]).toMatchObject({ id: 'event:a:b', value: { deleted: true }, doc: null });
  });

  it('bad parameters are 400s', async () => {
    for (const bad of ['startkey=abc', 'limit=-1', 'limit=%22x%22', 'include_docs=maybe', 'key=1']) {
      expect((await t.req('GET', `/catalog/_all_docs?${bad}`)).status, bad).toBe(400);
    }
    expect((await t.req('POST', '/catalog/_all_docs', { body: { keys: 'product:a' } })).status).toBe(400);
  });
});

describe('replication endpoints', () => {
  it('_revs_diff reports only what is missing', async () => {
    const a = await t.req('PUT', '/catalog/partner%3A1', { body: { type: 'partner' } });
    const res = await t.req('POST', '/catalog/_revs_diff', {
      body: { 'partner:1': [a.body.rev, '2-beef'], 'partner:2': ['1-cafe'] },
    });
    expect(Object.keys(res.body).sort()).toEqual(['partner:1', 'partner:2']);
    expect(res.body['partner:1'].missing).toEqual(['2-beef']);
    expect(res.body['partner:2'].missing).toEqual(['1-cafe']);
    const none = await t.req('POST', '/catalog/_revs_diff', { body: { 'partner:1': [a.body.rev] } });
    expect(none.body).toEqual({});
    expect((await t.req('POST', '/catalog/_revs_diff', { body: { x: 'not-a-list' } })).status).toBe(400);
  });

  it('_bulk_get answers CouchDB shapes for found, missing and unknown', async () => {
    const a = await t.req('PUT', '/catalog/partner%3A3', { body: { type: 'partner' } });
    const res = await t.req('POST', '/catalog/_bulk_get?revs=true&latest=true', {
      body: { docs: [{ id: 'partner:3', rev: a.body.rev }, { id: 'partner:3', rev: '7-dead' }, { id: 'ghost' }, { id: 'partner:3' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(2);
    const [p3, ghost] = res.body.results;
    expect(p3.id).toBe('partner:3');
    expect(p3.docs[0].ok._revisions).toEqual({ start: 1, ids: [a.body.rev.split('-')[1]] });
    expect(p3.docs[1]).toEqual({ error: { id: 'partner:3', rev: '7-dead', error: 'not_found', reason: 'missing' } });
    expect(ghost.docs[0].error).toMatchObject({ id: 'ghost', error: 'not_found' });
    expect((await t.req('POST', '/catalog/_bulk_get', { body: { docs: [{ rev: '1-a' }] } })).status).toBe(400);
  });
});

describe('_find and _index', () => {
  beforeAll(async () => {
    const docs = Array.from({ length: 40 }, (_, i) => ({ _id: `hero_slide:${String(i).padStart(2, '0')}`, type: 'hero_slide', order: 40 - i }));
    await t.req('POST', '/catalog/_bulk_docs', { body: { docs } });
  });

  it('finds with a selector, fields, skip and the default limit of 25', async () => {
    const res = await t.req('POST', '/catalog/_find', { auth: null, body: { selector: { type: 'hero_slide' } } });
    expect(res.status).toBe(200);
    expect(res.body.docs).toHaveLength(25);
    const picked = await t.req('POST', '/catalog/_find', {
      auth: MEMBER,
      body: { selector: { type: 'hero_slide', order: { $lte: 3 } }, fields: ['_id', 'order'], limit: 100, skip: 1 },
    });
    expect(picked.body.docs).toEqual([
      { _id: 'hero_slide:38', order: 2 },
      { _id: 'hero_slide:39', order: 1 },
    ]);
  });

  it('sorts with an index the admin created', async () => {
    const created = await t.req('POST', '/catalog/_index', {
      body: { index: { fields: ['type', 'order'] }, ddoc: 'idx-order', name: 'order', type: 'json' },
    });
    expect(created.body).toMatchObject({ result: 'created', id: '_design/idx-order', name: 'order' });
    const again = await t.req('POST', '/catalog/_index', {
      body: { index: { fields: ['type', 'order'] }, ddoc: 'idx-order', name: 'order', type: 'json' },
    });
    expect(again.body.result).toBe('exists');
    const sorted = await t.req('POST', '/catalog/_find', {
      auth: MEMBER,
      body: { selector: { type: 'hero_slide', order: { $gt: 0 } }, sort: [{ type: 'asc' }, { order: 'asc' }], limit: 3, use_index: 'idx-order' },
    });
    expect(sorted.body.docs.map((d: any) => d.order)).toEqual([1, 2, 3]);
    const list = await t.req('GET', '/catalog/_index');
    expect(list.body.indexes.map((i: any) => i.name)).toContain('order');
    expect((await t.req('DELETE', '/catalog/_index/_design/idx-order/json/order')).body).toEqual({ ok: true });
    expect((await t.req('DELETE', '/catalog/_index/idx-order/json/order')).status).toBe(404);
  });

  it('bad queries are 400s', async () => {
    for (const body of [{}, { selector: 'x' }, { selector: {}, limit: -1 }, { selector: {}, fields: 'a' }, { selector: {}, sort: [{ a: 'up' }] }]) {
      expect((await t.req('POST', '/catalog/_find', { body })).status, JSON.stringify(body)).toBe(400);
    }
    const unsortable = await t.req('POST', '/catalog/_find', { body: { selector: { type: 'x' }, sort: ['nope'] } });
    expect(unsortable.status).toBe(400);
    expect(unsortable.body.error).toBeTruthy();
    const badOp = await t.req('POST', '/catalog/_find', { body: { selector: { type: { $bogus: 1 } } } });
    expect(badOp.status).toBe(400);
  });
});
