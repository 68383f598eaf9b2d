// The integration suite's second pass, against Apache CouchDB 3.5.0 (issue 9). It starts the
// engine from ../shared/couchdb with the project's couch/local.ini (its key replaced by the test
// key), in a fresh folder on a free port, runs `vitest --project integration` with COUCH_URL set,
// and stops it again, whatever happened.
//
// Without the engine on this machine the pass is skipped with one line, unless
// FETE_REQUIRE_COUCHDB=1 (CI sets it) makes that a failure. COUCHDB_LAUNCHER names another
// launcher with the same `start --port N --ini FILE` / `stop --port N` interface.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const candidates = [process.env.COUCHDB_LAUNCHER, path.resolve(ROOT, '../shared/couchdb/couchdb'), '/work/shared/couchdb/couchdb'];
const launcher = candidates.find((c): c is string => typeof c === 'string' && c !== '' && existsSync(c));

if (!launcher) {
  const line = 'Apache CouchDB pass: no launcher at ../shared/couchdb/couchdb (or COUCHDB_LAUNCHER)';
  if (process.env.FETE_REQUIRE_COUCHDB === '1') {
    console.error(`${line}; CI requires it.`);
    process.exit(1);
  }
  console.log(`${line}; skipped.`);
  process.exit(0);
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

// The launcher also uses port + 10000 for the Erlang distribution: keep both in range and free.
let port = 0;
for (let i = 0; i < 20 && (port === 0 || port + 10000 > 65535); i++) port = await freePort();
const home = await mkdtemp(path.join(os.tmpdir(), 'fete-couchdb-test-'));
const ini = path.join(home, 'fete.ini');
const key = Buffer.from(TEST_SECRET).toString('base64');
await writeFile(ini, (await readFile(path.join(ROOT, 'couch/local.ini'), 'utf8')).replace('REPLACE_WITH_BASE64_OF_JWT_SECRET', key));

const env = { ...process.env, COUCHDB_HOME: home };
const stop = () => spawnSync(launcher, ['stop', '--port', String(port)], { env, stdio: 'inherit' });
let status = 1;
try {
  console.log(`== integration suite on Apache CouchDB 3.5.0 (${launcher}, port ${port}, couch/local.ini with the test key)`);
  const started = spawnSync(launcher, ['start', '--port', String(port), '--ini', ini], { env, encoding: 'utf8' });
  if (started.status !== 0) {
    console.error(`Apache CouchDB did not start:\n${started.stdout}${started.stderr}`);
  } else {
    const vitest = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'integration'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        COUCH_URL: `http://127.0.0.1:${port}`,
        COUCH_ADMIN_USER: 'admin',
        COUCH_ADMIN_PASSWORD: 'password',
      },
    });
    status = vitest.status ?? 1;
  }
} finally {
  stop();
  await rm(home, { recursive: true, force: true });
}
process.exit(status);
