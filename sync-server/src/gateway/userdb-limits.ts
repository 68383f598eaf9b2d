// A member's own userdb, bounded over time (docs/limits.md): each single request was
// bounded, but a member could add them up, 25,000 reports in a few minutes, or 180 private
// messages of 100 KB to one receiver in 8 s. Checked in the gateway before the request is
// forwarded, so they hold on both backends, and a refused request writes nothing:
// - writes per minute (every document, deletions too);
// - private messages per sender per minute, and per sender and receiver;
// - reports per member per hour;
// - documents and bytes on disk per userdb (deletions always go through: they free space). The
//   private messages others delivered into it are not the member's to answer for: they have a
//   bound of their own, counted in `accounts` by the fan-out worker (ADR 052), and are taken off
//   before the member's own documents and bytes are held to theirs. A member whose inbox is full
//   still likes, blocks, changes settings and deletes.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { databaseKind, ROLE_SERVER, userIdFromDbName, type UserCtx } from '../../../design-docs/src/databases.ts';
import type { ReceivedDoc } from '../../../design-docs/src/schemas/account.ts';
import type { Backend } from '../backend/backend.ts';
import { createSlidingWindow, type SlidingWindow } from '../rate-limit/sliding-window.ts';

export interface UserDbLimitsConfig {
  writesPerMinute: number;
  dmsPerMinute: number;
  dmsPerPairPerMinute: number;
  reportsPerHour: number;
  maxDocs: number;
  maxBytes: number;
}

