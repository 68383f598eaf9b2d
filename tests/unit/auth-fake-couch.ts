// An in-memory stand-in for the server-admin call, over PouchDB's memory adapter, so the
// auth stores can be unit-tested without the embedded server. It answers the few endpoints
// the stores use the way CouchDB does.
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import find from 'pouchdb-find';
import type { AdminCall } from '../../couch/src/provision.ts';

PouchDB.plugin(memory).plugin(find);

let seq = 0;

export function fakeCouch(): { call: AdminCall; db(name: string): PouchDB.Database; calls: string[] } {
  const dbs = new Map<string, PouchDB.Database>();
  const calls: string[] = [];
  const open = (name: string) => {
    let db = dbs.get(name);
    if (!db) {
      db = new PouchDB(`fake-${++seq}-${name}`, { adapter: 'memory' });
      dbs.set(name, db);
    }
    return db;
  };
  const fail = (err: unknown) => {
    const e = err as { status?: number; name?: string; message?: string };
    return { status: e.status ?? 500, body: { error: e.name ?? 'error', reason: e.message ?? String(err) } };
  };

  const call: AdminCall = async (method, path, body) => {
    calls.push(`${method} ${path}`);
    const url = new URL(path, 'http://x');
    const [dbName, ...rest] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (!dbName) return { status: 400, body: null };
    const id = rest.join('/');
    try {
      if (id === '') {
        if (method === 'PUT') {
          if (dbs.has(dbName)) return { status: 412, body: { error: 'file_exists' } };
          open(dbName);
          return { status: 201, body: { ok: true } };
        }
        if (method === 'DELETE') {
          const db = dbs.get(dbName);
          if (!db) return { status: 404, body: { error: 'not_found' } };
          dbs.delete(dbName);
          await db.destroy();
          return { status: 200, body: { ok: true } };
        }
      }
      const db = dbs.get(dbName);
      if (!db) return { status: 404, body: { error: 'not_found', reason: 'Database does not exist.' } };
      if (id === '_find') return { status: 200, body: await db.find(body as PouchDB.Find.FindRequest<{}>) };
      if (id === '_bulk_docs') return { status: 201, body: await db.bulkDocs((body as { docs: never[] }).docs) };
      if (id === '_all_docs') {
        const q = url.searchParams;
        return {
          status: 200,
          body: await db.allDocs({
            startkey: JSON.parse(q.get('startkey') ?? '""'),
            endkey: JSON.parse(q.get('endkey') ?? '"\\ufff0"'),
            include_docs: q.get('include_docs') === 'true',
          }),
        };
      }
      if (method === 'GET' && url.searchParams.get('open_revs') === 'all') {
        return { status: 200, body: await db.get(id, { open_revs: 'all', revs: url.searchParams.get('revs') === 'true' }) };
      }
      if (method === 'GET') return { status: 200, body: await db.get(id) };
      if (method === 'PUT') {
        const res = await db.put({ ...(body as object), _id: id } as PouchDB.Core.PutDocument<{}>);
        return { status: 201, body: res };
      }
      if (method === 'DELETE') return { status: 200, body: await db.remove(id, url.searchParams.get('rev') ?? '') };
      return { status: 405, body: null };
    } catch (err) {
      return fail(err);
    }
  };
  return { call, db: open, calls };
}
