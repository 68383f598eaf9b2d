// The integration suite's passes on Apache CouchDB 3.5.0 (issues 9 and 23), each on an engine
// from ../shared/couchdb with the project's couch/local.ini (scripts/couchdb-engine.ts), stopped
// again whatever happened:
// 1. one node: the whole integration suite, then the abuse tests one file at a time;
// 2. a 3-node cluster: the files that exercise replication, the workers, races and access
//    (CLUSTER_FILES), then the fault tests that stop a node (tests/integration/cluster/). The
//    whole suite on the cluster took 20+ minutes on two cores; these are what a cluster changes
//    (ADR 039).
//
// Extra arguments (file filters) go to every Vitest run. FETE_COUCH_PASSES=single or cluster runs
// one pass only. Without the engine on this machine the passes are skipped with one line, unless
// FETE_REQUIRE_COUCHDB=1 (CI sets it) makes that a failure. COUCHDB_LAUNCHER names another
// launcher with the same interface.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findCouchLauncher, startCouchEngine } from './couchdb-engine.ts';
import type { CouchEngine } from './couchdb-engine.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const launcher = findCouchLauncher();

/** What a cluster changes: quorum writes and reads, ranges read from one copy, racing writes, replays. */
const CLUSTER_FILES = [
  'access-matrix', // every role's refusals, with copies that may lag (409 before 403)
  'contract', // the validators on every copy
  'auth-refresh', // two refreshes racing with one token
  'auth-signup', // two sign-ups racing for one e-mail
  'two-servers', // exactly-once through two servers, a token revoked on the other
  'workers-flows', // the workers' copies and their replay from scratch
  'workers-crash', // a worker SIGKILLed mid-way, replaying a checkpoint
  'crash-sigkill', // the server SIGKILLed while clients write
  'data-sync', // real PouchDB clients replicating
  'chat-offline', // the chat window and older pages, read from one copy
  'chat-server', // fan-out and chat-clear over ranges
  'design-docs-hidden', // a stock CouchDB replicator pulling the catalogue
].map((f) => `tests/integration/${f}.test.ts`);

if (!launcher) {
  const line = 'Apache CouchDB pass: no launcher at ../shared/couchdb/couchdb (or COUCHDB_LAUNCHER)';
  if (process.env.FETE_REQUIRE_COUCHDB === '1') {
    console.error(`${line}; CI requires it.`);
    process.exit(1);
  }
  console.log(`${line}; skipped.`);
  process.exit(0);
}

const filters = process.argv.slice(2);

function vitest(engine: CouchEngine, project: string, files: string[] = []): number {
  const args = [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', project, '--passWithNoTests', ...files, ...filters];
  return spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...engine.env } }).status ?? 1;
}

async function onEngine(nodes: number, run: (engine: CouchEngine) => number): Promise<number> {
  try {
    const engine = await startCouchEngine(launcher as string, { nodes });
    try {
      return run(engine);
    } finally {
      await engine.stop();
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  }
}

const passes = process.env.FETE_COUCH_PASSES ?? 'single,cluster';
const results: number[] = [];
if (passes.includes('single')) {
  results.push(
    await onEngine(1, (engine) => {
      console.log(`== integration suite on Apache CouchDB 3.5.0 (${engine.url}, couch/local.ini with the test key)`);
      const suite = vitest(engine, 'integration');
      console.log('== abuse tests on Apache CouchDB 3.5.0, one file at a time');
      return Math.max(suite, vitest(engine, 'abuse'));
    }),
  );
}
if (passes.includes('cluster')) {
  results.push(
    await onEngine(3, (engine) => {
      console.log(`== on a 3-node Apache CouchDB 3.5.0 cluster (${engine.nodeUrls.join(' ')}): ${CLUSTER_FILES.length} files`);
      // Filters given on the command line choose the files instead.
      const suite = vitest(engine, 'integration', filters.length > 0 ? [] : CLUSTER_FILES);
      console.log('== fault tests and the move from the embedded backend, on the cluster (tests/integration/cluster/)');
      return Math.max(suite, vitest(engine, 'cluster'));
    }),
  );
}
process.exit(Math.max(0, ...results));
