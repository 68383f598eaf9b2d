// Access tokens that must stop working before they expire (ADR 013): after an
// account is deleted, its password changed or reset, or its owner signs out everywhere, every
// access token issued before that moment is refused by the gateway and the API at once. A plain
// sign-out ends the tokens of that one session (their `sid` claim, ADR 056), not the member's
// other devices.
//
// An access token lives ACCESS_TOKEN_SECONDS at most, so a revocation only has to be remembered
// that long. The list is kept in memory (one map lookup per request) and written to `accounts`
// as `revocation:{user id}` (or `revocation:{user id}:{session}`), so a restart keeps it and every
// server learns of it (ADR 016). Tokens carry their issue time in milliseconds (`ims`): a password
// change revokes and issues a new token in the same second.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { ACCOUNTS_DB } from './accounts-repo.ts';
import { deleteWhere, findDocs, getDoc, putDoc } from './doc-store.ts';

export const REVOCATION_PREFIX = 'revocation:';
/**
 * Revocations read at start, of each kind (accounts, signed-out sessions): those of the last
 * ACCESS_TOKEN_SECONDS, at most this many (a `_find` answers 10,000 at most).
 */
export const REVOCATIONS_LOADED_MAX = 10_000;

interface RevocationDoc {
  _id: string;
  _rev?: string;
  type: 'revocation';
  user_id: string;
  /** Milliseconds since the epoch: tokens issued at or before it are refused. */
  revoked_at: number;
  /** One signed-out session's `sid`: every token of that session is refused. */
  session?: string;
}

const sessionKey = (userId: string, sid: string): string => `${userId}\n${sid}`;

/** Subscribes to database updates; answers the unsubscribe (Backend.onDbUpdate). */
type OnDbUpdate = (listener: (db: string, type: 'created' | 'updated' | 'deleted') => void) => () => void;

export class Revocations {
  private readonly at = new Map<string, number>();
  /** Signed-out sessions (`user\nsid`) and when they were revoked. */
  private readonly sessions = new Map<string, number>();
  private prunedAt = 0;
  private readonly lifetimeMs: number;
  private call: AdminCall | null = null;
  /** Where `follow` reads on in the changes of `accounts`. */
  private since: string | number = 0;

  constructor(tokenLifetimeSeconds: number) {
    this.lifetimeMs = tokenLifetimeSeconds * 1000;
  }

  /** Loads the revocations still in force; called once the backend is reachable. */
  async load(call: AdminCall, now = Date.now()): Promise<void> {
    this.call = call;
    // The sequence first: a revocation written during the query below is then read by `follow`.
    const info = await call('GET', `/${ACCOUNTS_DB}`);
    const seq = (info.body as { update_seq?: unknown } | null)?.update_seq;
    if (info.status === 200 && (typeof seq === 'string' || typeof seq === 'number')) this.since = seq;
    for (const kind of [{ $exists: false }, { $exists: true }]) {
      const selector = { type: 'revocation', session: kind, revoked_at: { $gt: now - this.lifetimeMs } };
      for (const d of await findDocs<RevocationDoc>(call, ACCOUNTS_DB, selector, { limit: REVOCATIONS_LOADED_MAX })) this.take(d);
    }
  }

