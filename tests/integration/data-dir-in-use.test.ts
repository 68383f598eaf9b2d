// A second Fete process on a DATA_DIR that another one holds stops at once,
// non-zero, with one line naming the folder; the first keeps serving. The embedded engine's
// storage is one process's (LevelDB locks it), so this only applies without COUCH_URL.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, type ChildServer } from './helpers/spawn-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const onCouchDB = Boolean(process.env.COUCH_URL);

let dataDir: string;
let first: ChildServer;

beforeAll(async () => {
  if (onCouchDB) return;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fete-inuse-'));
  first = await spawnServer({ dataDir, port: await freePort() });
});
afterAll(async () => {
  if (onCouchDB) return;
  await first?.kill();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(onCouchDB)('a DATA_DIR in use', () => {
  it('stops the second process non-zero with one line that names the folder; the first keeps serving', async () => {
    const port = await freePort();
    const second = spawn(process.execPath, [path.join(ROOT, 'sync-server/src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', SERVE_WEB: 'false', LOG_LEVEL: 'error', JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    second.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    second.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => second.once('exit', (c) => resolve(c)));
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const lines = out.trim().split('\n');
    expect(lines).toEqual([`Fete cannot start: ${dataDir} is in use by another Fete process. Stop that one, or give this one another DATA_DIR.`]);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });
});
