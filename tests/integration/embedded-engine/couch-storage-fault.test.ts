// ADR 012: an exception PouchDB throws inside a LevelDB callback fails the request
// that was using that database and never the process; the database is reopened and works.
// PouchDB's own `latest` option throws that way for a revision not in the tree (reads.ts keeps
// clients from reaching it), so it stands in for any storage fault here. Before the guard the
// exception was uncaught (Vitest reports it) and the request never answered.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbRegistry } from '../../../couch/src/db-registry.ts';
import { CouchError } from '../../../couch/src/errors.ts';
import { MetaStore } from '../../../couch/src/meta-store.ts';

let dir: string;
let registry: DbRegistry;
const logs: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fete-fault-'));
  const meta = await MetaStore.open(dir, {});
  registry = new DbRegistry(meta, {
    couchDir: dir,
    levelOptions: {},
    maxOpen: 10,
    log: (level, msg) => logs.push(`${level} ${msg}`),
    onWrite: () => undefined,
  });
  await registry.create('chat');
  await registry.use('chat', (h) => h.pouch.put({ _id: 'message:1', n: 1 }));
});
afterAll(async () => {
  await registry?.closeAll();
  await rm(dir, { recursive: true, force: true });
});

describe('a storage fault', () => {
  it('fails the request with a 500, logs loudly, and the database reopens', async () => {
    const err = await registry
      .use('chat', (h) => h.pouch.get('message:1', { rev: '7-nothere', latest: true }))
      .then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(CouchError);
    expect((err as CouchError).status).toBe(500);
    expect((err as CouchError).error).toBe('storage_error');
    expect(logs.some((l) => l.startsWith('error STORAGE FAULT in database chat'))).toBe(true);

    // The next request gets a fresh PouchDB: reads and writes work, nothing was lost.
    const doc = await registry.use('chat', (h) => h.pouch.get('message:1'));
    expect(doc.n).toBe(1);
    const put = await registry.use('chat', (h) => h.pouch.put({ _id: 'message:2', n: 2 }));
    expect(put.ok).toBe(true);
    const changes = await registry.use('chat', (h) => h.pouch.changes({ since: 0 }));
    expect(changes.results.map((r) => r.id).sort()).toEqual(['message:1', 'message:2']);
  });

  it('fails every request running on that database at the time', async () => {
    const slow = registry.use('chat', async (h) => {
      await new Promise((r) => setTimeout(r, 200));
      return h.pouch.info();
    });
    const faulty = registry.use('chat', (h) => h.pouch.get('message:1', { rev: '8-nothere', latest: true }));
    const [a, b] = await Promise.allSettled([slow, faulty]);
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('rejected');
    expect((await registry.use('chat', (h) => h.pouch.info())).doc_count).toBe(2);
  });
});