  /**
   * Takes in the revocations other Fete processes on the same CouchDB write (ADR 016): each
   * update of `accounts` reads its new revocation documents. Answers the unsubscribe.
   */
  follow(onDbUpdate: OnDbUpdate, onError: (err: unknown) => void): () => void {
    let running = false;
    let again = false;
    const pull = async (): Promise<void> => {
      const call = this.call;
      if (!call) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          for (let more = true; more; ) {
            const q = `filter=_selector&include_docs=true&limit=500&since=${encodeURIComponent(String(this.since))}`;
            const ans = await call('POST', `/${ACCOUNTS_DB}/_changes?${q}`, { selector: { type: 'revocation' } });
            if (ans.status !== 200) throw new Error(`reading revocations answered ${ans.status}`);
            const page = ans.body as { results: { doc?: Partial<RevocationDoc> }[]; last_seq: string | number; pending?: number };
            for (const r of page.results) {
              const d = r.doc;
              if (d) this.take(d);
            }
            this.prune(Date.now());
            this.since = page.last_seq;
            more = page.results.length > 0 && (page.pending ?? 0) > 0;
          }
        } while (again);
      } catch (err) {
        onError(err);
      } finally {
        running = false;
      }
    };
    return onDbUpdate((db, type) => {
      if (db === ACCOUNTS_DB && type === 'updated') void pull();
    });
  }

  /** True when a token of `userId` issued at `issuedMs` (of session `sid`) was revoked. */
  isRevoked(userId: string, issuedMs: number, sid?: string): boolean {
    const at = this.at.get(userId);
    if (at !== undefined && issuedMs <= at) return true;
    return sid !== undefined && this.sessions.has(sessionKey(userId, sid));
  }

  /**
   * Revokes every token of one session (a plain sign-out): the member's other devices keep
   * theirs. The session's refresh family is revoked first, so no token of it is issued after
   * this; the records older than a token's lifetime are deleted as this one is written, so each
   * member has at most the sign-outs of the last ACCESS_TOKEN_SECONDS in `accounts`.
   */
  async revokeSession(userId: string, sid: string): Promise<void> {
    const now = Date.now();
    this.sessions.set(sessionKey(userId, sid), now);
    if (this.call) {
      const doc: RevocationDoc = { _id: `${REVOCATION_PREFIX}${userId}:${sid}`, type: 'revocation', user_id: userId, revoked_at: now, session: sid };
      const old = await getDoc<RevocationDoc>(this.call, ACCOUNTS_DB, doc._id);
      if (old?._rev) doc._rev = old._rev;
      await putDoc(this.call, ACCOUNTS_DB, doc as unknown as Parameters<typeof putDoc>[2]);
      await deleteWhere(this.call, ACCOUNTS_DB, { type: 'revocation', user_id: userId, session: { $exists: true }, revoked_at: { $lt: now - this.lifetimeMs } });
    }
    this.prune(now);
  }

  /**
   * Revokes every token of `userId` issued up to now. Resolves once the revocation is stored and
   * the clock has moved past it, so a token issued after this call is never caught by it.
   */
  async revoke(userId: string): Promise<void> {
    const now = Date.now();
    this.remember(userId, now);
    if (this.call) await this.store(this.call, userId, now);
    while (Date.now() <= now) await new Promise((r) => setTimeout(r, 1));
    this.prune(now);
  }

  private take(d: Partial<RevocationDoc>): void {
    if (typeof d.user_id !== 'string' || typeof d.revoked_at !== 'number') return;
    if (typeof d.session === 'string') {
      const key = sessionKey(d.user_id, d.session);
      if (d.revoked_at > (this.sessions.get(key) ?? -1)) this.sessions.set(key, d.revoked_at);
    } else this.remember(d.user_id, d.revoked_at);
  }

  private remember(userId: string, at: number): void {
    if (at > (this.at.get(userId) ?? -1)) this.at.set(userId, at);
  }

  private async store(call: AdminCall, userId: string, at: number): Promise<void> {
    const id = REVOCATION_PREFIX + userId;
    for (let i = 0; i < 5; i++) {
      const old = await getDoc<RevocationDoc>(call, ACCOUNTS_DB, id);
      const doc: RevocationDoc = { _id: id, type: 'revocation', user_id: userId, revoked_at: Math.max(at, old?.revoked_at ?? 0) };
      if (old?._rev) doc._rev = old._rev;
      if ((await putDoc(call, ACCOUNTS_DB, doc as unknown as Parameters<typeof putDoc>[2])) !== 'conflict') return;
    }
  }

  /** Entries older than a token's lifetime can no longer match any valid token. */
  private prune(now: number): void {
    // A sweep of the maps at most once a minute: followers call this on every update of `accounts`.
    if (now - this.prunedAt < 60_000) return;
    this.prunedAt = now;
    for (const [user, at] of this.at) if (at < now - this.lifetimeMs) this.at.delete(user);
    for (const [key, at] of this.sessions) if (at < now - this.lifetimeMs) this.sessions.delete(key);
  }
}
