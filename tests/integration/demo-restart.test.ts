// The demo survives a SIGKILL in the middle of loading, and a later start adds nothing: the
// server process is killed twice while it seeds, then started until healthy, then restarted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { freePort, spawnServer } from './helpers/spawn-server.ts';
import type { ChildServer } from './helpers/spawn-server.ts';
import { adminCallOverHttp, TEST_SECRET } from './helpers/admin-http.ts';
import type { AdminCall } from '../../couch/src/provision.ts';
import { couchEnv } from './helpers/couch-namespace.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENV = { SEED_DEMO: 'true' };

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile() && e.name.endsWith('.webp')).length;
  } catch {
    return 0;
  }
}

/**
 * Starts the server and SIGKILLs it once `imagesAtLeast` pictures exist, i.e. mid-seed. False
 * when the process ended by itself first (a boot failure on a loaded machine).
 */
async function killMidSeed(dataDir: string, port: number, imagesAtLeast: number): Promise<boolean> {
  const child = spawn(process.execPath, [path.join(ROOT, 'sync-server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SERVE_WEB: 'false', LOG_LEVEL: 'error', JWT_SECRET: TEST_SECRET, ...couchEnv(dataDir), ...ENV },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  while (child.exitCode === null && Date.now() < deadline && (await countFiles(path.join(dataDir, 'uploads'))) < imagesAtLeast) {
    await new Promise((r) => setTimeout(r, 25));
  }
  const running = child.exitCode === null;
  child.kill('SIGKILL');
  await exited;
  return running;
}

async function killMidSeedRetrying(dataDir: string, port: number, imagesAtLeast: number): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) if (await killMidSeed(dataDir, port, imagesAtLeast)) return;
  throw new Error('the server never got as far as seeding');
}

async function revisions(call: AdminCall, db: string): Promise<Map<string, string>> {
  const ans = await call('GET', `/${db}/_all_docs`);
  const rows = (ans.body as { rows: { id: string; value: { rev: string } }[] }).rows;
  return new Map(rows.map((r) => [r.id, r.value.rev]));
}

describe('demo seed after a crash and on a restart', () => {
  let dataDir: string;
  let port: number;
  let server: ChildServer | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fete-demo-crash-'));
    port = await freePort();
  });

  afterAll(async () => {
    await server?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes a seed that was killed twice, then adds nothing on the next start', async () => {
    await killMidSeedRetrying(dataDir, port, 20);
    await killMidSeedRetrying(dataDir, port, 200);

    server = await spawnServer({ dataDir, port, env: ENV });
    const call = adminCallOverHttp(`${server.url}/db`);
    const marker = await call('GET', '/catalog/_local/fete-demo-seed');
    expect((marker.body as { state: string }).state).toBe('done');

    const catalog = await revisions(call, 'catalog');
    const ids = [...catalog.keys()];
    const count = (prefix: string) => ids.filter((id) => id.startsWith(prefix)).length;
    expect(count('event:')).toBeGreaterThanOrEqual(40);
    expect(count('band:')).toBe(15);
    expect(count('restaurant:')).toBe(15);
    expect(count('provider:')).toBe(12);
    expect(count('product:')).toBe(30);

    // The accounts the documents name are the ones that sign in, even after the crashes.
    const signin = await fetch(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@fete.demo', password: 'fete-owner' }),
    });
    expect(signin.status).toBe(200);
    const owner = ((await signin.json()) as { user: { id: string } }).user.id;
    const owned = await call('POST', '/catalog/_find', { selector: { type: 'restaurant', owner_id: owner }, limit: 20 });
    expect((owned.body as { docs: unknown[] }).docs.length).toBeGreaterThanOrEqual(1);
    const emails = await call('GET', `/accounts/_all_docs?startkey=${encodeURIComponent('"email:"')}&endkey=${encodeURIComponent('"email:\ufff0"')}`);
    expect((emails.body as { rows: unknown[] }).rows).toHaveLength(9);

    // No picture was left half-written by the kills.
    const uploads = path.join(dataDir, 'uploads');
    const files = (await readdir(uploads, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(files.some((f) => f.name.endsWith('.tmp'))).toBe(false);
    for (const f of files) await sharp(path.join(f.parentPath, f.name)).stats();

    // Let the workers settle, then a plain restart must change no document.
    await new Promise((r) => setTimeout(r, 1500));
    const before = { catalog: await revisions(call, 'catalog'), members: await revisions(call, 'members') };
    await server.kill('SIGTERM');
    server = await spawnServer({ dataDir, port, env: ENV });
    const call2 = adminCallOverHttp(`${server.url}/db`);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await revisions(call2, 'catalog')).toEqual(before.catalog);
    expect(await revisions(call2, 'members')).toEqual(before.members);
    expect(await countFiles(uploads)).toBe(files.length);
  }, 180_000);
});
