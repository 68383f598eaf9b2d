// ADR 039: a deployment that started on the embedded backend moves to the 3-node cluster
// with `npm run migrate`, and nothing is lost. A seeded embedded deployment, a member's device
// synced to it; then the move; then Fete on the cluster, on the same address: the member signs
// in, sees their data, and the device keeps syncing (PouchDB names a replication after both ends'
// server ids, so the device starts a new checkpoint against CouchDB and skips what it holds).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../helpers/spawn-server.ts';
import type { ChildServer } from '../helpers/spawn-server.ts';
import { couchNodes, testDbPrefix } from '../helpers/couch-namespace.ts';
import { signIn } from '../helpers/accounts.ts';
import { bearerFetch, TEST_SECRET } from '../helpers/admin-http.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { makeLike } from '../../fixtures/index.ts';

const require = createRequire(import.meta.url);
const PouchDB = require('pouchdb-node') as PouchDB.Static;
PouchDB.plugin(require('pouchdb-adapter-memory'));

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MEMBER = { email: 'member@fete.demo', password: 'fete-member' };
const NODES = (process.env.COUCH_NODE_URLS ?? '').split(/\s+/).filter(Boolean);

describe.skipIf(couchNodes < 3)('moving an embedded deployment to the 3-node cluster (cluster only)', () => {
  let dir: string;
  let port: number;
  let server: ChildServer | undefined;
  let prefix: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fete-migrate-'));
    port = await freePort();
    prefix = testDbPrefix(dir);
  });
  afterAll(async () => {
    await server?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  function migrate(): { status: number | null; out: string } {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/migrate.ts'), '--to', NODES[0] as string], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dir, DB_PREFIX: prefix, JWT_SECRET: TEST_SECRET, COUCH_NODE_URLS: '' },
      timeout: 300_000,
    });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  }

  it('moves every database, then the member signs in, sees their data and the device syncs on', async () => {
    // 1. The embedded deployment, with the demo, and a member's device synced to it.
    server = await spawnServer({ dataDir: dir, port, env: { COUCH_URL: '', COUCH_NODE_URLS: '', DB_PREFIX: '', SEED_DEMO: 'true' } });
    const before = await signIn(server.url, MEMBER.email, MEMBER.password);
    expect(before.status).toBe(200);
    const userId = (before.body as { user: { id: string } }).user.id;
    let token = before.token as string;
    const remote = (db: string) => new PouchDB(`${server?.url}/db/${db}`, { fetch: bearerFetch(() => token) } as PouchDB.Configuration.RemoteDatabaseConfiguration);
    const catalog = new PouchDB(`migrate-catalog-${port}`, { adapter: 'memory' });
    const mine = new PouchDB(`migrate-mine-${port}`, { adapter: 'memory' });
    // As the app does: checkpoints on the device only.
    const pull = (local: PouchDB.Database, db: string) => PouchDB.replicate(remote(db), local, { checkpoint: 'target' } as PouchDB.Replication.ReplicateOptions);
    const push = (local: PouchDB.Database, db: string) => PouchDB.replicate(local, remote(db), { checkpoint: 'source' } as PouchDB.Replication.ReplicateOptions);
    await pull(catalog, 'catalog');
    await pull(mine, userDbName(userId));
    const catalogDocs = (await catalog.allDocs()).rows.filter((r) => !r.id.startsWith('_design/')).length;
    expect(catalogDocs).toBeGreaterThan(100);
    const likedBefore = makeLike({ item_type: 'event', item_id: 'before-the-move' });
    await mine.put(likedBefore);
    expect((await push(mine, userDbName(userId))).docs_written).toBe(1);
    await server.kill('SIGTERM');
    server = undefined;

    // 2. The move, and again (it is idempotent).
    const first = migrate();
    expect(first.status, first.out).toBe(0);
    expect(first.out).toContain('Done: every database arrived');
    expect(first.out).not.toContain('FAIL');
    const again = migrate();
    expect(again.status, again.out).toBe(0);

    // 3. Fete on the cluster, on the same address and DATA_DIR.
    server = await spawnServer({ dataDir: dir, port, env: { DB_PREFIX: prefix, COUCH_URL: NODES[0] as string } });
    const after = await signIn(server.url, MEMBER.email, MEMBER.password);
    expect(after.status).toBe(200);
    expect((after.body as { user: { id: string } }).user.id).toBe(userId);
    token = after.token as string;

    // The device's pulls start a new checkpoint and finish, with nothing twice.
    const pulled = await pull(catalog, 'catalog');
    expect(pulled.ok).toBe(true);
    expect((await catalog.allDocs()).rows.filter((r) => !r.id.startsWith('_design/')).length).toBe(catalogDocs);
    expect((await pull(mine, userDbName(userId))).ok).toBe(true);
    expect((await remote(userDbName(userId)).get(likedBefore._id))._id).toBe(likedBefore._id);

    // And writes go on.
    const likedAfter = makeLike({ item_type: 'event', item_id: 'after-the-move' });
    await mine.put(likedAfter);
    expect((await push(mine, userDbName(userId))).docs_written).toBe(1);
    expect((await remote(userDbName(userId)).get(likedAfter._id))._id).toBe(likedAfter._id);
  });
});
