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
