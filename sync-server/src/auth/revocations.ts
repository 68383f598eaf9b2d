// Access tokens that must stop working before they expire (ADR 013): after an
// account is deleted, its password changed or reset, or its owner signs out everywhere, every
// access token issued before that moment is refused by the gateway and the API at once.
//
// An access token lives ACCESS_TOKEN_SECONDS at most, so a revocation only has to be remembered
// that long. The list is kept in memory (one map lookup per request) and written to `accounts`
// as `revocation:{user id}`, so a restart keeps it. Tokens carry their issue time in
// milliseconds (`ims`): a password change revokes and issues a new token in the same second.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { ACCOUNTS_DB } from './accounts-repo.ts';
import { findDocs, getDoc, putDoc } from './doc-store.ts';

export const REVOCATION_PREFIX = 'revocation:';

interface RevocationDoc {
  _id: string;
  _rev?: string;
  type: 'revocation';
  user_id: string;
  /** Milliseconds since the epoch: tokens issued at or before it are refused. */
  revoked_at: number;
}

/** Subscribes to database updates; answers the unsubscribe (Backend.onDbUpdate). */
type OnDbUpdate = (listener: (db: string, type: 'created' | 'updated' | 'deleted') => void) => () => void;

export class Revocations {
  private readonly at = new Map<string, number>();
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
    const docs = await findDocs<RevocationDoc>(call, ACCOUNTS_DB, { type: 'revocation', revoked_at: { $gt: now - this.lifetimeMs } }, { limit: 10_000 });
    for (const d of docs) this.remember(d.user_id, d.revoked_at);
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
              if (d && typeof d.user_id === 'string' && typeof d.revoked_at === 'number') this.remember(d.user_id, d.revoked_at);
            }
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

  /** True when a token of `userId` issued at `issuedMs` was revoked. */
  isRevoked(userId: string, issuedMs: number): boolean {
    const at = this.at.get(userId);
    return at !== undefined && issuedMs <= at;
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
    for (const [user, at] of this.at) if (at < now - this.lifetimeMs) this.at.delete(user);
  }
}
