// The integration suite's passes on Apache CouchDB 3.5.0 (issues 9 and 23), each on an engine
// from ../shared/couchdb with the project's couch/local.ini (scripts/couchdb-engine.ts), stopped
// again whatever happened:
// 1. one node: the integration suite but the cluster pass's files, then the abuse tests one file
//    at a time;
// 2. a 3-node cluster: the files that exercise replication, the workers, races and access
//    (CLUSTER_FILES), then the fault tests that stop a node (tests/integration/cluster/). The
//    whole suite on the cluster took 20+ minutes on two cores; these are what a cluster changes
//    (ADR 039). Together the two passes run every integration file on Apache CouchDB once, but
//    BOTH_PASSES_FILES, whose answer differs between one node and a cluster, twice.
//
// Extra arguments (file filters) go to every Vitest run. FETE_COUCH_PASSES=single or cluster runs
// one pass only (with FETE_COUCH_CLUSTER_PASS_FOLLOWS=1, the one-node pass still leaves the
// cluster's files to a cluster pass run after it). Without the engine on this machine the passes are skipped with one line, unless
// FETE_REQUIRE_COUCHDB=1 (CI sets it) makes that a failure. COUCHDB_LAUNCHER names another
// launcher with the same interface.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  'push-reminders', // two servers claiming one reminder each (alike claims made one revision: ADR 039)
].map((f) => `tests/integration/${f}.test.ts`);
/** Files whose answer differs between one node and a cluster: they run in both passes. */
const BOTH_PASSES_FILES = [
  'backend-copies', // one copy on one node, several on a cluster: the read-back of exclusive writes
].map((f) => `tests/integration/${f}.test.ts`);
// A renamed file would silently leave both passes.
for (const f of [...CLUSTER_FILES, ...BOTH_PASSES_FILES]) if (!existsSync(path.join(ROOT, f))) throw new Error(`scripts/test-couchdb.ts names ${f}, which does not exist`);

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

function vitest(engine: CouchEngine, project: string, files: string[] = [], exclude: string[] = []): number {
  const args = [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', project, '--passWithNoTests', ...files, ...filters];
  // Vitest's --exclude does not reach a project's own list; vitest.config.ts reads this instead.
  const env = { ...process.env, ...engine.env, FETE_INTEGRATION_EXCLUDE: exclude.join(',') };
  return spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env }).status ?? 1;
}

async function onEngine(nodes: number, run: (engine: CouchEngine) => number): Promise<number> {
  try {
    // In memory: the passes test behaviour, not the disk, and fsyncs on three nodes were a fifth
    // of the cluster pass's time (ADR 051).
    const engine = await startCouchEngine(launcher as string, { nodes, inMemory: true });
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
// Each file runs once on Apache CouchDB: the cluster's files on the cluster, the rest on one node
// (112 s of the one-node pass were files the cluster pass runs again; ADR 039). `npm test` runs
// the two passes as two phases and says so with FETE_COUCH_CLUSTER_PASS_FOLLOWS=1. A pass asked
// for alone otherwise, or with file filters, runs every file it is given.
const clusterTakesItsFiles = (passes.includes('cluster') || process.env.FETE_COUCH_CLUSTER_PASS_FOLLOWS === '1') && filters.length === 0;
const results: number[] = [];
if (passes.includes('single')) {
  results.push(
    await onEngine(1, (engine) => {
      const left = clusterTakesItsFiles ? ` without the ${CLUSTER_FILES.length} files of the cluster pass` : '';
      console.log(`== integration suite on Apache CouchDB 3.5.0 (${engine.url}, couch/local.ini with the test key)${left}`);
      const suite = vitest(engine, 'integration', [], clusterTakesItsFiles ? CLUSTER_FILES : []);
      console.log('== abuse tests on Apache CouchDB 3.5.0, one file at a time');
      return Math.max(suite, vitest(engine, 'abuse'));
    }),
  );
}
if (passes.includes('cluster')) {
  results.push(
    await onEngine(3, (engine) => {
      const files = [...CLUSTER_FILES, ...BOTH_PASSES_FILES];
      console.log(`== on a 3-node Apache CouchDB 3.5.0 cluster (${engine.nodeUrls.join(' ')}): ${files.length} files`);
      // Filters given on the command line choose the files instead.
      const suite = vitest(engine, 'integration', filters.length > 0 ? [] : files);
      console.log('== fault tests and the move from the embedded backend, on the cluster (tests/integration/cluster/)');
      return Math.max(suite, vitest(engine, 'cluster'));
    }),
  );
}
process.exit(Math.max(0, ...results));
