// Nothing is lost: 10 clients write 100 docs each into their userdbs while the server process
// is SIGKILLed and restarted. Afterwards every doc is on the server exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PouchDB from 'pouchdb-node';
import memory from 'pouchdb-adapter-memory';
import { freePort, spawnServer } from './helpers/spawn-server.ts';
import type { ChildServer } from './helpers/spawn-server.ts';
import { adminCallOverHttp, bearerFetch, testTokens } from './helpers/admin-http.ts';
import { provisionDatabase } from '../../couch/src/provision.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

PouchDB.plugin(memory);

const CLIENTS = 10;
const DOCS = 100;

describe('crash: SIGKILL and restart while 10 clients write', () => {
  let dataDir: string;
  let port: number;
  let server: ChildServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fete-crash-'));
    port = await freePort();
    server = await spawnServer({ dataDir, port });
  });

  afterAll(async () => {
    await server?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers every offline write exactly once', async () => {
    const dbUrl = `${server.url}/db`;
    const users = Array.from({ length: CLIENTS }, (_, i) => `crash${String(i).padStart(2, '0')}${'0'.repeat(24)}`);
    const admin = adminCallOverHttp(dbUrl);
    for (const u of users) await provisionDatabase(admin, userDbName(u));

    const clients = await Promise.all(
      users.map(async (u, i) => {
        const local = new PouchDB(`crash-client-${i}-${Date.now()}`, { adapter: 'memory' });
        const token = (await testTokens.signAccess(u, ['member'], 3600)).token;
        const remote = new PouchDB(`${dbUrl}/${userDbName(u)}`, {
          skip_setup: true,
          fetch: bearerFetch(() => token),
        } as PouchDB.Configuration.RemoteDatabaseConfiguration);
        const sync = local.replicate.to(remote, {
          live: true,
          retry: true,
          batch_size: 20,
          // Short back-off so the test does not wait out PouchDB's default growth to minutes.
          back_off_function: (delay: number) => (delay === 0 ? 200 : Math.min(delay * 2, 1000)),
        } as PouchDB.Replication.ReplicateOptions);
        sync.on('error', (e) => process.env.FETE_TEST_DEBUG && console.log('error', i, e));
        sync.on('complete', (info) => process.env.FETE_TEST_DEBUG && console.log('complete', i, info));
        sync.on('denied', (e) => process.env.FETE_TEST_DEBUG && console.log('denied', i, e));
        return { user: u, local, remote, sync };
      }),
    );

    // Writers run while the server dies mid-stream and comes back on the same port and data.
    const writes = clients.map(async (c) => {
      for (let n = 0; n < DOCS; n++) {
        await c.local.put({
          _id: `like:event:crash-${n}`,
          type: 'like',
          item_type: 'event',
          item_id: `crash-${n}`,
          created_at: new Date().toISOString(),
        });
        if (n % 10 === 0) await new Promise((r) => setTimeout(r, 15));
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    await server.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    server = await spawnServer({ dataDir, port });
    await Promise.all(writes);

    // Wait until every client's docs are on the server, then check there is exactly one of each.
    const deadline = Date.now() + 60_000;
    for (const c of clients) {
      for (;;) {
        const res = await c.remote.allDocs({ startkey: 'like:', endkey: 'like:\ufff0' });
        if (res.rows.length >= DOCS || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    for (const c of clients) {
      c.sync.cancel();
      const res = await c.remote.allDocs({ startkey: 'like:', endkey: 'like:\ufff0', include_docs: true, conflicts: true });
      expect(res.rows.length, `docs of ${c.user}`).toBe(DOCS);
      const ids = new Set(res.rows.map((r) => r.id));
      expect(ids.size).toBe(DOCS);
      for (const row of res.rows) {
        expect((row.doc as { _conflicts?: string[] })._conflicts ?? []).toEqual([]);
        expect(row.doc?._rev.startsWith('1-')).toBe(true);
      }
      await c.local.destroy();
    }
  }, 120_000);
});
