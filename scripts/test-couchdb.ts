// The integration suite's second pass, against Apache CouchDB 3.5.0 (issue 9): the engine from
// ../shared/couchdb with the project's couch/local.ini (scripts/couchdb-engine.ts), then
// `vitest --project integration` with COUCH_URL set, then the engine is stopped, whatever happened.
//
// Without the engine on this machine the pass is skipped with one line, unless
// FETE_REQUIRE_COUCHDB=1 (CI sets it) makes that a failure. COUCHDB_LAUNCHER names another
// launcher with the same `start --port N --ini FILE` / `stop --port N` interface.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findCouchLauncher, startCouchEngine } from './couchdb-engine.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const launcher = findCouchLauncher();

if (!launcher) {
  const line = 'Apache CouchDB pass: no launcher at ../shared/couchdb/couchdb (or COUCHDB_LAUNCHER)';
  if (process.env.FETE_REQUIRE_COUCHDB === '1') {
    console.error(`${line}; CI requires it.`);
    process.exit(1);
  }
  console.log(`${line}; skipped.`);
  process.exit(0);
}

let status = 1;
try {
  const engine = await startCouchEngine(launcher);
  try {
    console.log(`== integration suite on Apache CouchDB 3.5.0 (${engine.url}, couch/local.ini with the test key)`);
    const vitest = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'integration', ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...engine.env },
    });
    status = vitest.status ?? 1;
  } finally {
    await engine.stop();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
}
process.exit(status);
