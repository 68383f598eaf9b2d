// On a shared Apache CouchDB (COUCH_URL) every test server gets a namespace of its own: a
// DB_PREFIX derived from its data folder, so a server restarted on the same folder finds its
// databases again, and no two test files see each other's documents. The run's id starts every
// prefix, so the global teardown removes exactly this run's databases.
import { createHash } from 'node:crypto';

/** Whether this run's servers use Apache CouchDB rather than the embedded backend. */
export const onCouchDB = Boolean(process.env.COUCH_URL);

export function testRunId(): string {
  return process.env.FETE_TEST_RUN ?? 'local0';
}

/** The DB_PREFIX of a test server on `dataDir`; none on the embedded backend (its folder is its own). */
export function testDbPrefix(dataDir: string): string {
  if (!onCouchDB) return '';
  return `t${testRunId()}${createHash('sha256').update(dataDir).digest('hex').slice(0, 10)}_`;
}

/** The environment a spawned or in-process test server needs to reach the shared engine. */
export function couchEnv(dataDir: string): Record<string, string> {
  if (!onCouchDB) return {};
  return {
    COUCH_URL: process.env.COUCH_URL ?? '',
    COUCH_ADMIN_USER: process.env.COUCH_ADMIN_USER ?? '',
    COUCH_ADMIN_PASSWORD: process.env.COUCH_ADMIN_PASSWORD ?? '',
    DB_PREFIX: testDbPrefix(dataDir),
  };
}

/** How many CouchDB nodes this run's engine has (COUCH_NODE_URLS); 1 for a single node or the embedded backend. */
export const couchNodes = Math.max(1, (process.env.COUCH_NODE_URLS ?? '').split(/\s+/).filter(Boolean).length);

/**
 * A document path whose write answers only once every copy holds it (`w` = the cluster's copies),
 * or whose read asks every copy (`r`), which also brings a copy that lags up to date (CouchDB's
 * read repair). A cluster acknowledges a write on a quorum of copies; a test that next makes a
 * change which must be refused needs every copy to agree on the revision first, or a copy that
 * has not yet heard of it answers 409 before the others answer 403. Nothing changes on one node
 * or the embedded backend.
 */
export function onEveryCopy(docPath: string, param: 'w' | 'r' = 'w'): string {
  if (couchNodes === 1) return docPath;
  return `${docPath}${docPath.includes('?') ? '&' : '?'}${param}=${couchNodes}`;
}