export type UserDbRefusal = { status: 413 | 429; error: string; reason: string; retryAfter?: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Databases whose size is remembered at once; the least recently asked are forgotten first. */
const MAX_TRACKED = 50_000;
/** How long one database's size is trusted: a few writes' overshoot, one lookup per burst. */
const INFO_TTL_MS = 2_000;

type Doc = Record<string, unknown>;
type Size = { at: number; docs: number; bytes: number };

/** The documents a write carries: a `_bulk_docs` batch, or the one document of a PUT/POST/DELETE. */
export function writtenDocs(method: string, second: string | undefined, body: unknown): Doc[] {
  const isDoc = (d: unknown): d is Doc => typeof d === 'object' && d !== null && !Array.isArray(d);
  if (second === '_bulk_docs') {
    const docs = (body as { docs?: unknown } | null)?.docs;
    return Array.isArray(docs) ? docs.filter(isDoc).filter((d) => !String(d._id ?? '').startsWith('_local/')) : [];
  }
  if (second === '_local' || (second ?? '').startsWith('_')) return [];
  if (method === 'DELETE') return [{ _deleted: true }];
  if (method === 'PUT' || (method === 'POST' && second === undefined)) return isDoc(body) ? [body] : [];
  return [];
}

/** A first revision: what a device sends for a new document (replication keeps its `1-…` rev). */
function isNew(d: Doc): boolean {
  return d._deleted !== true && (d._rev === undefined || (typeof d._rev === 'string' && d._rev.startsWith('1-')));
}

export class UserDbLimits {
  private readonly writes: SlidingWindow;
  private readonly dms: SlidingWindow;
  private readonly pairs: SlidingWindow;
  private readonly reports: SlidingWindow;
  private readonly info = new Map<string, Size>();
  private readonly cfg: UserDbLimitsConfig;
  private readonly backend: Backend;
  private readonly call: AdminCall;

  constructor(cfg: UserDbLimitsConfig, backend: Backend, call: AdminCall) {
    this.cfg = cfg;
    this.backend = backend;
    this.call = call;
    this.writes = createSlidingWindow({ limit: cfg.writesPerMinute, windowMs: MINUTE });
    this.dms = createSlidingWindow({ limit: cfg.dmsPerMinute, windowMs: MINUTE });
    this.pairs = createSlidingWindow({ limit: cfg.dmsPerPairPerMinute, windowMs: MINUTE });
    this.reports = createSlidingWindow({ limit: cfg.reportsPerHour, windowMs: HOUR });
  }

  /** Null when the member's write may go (and it is counted); else the refusal. */
  async check(user: UserCtx, db: string | undefined, req: Request, docs: Doc[], now = Date.now()): Promise<UserDbRefusal | null> {
    if (db === undefined || docs.length === 0 || databaseKind(db) !== 'userdb' || user.name === null || user.roles.includes(ROLE_SERVER)) return null;
    const me = user.name;
    const fresh = docs.filter(isNew);
    const dms = fresh.filter((d) => d.type === 'message' && d.sender_id === me);
    const byReceiver = new Map<string, number>();
    for (const d of dms) byReceiver.set(String(d.receiver_id), (byReceiver.get(String(d.receiver_id)) ?? 0) + 1);
    const reports = fresh.filter((d) => d.type === 'report').length;

    const tooMany = (retryAfter: number, reason: string): UserDbRefusal => ({ status: 429, error: 'too_many_requests', reason, retryAfter });
    /** Seconds until `n` more fit in `w` for `key`; 0 when they fit now. */
    const waitFor = (w: SlidingWindow, key: string, n: number) => (n === 0 ? 0 : w.peek(key, now, n).retryAfter);
    let wait = waitFor(this.writes, me, docs.length);
    if (wait > 0) return tooMany(wait, `Too many changes at once: at most ${this.cfg.writesPerMinute} a minute. They are kept on your device and sent shortly.`);
    wait = waitFor(this.dms, me, dms.length);
    if (wait > 0) return tooMany(wait, `You're sending messages too fast: at most ${this.cfg.dmsPerMinute} a minute. Try again in ${wait} s.`);
    for (const [to, n] of byReceiver) {
      wait = waitFor(this.pairs, `${me}\n${to}`, n);
      if (wait > 0) return tooMany(wait, `You're sending messages to this member too fast: at most ${this.cfg.dmsPerPairPerMinute} a minute. Try again in ${wait} s.`);
    }
    wait = waitFor(this.reports, me, reports);
    if (wait > 0) return tooMany(wait, `At most ${this.cfg.reportsPerHour} reports an hour. Try again later.`);

    const growing = docs.filter((d) => d._deleted !== true).length;
    if (growing > 0) {
      const size = await this.sizeOf(db, req, now);
      if (size && size.docs + fresh.length > this.cfg.maxDocs) {
        return { status: 413, error: 'quota_exceeded', reason: `Your space on Fete is full (${this.cfg.maxDocs} items). Remove some to add more.` };
      }
      if (size && size.bytes > this.cfg.maxBytes) {
        return { status: 413, error: 'quota_exceeded', reason: `Your space on Fete is full (${Math.round(this.cfg.maxBytes / 1048576)} MB). Remove some to add more.` };
      }
    }

    this.writes.record(me, now, docs.length);
    this.dms.record(me, now, dms.length);
    for (const [to, n] of byReceiver) this.pairs.record(`${me}\n${to}`, now, n);
    this.reports.record(me, now, reports);
    const cached = this.info.get(db);
    if (cached) cached.docs += fresh.length;
    return null;
  }

  /**
   * The member's own documents and bytes on disk: the database's, asked with the member's own
   * credentials, less the messages others delivered (their count in `accounts`, ADR 052).
   */
  private async sizeOf(db: string, req: Request, now: number): Promise<Size | null> {
    const cached = this.info.get(db);
    if (cached && cached.at > now - INFO_TTL_MS) return cached;
    const headers = new Headers({ accept: 'application/json' });
    const auth = req.headers.get('authorization');
    if (auth) headers.set('authorization', auth);
    const url = new URL(req.url);
    url.pathname = `/db/${encodeURIComponent(db)}`;
    url.search = '';
    const [res, received] = await Promise.all([this.backend.forward(new Request(url, { method: 'GET', headers }), `/${encodeURIComponent(db)}`), this.receivedIn(db)]);
    // Either unknown: the member is not held to a size that cannot be told.
    if (!res.ok || received === null) return null;
    const info = (await res.json()) as { doc_count?: number; sizes?: { file?: number; external?: number } };
    const bytes = Math.max(info.sizes?.file ?? 0, info.sizes?.external ?? 0);
    const size = { at: now, docs: Math.max(0, (info.doc_count ?? 0) - received.count), bytes: Math.max(0, bytes - received.bytes) };
    this.info.delete(db);
    if (this.info.size >= MAX_TRACKED) {
      const oldest = this.info.keys().next().value;
      if (oldest !== undefined) this.info.delete(oldest);
    }
    this.info.set(db, size);
    return size;
  }

  /** The messages others delivered into the userdb; none before the first; null when it cannot be read. */
  private async receivedIn(db: string): Promise<{ count: number; bytes: number } | null> {
    const owner = userIdFromDbName(db);
    if (owner === null) return { count: 0, bytes: 0 };
    const ans = await this.call('GET', `/accounts/${encodeURIComponent(`received:${owner}`)}`).catch(() => null);
    if (ans?.status === 404) return { count: 0, bytes: 0 };
    if (ans?.status !== 200) return null;
    const doc = ans.body as Partial<ReceivedDoc>;
    return { count: doc.count ?? 0, bytes: doc.bytes ?? 0 };
  }
}
