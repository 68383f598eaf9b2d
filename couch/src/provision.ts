// Provisioning, the same against the embedded backend and Apache CouchDB: each database gets
// an explicit `_security`, the `_design/fete` validator and its Mango indexes. It is
// idempotent (re-running changes nothing) and versioned (a changed design doc is replaced).
import { SHARED_DATABASES, databaseKind, securityFor } from '../../design-docs/src/databases.ts';
import { CONTRACT_MARKER_ID, DESIGN_VERSION, designDocFor, indexesFor } from '../../design-docs/src/design-docs.ts';

export interface AdminAnswer {
  status: number;
  body: unknown;
}
/** A server-admin JSON call against the CouchDB root. */
export type AdminCall = ((method: string, path: string, body?: unknown) => Promise<AdminAnswer>) & {
  /**
   * True when the backend keeps one copy of each database (the embedded backend, one CouchDB
   * node): there a 409 alone decides which of two racing writes wins, and the read-back from
   * every copy (ADR 039) can be skipped. Absent, or false: a cluster, whose writes are read back.
   */
  readonly singleCopy?: () => Promise<boolean>;
};

export class ProvisionError extends Error {
  /** Another process provisioned the same thing at the same moment; trying again settles it. */
  readonly race: boolean;
  constructor(message: string, race = false) {
    super(message);
    this.race = race;
  }
}

/**
 * Two Fete processes starting against one CouchDB provision the same databases at once. Their
 * design-doc writes then conflict (409), and CouchDB answers a Mango index saved at the same
 * moment with 500 `error_saving_ddoc`. Both are a lost race, not a fault.
 */
function isRace(ans: AdminAnswer): boolean {
  const error = (ans.body as { error?: unknown } | null)?.error;
  return ans.status === 409 || (ans.status === 500 && error === 'error_saving_ddoc');
}

function expect(ans: AdminAnswer, ok: number[], what: string): void {
  if (!ok.includes(ans.status)) throw new ProvisionError(`${what} failed: ${ans.status} ${JSON.stringify(ans.body)}`, isRace(ans));
}

const RACE_ATTEMPTS = 5;

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `existingOnly`: brings a database that exists up to date and leaves a missing one missing (a
 * member's userdb deleted with their account must not come back).
 */
export async function provisionDatabase(call: AdminCall, db: string, opts: { existingOnly?: boolean } = {}): Promise<{ created: boolean; missing?: boolean }> {
  let created = false;
  for (let attempt = 1; ; attempt++) {
    try {
      // Created by this process in any attempt counts: a retry finds it there (412).
      const once = await provisionOnce(call, db, !opts.existingOnly);
      if (once.missing) return { created, missing: true };
      created = once.created || created;
      return { created };
    } catch (err) {
      if (!(err instanceof ProvisionError && err.race) || attempt >= RACE_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.floor(Math.random() * 50)));
    }
  }
}

async function provisionOnce(call: AdminCall, db: string, create: boolean): Promise<{ created: boolean; missing?: boolean }> {
  const enc = encodeURIComponent(db);
  let created = false;
  if (create) {
    // On a cluster a userdb gets one shard (q=1, each on n=3 nodes): it holds one member's few
    // thousand documents, and thousands of them would otherwise be twice the files. Shared
    // databases keep the cluster's q (couch/local.ini). One node and the embedded engine ignore q.
    const put = await call('PUT', `/${enc}${databaseKind(db) === 'userdb' ? '?q=1' : ''}`);
    expect(put, [201, 202, 412], `create ${db}`);
    created = put.status !== 412;
  }

  const security = securityFor(db);
  const currentSec = await call('GET', `/${enc}/_security`);
  if (!create && currentSec.status === 404) return { created, missing: true };
  if (currentSec.status !== 200 || !sameJson(currentSec.body, security)) {
    expect(await call('PUT', `/${enc}/_security`, security), [200, 201], `security of ${db}`);
  }

  const ddoc = designDocFor(db);
  const current = await call('GET', `/${enc}/${encodeURIComponent(ddoc._id)}`);
  const currentBody = current.body as Record<string, unknown> | null;
  const { _rev: _ignored, ...currentRest } = (currentBody ?? {}) as Record<string, unknown>;
  if (current.status === 404 || !sameJson(currentRest, ddoc)) {
    const body = current.status === 200 ? { ...ddoc, _rev: currentBody?._rev } : ddoc;
    expect(await call('PUT', `/${enc}/${encodeURIComponent(ddoc._id)}`, body), [201, 202], `design doc of ${db}`);
  }

  for (const index of indexesFor(db)) {
    // CouchDB answers "exists" for an identical index, so this is idempotent by itself.
    expect(await call('POST', `/${enc}/_index`, index), [200, 201], `index ${index.name} of ${db}`);
  }
  // A database made now holds nothing older than this version's rules: the start-up repair
  // pass has nothing to look at in it.
  if (created) expect(await call('PUT', `/${enc}/${CONTRACT_MARKER_ID}`, { version: DESIGN_VERSION }), [201, 202, 409], `contract mark of ${db}`);
  return { created };
}

export async function provisionShared(call: AdminCall): Promise<void> {
  for (const db of SHARED_DATABASES) await provisionDatabase(call, db);
}

export async function destroyDatabase(call: AdminCall, db: string): Promise<void> {
  expect(await call('DELETE', `/${encodeURIComponent(db)}`), [200, 202, 404], `delete ${db}`);
}

/**
 * What Apache CouchDB needs for the workers: `_db_updates` answers 404 until the
 * `_global_changes` database exists, and CouchDB 3 creates only `_users` and `_replicator`.
 * Idempotent. The embedded backend has its own feed and needs neither.
 */
export async function provisionCouchSystem(call: AdminCall): Promise<{ created: boolean }> {
  const put = await call('PUT', '/_global_changes');
  expect(put, [201, 202, 412], 'create _global_changes');
  const feed = await call('GET', '/_db_updates?limit=1');
  if (feed.status !== 200) {
    throw new ProvisionError(
      `Apache CouchDB's _db_updates answered ${feed.status}, so the workers cannot follow database changes. ` +
        'Check that _global_changes exists and that COUCH_ADMIN_USER is a server admin (npm run provision creates it).',
    );
  }
  return { created: put.status !== 412 };
}
