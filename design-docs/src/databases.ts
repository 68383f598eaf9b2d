// The database map of ARCHITECTURE.md section 3, in one place: names, who may read, and the
// roles carried by tokens. Both the gateway and provisioning read from here.

export const ROLE_MEMBER = 'member';
export const ROLE_ADMIN = 'admin';
/** CouchDB's server-admin role: only the sync-server's own token or credentials carry it. */
export const ROLE_SERVER = '_admin';

export const SHARED_DATABASES = ['catalog', 'members', 'chat', 'submissions', 'receipts', 'reports', 'accounts'] as const;
export type SharedDatabase = (typeof SHARED_DATABASES)[number];
export type DatabaseKind = SharedDatabase | 'userdb';

export interface SecurityObject {
  admins: { names: string[]; roles: string[] };
  members: { names: string[]; roles: string[] };
}

export interface UserCtx {
  name: string | null;
  roles: string[];
}

const USERDB_PREFIX = 'userdb-';

/** CouchDB's convention: the hex of the UTF-8 bytes of the user id. */
export function userDbName(userId: string): string {
  let hex = '';
  for (const byte of new TextEncoder().encode(userId)) hex += byte.toString(16).padStart(2, '0');
  return USERDB_PREFIX + hex;
}

export function userIdFromDbName(db: string): string | null {
  if (!db.startsWith(USERDB_PREFIX)) return null;
  const hex = db.slice(USERDB_PREFIX.length);
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-f]+$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function databaseKind(db: string): DatabaseKind | null {
  if ((SHARED_DATABASES as readonly string[]).includes(db)) return db as SharedDatabase;
  return userIdFromDbName(db) !== null ? 'userdb' : null;
}

const noAdmins = { names: [] as string[], roles: [] as string[] };

/** The explicit `_security` of each database. An empty members list means public read. */
export function securityFor(db: string): SecurityObject {
  const kind = databaseKind(db);
  switch (kind) {
    case 'catalog':
      return { admins: noAdmins, members: { names: [], roles: [] } };
    case 'members':
    case 'chat':
      return { admins: noAdmins, members: { names: [], roles: [ROLE_MEMBER] } };
    case 'submissions':
    case 'receipts':
    case 'reports':
      return { admins: noAdmins, members: { names: [], roles: [ROLE_ADMIN] } };
    case 'accounts':
      return { admins: noAdmins, members: { names: [], roles: [ROLE_SERVER] } };
    case 'userdb':
      return { admins: noAdmins, members: { names: [userIdFromDbName(db) as string], roles: [] } };
    default:
      throw new Error(`unknown database ${db}`);
  }
}

/** Membership as CouchDB decides it from a `_security` object. */
export function isDbMember(userCtx: UserCtx, sec: SecurityObject): boolean {
  if (userCtx.roles.includes(ROLE_SERVER)) return true;
  const inList = (l: { names: string[]; roles: string[] }) =>
    (userCtx.name !== null && l.names.includes(userCtx.name)) || l.roles.some((r) => userCtx.roles.includes(r));
  if (inList(sec.admins)) return true;
  const m = sec.members;
  if (m.names.length === 0 && m.roles.length === 0) return true;
  return inList(m);
}

/**
 * The gateway's allow-list: may this user reach this database at all?
 * It mirrors `_security` so that a wrong `_security` on an external CouchDB cannot open a door.
 */
export function mayReachDatabase(userCtx: UserCtx, db: string): boolean {
  const kind = databaseKind(db);
  if (kind === null) return false;
  if (userCtx.roles.includes(ROLE_SERVER)) return true;
  if (kind === 'accounts') return false;
  return isDbMember(userCtx, securityFor(db));
}
