// What every repository is handed: the local databases (the member's only while signed in),
// a writer that records member writes as pending, and a clock.
import type { Database } from '../pouch.ts';
import type { MemberDbKey, MemberDbs } from '../local-dbs.ts';
import type { StorageLike } from '../storage.ts';

export class SignInRequiredError extends Error {
  constructor() {
    super('Please sign in first');
    this.name = 'SignInRequiredError';
  }
}

export interface Writer {
  /** Saves to the member's local database; the write waits in the outbox until pushed. */
  put(key: MemberDbKey, doc: Record<string, unknown> & { _id: string }): Promise<string>;
  remove(key: MemberDbKey, id: string, rev: string): Promise<void>;
}

export interface MemberScope {
  userId: string;
  isAdmin: boolean;
  dbs: MemberDbs;
  write: Writer;
}

export interface RepoContext {
  catalog(): Database;
  member(): MemberScope | null;
  now(): Date;
  /**
   * Catalog writes (a member's new event, an owner's restaurant, an admin's feature toggle) go
   * straight to the server: the catalog is pulled, never pushed. A pull follows each write.
   */
  catalogRemote(): Database;
  afterCatalogWrite(): Promise<void>;
  /** A device-storage key of a member's own (`{prefix}-u-{id}-{what}`): sign-out removes it. */
  memberKey(userId: string, what: string): string;
  /**
   * The server's copy of a shared database, for admins, who work online (ADR 021): packages,
   * rides and forms are written there and pulled back; `submissions` is read there and never
   * synced to the device; nor is `reports` (ADR 024). `chat`: public messages older than the
   * device's window (ADR 025). `receipts`: admin-only, read and written there; the mirror
   * worker copies each to its member.
   */
  remote(name: 'members' | 'submissions' | 'reports' | 'chat' | 'receipts'): Database;
  /** Pulls the members database after an admin write, so the device shows it at once. */
  afterMembersWrite(): Promise<void>;
  /** `/api` calls with the bearer token (and its refresh). */
  api(path: string, init?: RequestInit): Promise<Response>;
  /** Synchronous device storage (localStorage), null where blocked: drafts live here. */
  storage(): StorageLike | null;
}


export function requireMember(ctx: RepoContext): MemberScope {
  const scope = ctx.member();
  if (!scope) throw new SignInRequiredError();
  return scope;
}
