// Apache CouchDB 3.5.0 for the test pass and the benches (issue 9): the launcher from
// ../shared/couchdb, started in a fresh folder on a free port with the project's couch/local.ini
// (its key replaced by the test key), and stopped again with its folder removed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** The launcher: COUCHDB_LAUNCHER, or ../shared/couchdb/couchdb next to the project. */
export function findCouchLauncher(): string | undefined {
  const candidates = [process.env.COUCHDB_LAUNCHER, path.resolve(ROOT, '../shared/couchdb/couchdb'), '/work/shared/couchdb/couchdb'];
  return candidates.find((c): c is string => typeof c === 'string' && c !== '' && existsSync(c));
}

export interface CouchEngine {
  url: string;
  port: number;
  /** The Erlang VM's process id, for its RSS. */
  pid: number;
  /** COUCH_URL and the admin credentials, for a Fete server or the test suite. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startCouchEngine(launcher: string): Promise<CouchEngine> {
  // The launcher also takes port + 10000 for the Erlang distribution: keep it in range.
  let port = 0;
  for (let i = 0; i < 20 && (port === 0 || port + 10000 > 65535); i++) port = await freePort();
  const home = await mkdtemp(path.join(os.tmpdir(), 'fete-couchdb-'));
  const ini = path.join(home, 'fete.ini');
  const key = Buffer.from(TEST_SECRET).toString('base64');
  await writeFile(ini, (await readFile(path.join(ROOT, 'couch/local.ini'), 'utf8')).replace('REPLACE_WITH_BASE64_OF_JWT_SECRET', key));
  const env = { ...process.env, COUCHDB_HOME: home };
  const stop = async () => {
    spawnSync(launcher, ['stop', '--port', String(port)], { env, stdio: 'inherit' });
    await rm(home, { recursive: true, force: true });
  };
  const started = spawnSync(launcher, ['start', '--port', String(port), '--ini', ini], { env, encoding: 'utf8' });
  if (started.status !== 0) {
    await stop();
    throw new Error(`Apache CouchDB did not start:\n${started.stdout}${started.stderr}`);
  }
  const pid = Number(readFileSync(path.join(home, String(port), 'couchdb.pid'), 'utf8').trim());
  const url = `http://127.0.0.1:${port}`;
  return { url, port, pid, env: { COUCH_URL: url, COUCH_ADMIN_USER: 'admin', COUCH_ADMIN_PASSWORD: 'password' }, stop };
}
