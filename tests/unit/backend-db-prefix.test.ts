// DB_PREFIX (ADR 015): the engine's names carry the prefix, everything above the backend sees
// plain names. These check the translation both ways on a recording fake backend.
import { describe, expect, it } from 'vitest';
import type { Backend, DbUpdateListener } from '../../sync-server/src/backend/backend.ts';
import { prefixPath, unprefixedName, withDbPrefix } from '../../sync-server/src/backend/prefixed-backend.ts';
import { ConfigError, loadConfig } from '../../sync-server/src/config.ts';

function fakeEngine(answers: Record<string, unknown> = {}) {
  const seen: string[] = [];
  const listeners = new Set<DbUpdateListener>();
  const answer = (p: string) => new Response(JSON.stringify(answers[p.split('?')[0] as string] ?? { ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
  const engine: Backend = {
    kind: 'external',
    async forward(_req, p) {
      seen.push(`forward ${p}`);
      return answer(p);
    },
    async adminFetch(p) {
      seen.push(`admin ${p}`);
      return answer(p);
    },
    db(name) {
      seen.push(`db ${name}`);
      return {} as PouchDB.Database;
    },
    onDbUpdate(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async close() {},
  };
  return { engine, seen, emit: (db: string) => [...listeners].forEach((l) => l(db, 'updated')) };
}

describe('prefixPath', () => {
  it('prefixes the database segment and nothing else', () => {
    expect(prefixPath('fete_', '/catalog')).toBe('/fete_catalog');
    expect(prefixPath('fete_', '/catalog/_changes?since=0')).toBe('/fete_catalog/_changes?since=0');
    expect(prefixPath('fete_', '/userdb-61/message%3Ax')).toBe('/fete_userdb-61/message%3Ax');
    expect(prefixPath('fete_', '/catalog?x=1')).toBe('/fete_catalog?x=1');
  });

  it('leaves server-wide paths alone', () => {
    for (const p of ['/', '/_all_dbs', '/_db_updates?feed=longpoll', '/_global_changes', '/_node/_local/_config', '/_up']) expect(prefixPath('fete_', p)).toBe(p);
  });
});

describe('unprefixedName', () => {
  it("gives the plain name of this deployment's databases and null for anyone else's", () => {
    expect(unprefixedName('fete_', 'fete_catalog')).toBe('catalog');
    expect(unprefixedName('fete_', 'catalog')).toBeNull();
    expect(unprefixedName('fete_', 'other_catalog')).toBeNull();
    expect(unprefixedName('fete_', 'fete_')).toBeNull();
    expect(unprefixedName('fete_', '_users')).toBeNull();
  });
});

describe('withDbPrefix', () => {
  it('is the engine itself without a prefix', () => {
    const { engine } = fakeEngine();
    expect(withDbPrefix(engine, '')).toBe(engine);
  });

  it('sends requests and PouchDB clients to the prefixed names', async () => {
    const { engine, seen } = fakeEngine();
    const b = withDbPrefix(engine, 'fete_');
    await b.adminFetch('/submissions/_all_docs?limit=1');
    await b.forward(new Request('http://x/'), '/userdb-61/_changes');
    await b.adminFetch('/_global_changes', { method: 'PUT' });
    b.db('accounts');
    expect(seen).toEqual(['admin /fete_submissions/_all_docs?limit=1', 'forward /fete_userdb-61/_changes', 'admin /_global_changes', 'db fete_accounts']);
  });

  it("lists only this deployment's databases in _all_dbs, by their plain names", async () => {
    const { engine } = fakeEngine({ '/_all_dbs': ['_users', 'catalog', 'fete_catalog', 'fete_userdb-61', 'other_chat'] });
    const res = await withDbPrefix(engine, 'fete_').adminFetch('/_all_dbs');
    expect(await res.json()).toEqual(['catalog', 'userdb-61']);
  });

  it("names the database by its plain name in a database's info, for clients too", async () => {
    const { engine } = fakeEngine({ '/fete_catalog': { db_name: 'fete_catalog', doc_count: 3 } });
    const res = await withDbPrefix(engine, 'fete_').forward(new Request('http://x/catalog'), '/catalog');
    expect(await res.json()).toEqual({ db_name: 'catalog', doc_count: 3 });
  });

  it("passes on updates of this deployment's databases by their plain names, and no one else's", () => {
    const { engine, emit } = fakeEngine();
    const got: string[] = [];
    withDbPrefix(engine, 'fete_').onDbUpdate((db) => got.push(db));
    for (const db of ['fete_catalog', 'catalog', 'other_userdb-61', 'fete_userdb-61', '_global_changes']) emit(db);
    expect(got).toEqual(['catalog', 'userdb-61']);
  });
});

describe('DB_PREFIX in the configuration', () => {
  it('defaults to none and takes a CouchDB-safe prefix', () => {
    expect(loadConfig({}).DB_PREFIX).toBe('');
    expect(loadConfig({ DB_PREFIX: 'fete_prod_' }).DB_PREFIX).toBe('fete_prod_');
  });

  it('refuses a prefix CouchDB would not take, naming the rule', () => {
    for (const bad of ['Fete_', '1fete', '_fete', 'fete/', 'fe te', 'x'.repeat(65)]) {
      expect(() => loadConfig({ DB_PREFIX: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ DB_PREFIX: 'Fete' })).toThrow(/DB_PREFIX: must start with a lowercase letter/);
  });
});
