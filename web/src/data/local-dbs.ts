// Opens the device's databases. The catalog is shared by everyone using the device; members,
// chat and the userdb belong to one member and are named after them, so two members on one
// device never read each other's data and sign-out can destroy exactly theirs.
import { userDbName } from '../../../design-docs/src/databases.ts';
import type { Database, PouchConstructor } from './pouch.ts';
import { isNetworkFailure } from './pouch.ts';
import { sliceReplicatedWrites } from './sliced-writes.ts';

export type MemberDbKey = 'members' | 'chat' | 'userdb';
export type DbKey = 'catalog' | MemberDbKey;
export const MEMBER_DB_KEYS: readonly MemberDbKey[] = ['members', 'chat', 'userdb'];

export interface DbFactoryOptions {
  PouchDB: PouchConstructor;
  /** 'indexeddb' in the browser, 'memory' in tests. */
  adapter: string;
  /** Where the app is served; the databases are under `{origin}/db`. */
  origin: string;
  /** Used for every request to `/db` (the auth wrapper). */
  fetch: typeof fetch;
  /** Names local databases; tests give each simulated device its own. */
  prefix?: string;
}

export interface DbFactory {
  local(name: string): Database;
  remote(name: string): Database;
  catalogName(): string;
  memberName(userId: string, key: MemberDbKey): string;
  /** What every device-storage key and database name of the member starts with (`{prefix}-u-{id}-`). */
  memberPrefix(userId: string): string;
}

export function remoteName(key: DbKey, userId: string | null): string {
  if (key === 'userdb') {
    if (!userId) throw new Error('a userdb needs a user id');
    return userDbName(userId);
  }
  return key;
}

export function remoteUrl(origin: string, name: string): string {
  return `${origin.replace(/\/+$/, '')}/db/${encodeURIComponent(name)}`;
}

export function createDbFactory(opts: DbFactoryOptions): DbFactory {
  const prefix = opts.prefix ?? 'fete';
  return {
    local: (name) => sliceReplicatedWrites(new opts.PouchDB(name, { adapter: opts.adapter })),
    // skip_setup: a client never creates databases (the gateway refuses it anyway).
    remote: (name) => quietInfo(new opts.PouchDB(remoteUrl(opts.origin, name), { skip_setup: true, fetch: opts.fetch }), name),
    catalogName: () => `${prefix}-catalog`,
    memberName: (userId, key) => `${prefix}-u-${userId}-${key}`,
    memberPrefix: (userId) => `${prefix}-u-${userId}-`,
  };
}

/**
 * The replicator asks a remote database's `info()` after every batch and does not handle its
 * failure (pouchdb-replication's finishBatch: `src.info().then(...)`, progress bookkeeping only).
 * A signal lost right then surfaced as an unhandled rejection: "Uncaught (in promise)" in the
 * console, a crash of a test process. Without a network, `info()` answers an empty summary; the
 * replication's next request meets the same network and backs off as usual. Refusals (401, 403)
 * still reject.
 */
export function quietInfo(db: Database, name: string): Database {
  const info = db.info.bind(db);
  (db as { info: Database['info'] }).info = (async () => {
    try {
      return await info();
    } catch (err) {
      if (isNetworkFailure(err)) return { db_name: name, doc_count: 0, update_seq: 0 };
      throw err;
    }
  }) as Database['info'];
  return db;
}

export interface MemberDbs {
  userId: string;
  members: Database;
  chat: Database;
  userdb: Database;
}

export function openMemberDbs(factory: DbFactory, userId: string): MemberDbs {
  return {
    userId,
    members: factory.local(factory.memberName(userId, 'members')),
    chat: factory.local(factory.memberName(userId, 'chat')),
    userdb: factory.local(factory.memberName(userId, 'userdb')),
  };
}

export async function destroyMemberDbs(dbs: MemberDbs): Promise<void> {
  const names = MEMBER_DB_KEYS.map((key) => dbs[key].name);
  await Promise.all(MEMBER_DB_KEYS.map((key) => dbs[key].destroy()));
  forgetChangeSignals(names);
}

/**
 * PouchDB tells other tabs about a write by flipping a localStorage key named after the
 * database (`_pouch_{name}`), and destroy() leaves it behind. The names carry the user id, so
 * sign-out removes them: nothing of the member stays on the device (ADR 019).
 */
function forgetChangeSignals(names: readonly string[]): void {
  let storage: Storage | undefined;
  try {
    storage = (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    return; // storage blocked: PouchDB could not have written there either
  }
  if (!storage) return;
  for (const name of names) {
    storage.removeItem(name);
    storage.removeItem(`_pouch_${name}`);
  }
  // The member's own keys (the directory's first page) share the databases' `{prefix}-u-{id}-`.
  const memberPrefixes = names.map((n) => n.slice(0, n.lastIndexOf('-') + 1));
  for (const key of Object.keys(storage)) {
    if (memberPrefixes.some((p) => key.startsWith(p))) storage.removeItem(key);
  }
}

export async function closeMemberDbs(dbs: MemberDbs): Promise<void> {
  await Promise.all(MEMBER_DB_KEYS.map((key) => dbs[key].close().catch(() => undefined)));
}
