// A member's use of the shared databases, counted by every server alike (docs/limits.md). Two
// things are counted in one `usage:{user_id}` document in `accounts`, which all servers of a
// deployment share and which survives their restarts:
// - Public Chat posts in the last minute (a sliding window), so two servers allow 20 a minute
//   between them, not 20 each;
// - documents and bytes the member wrote today (UTC) into `catalog`, `members` and `chat`, so a
//   few members cannot grow what every device pulls by hundreds of MB: each write there counts.
// A write is counted before it is forwarded, with the document's revision as the lock: a 409
// means another server counted first, so this one reads again and decides again. On a cluster
// the revision alone is no lock (ADR 039): the count is an exclusive write.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { ROLE_ADMIN, ROLE_SERVER, type UserCtx } from '../../../design-docs/src/databases.ts';
import { chatRateReason } from '../../../design-docs/src/constants.ts';
import type { UsageDoc } from '../../../design-docs/src/schemas/account.ts';
import type { Logger } from '../log.ts';
import { RATED_DATABASES } from './write-rate.ts';
import { isPost } from './chat-rate.ts';
import { putExclusive } from '../backend/exclusive-write.ts';

export const CHAT_RATE_WINDOW_MS = 60_000;
const DAY_MS = 86_400_000;
/** Entries kept of the chat window; past it the two oldest merge (counted longer, never less). */
const MAX_CHAT_ENTRIES = 200;
/** Members whose last known usage document is kept, to write without reading first. */
const MAX_CACHED = 10_000;
/** Tries when other servers keep counting the same member at the same moment. */
const MAX_TRIES = 6;

export interface SharedUsageConfig {
  chatPostsPerMinute: number;
  docsPerDay: number;
  bytesPerDay: number;
}

export interface UsageAsk {
  /** Database the member writes to (a Fete name, without DB_PREFIX). */
  db: string;
  /** The documents of the write (deletions included). */
  docs: unknown[];
  /** How many of them are new Public Chat posts. */
  chatPosts: number;
}

export type UsageVerdict =
  /** `allowedPosts` of the chat posts may go (all when none was refused). */
  | { ok: true; allowedPosts: number; chatRetryAfter: number; chatReason: string }
  | { ok: false; retryAfter: number; reason: string };

type Usage = Omit<UsageDoc, '_rev'> & { _rev?: string };

const ACCOUNTS = '/accounts/';

function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

export class SharedUsage {
  private readonly cfg: SharedUsageConfig;
  private readonly call: AdminCall;
  private readonly log: Logger;
  private readonly cache = new Map<string, Usage>();

  constructor(cfg: SharedUsageConfig, call: AdminCall, log: Logger) {
    this.cfg = cfg;
    this.call = call;
    this.log = log;
  }

  /**
   * Counts the write, or says why it may not go. Admins and the server are not counted, nor
   * other databases. If the usage document cannot be read or written (the backend is failing),
   * the write goes on uncounted: the per-process limits still hold it, and it is logged.
   */
  async take(user: UserCtx, ask: UsageAsk, now: () => number = Date.now): Promise<UsageVerdict> {
    const all: UsageVerdict = { ok: true, allowedPosts: ask.chatPosts, chatRetryAfter: 0, chatReason: '' };
    const me = user.name;
    if (me === null || user.roles.includes(ROLE_ADMIN) || user.roles.includes(ROLE_SERVER) || !RATED_DATABASES.has(ask.db) || ask.docs.length === 0) return all;
    try {
      let usage = this.cache.get(me) ?? (await this.read(me, now()));
      for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
        const t = now();
        const decision = this.decide(usage, ask, t);
        if (!decision.verdict.ok || decision.next === null) return decision.verdict;
        const written = await this.write(decision.next);
        if (written !== 'conflict') {
          this.remember(me, { ...decision.next, _rev: written });
          return decision.verdict;
        }
        usage = await this.read(me, t);
      }
      return { ok: false, retryAfter: 1, reason: 'Too many changes at once; try again in a moment.' };
    } catch (err) {
      this.cache.delete(me);
      this.log('error', 'shared usage not counted', err);
      return all;
    }
  }

  /** What the member may do now, and the document that records it (null when nothing is written). */
  private decide(usage: Usage, ask: UsageAsk, now: number): { verdict: UsageVerdict; next: Usage | null } {
    const times: number[] = [];
    const counts: number[] = [];
    usage.chat_times.forEach((time, i) => {
      if (time > now - CHAT_RATE_WINDOW_MS) {
        times.push(time);
        counts.push(usage.chat_counts[i] ?? 1);
      }
    });
    const recent = counts.reduce((a, b) => a + b, 0);
    const limit = this.cfg.chatPostsPerMinute;
    const allowedPosts = Math.max(0, Math.min(ask.chatPosts, limit - recent));
    let chatRetryAfter = 0;
    let chatReason = '';
    if (allowedPosts < ask.chatPosts) {
      // The post that frees a slot: the oldest whose leaving brings the window under the limit.
      let left = recent + allowedPosts - limit + 1;
      let freeing = now;
      for (let i = 0; i < times.length && left > 0; i++) {
        left -= counts[i] as number;
        freeing = times[i] as number;
      }
      // Past the older posts, the ones let through now must leave too.
      if (left > 0) freeing = now;
      chatRetryAfter = Math.max(1, Math.ceil((freeing + CHAT_RATE_WINDOW_MS - now) / 1000));
      chatReason = chatRateReason(limit, chatRetryAfter);
    }
    // What is written: the request less the posts that were cut (they are answered as refused).
    const cut = ask.chatPosts - allowedPosts;
    const kept = cut === 0 ? ask.docs : dropLastPosts(ask.docs, cut);
    const day = utcDay(now);
    const sameDay = usage.day === day;
    const dayDocs = (sameDay ? usage.day_docs : 0) + kept.length;
    const dayBytes = (sameDay ? usage.day_bytes : 0) + kept.reduce<number>((n, d) => n + Buffer.byteLength(JSON.stringify(d) ?? ''), 0);
    const untilTomorrow = Math.max(1, Math.ceil((Date.parse(`${day}T00:00:00.000Z`) + DAY_MS - now) / 1000));
    if (kept.length > 0 && dayDocs > this.cfg.docsPerDay) {
      return { verdict: { ok: false, retryAfter: untilTomorrow, reason: `You have made ${this.cfg.docsPerDay} changes to shared data today, the most a day allows. Your changes are kept on your device and sent tomorrow.` }, next: null };
    }
    if (kept.length > 0 && dayBytes > this.cfg.bytesPerDay) {
      return { verdict: { ok: false, retryAfter: untilTomorrow, reason: `You have written ${sizeText(this.cfg.bytesPerDay)} to shared data today, the most a day allows. Your changes are kept on your device and sent tomorrow.` }, next: null };
    }
    const verdict: UsageVerdict = { ok: true, allowedPosts, chatRetryAfter, chatReason };
    if (kept.length === 0) return { verdict, next: null };
    if (allowedPosts > 0) {
      times.push(now);
      counts.push(allowedPosts);
    }
    while (times.length > MAX_CHAT_ENTRIES) {
      // Merge the two oldest: counted as of the later time, so the window holds them longer, never less.
      times.splice(0, 2, times[1] as number);
      counts.splice(0, 2, (counts[0] as number) + (counts[1] as number));
    }
    const next: Usage = {
      ...usage,
      chat_times: times,
      chat_counts: counts,
      day,
      day_docs: dayDocs,
      day_bytes: dayBytes,
      updated_at: new Date(now).toISOString(),
    };
    return { verdict, next };
  }

  private async read(me: string, now: number): Promise<Usage> {
    const path = ACCOUNTS + encodeURIComponent(`usage:${me}`);
    const ans = await this.call('GET', `${path}?conflicts=true`);
    if (ans.status === 404) {
      return { _id: `usage:${me}`, type: 'usage', user_id: me, chat_times: [], chat_counts: [], day: utcDay(now), day_docs: 0, day_bytes: 0, updated_at: new Date(now).toISOString() };
    }
    if (ans.status !== 200) throw new Error(`usage:${me} answered ${ans.status}`);
    const { _conflicts: conflicts, ...usage } = ans.body as Usage & { _conflicts?: string[] };
    // Each branch of a conflicted document would count on its own (each server writing on its
    // own and allowing the whole limit): the losing branches go, the winner counts on.
    for (const rev of conflicts ?? []) await this.call('DELETE', `${path}?rev=${encodeURIComponent(rev)}`);
    return usage;
  }

  /** Exclusive, so two servers counting at once on a cluster cannot each start a branch of their own. */
  private async write(doc: Usage): Promise<string | 'conflict'> {
    const ans = await putExclusive(this.call, 'accounts', doc as Usage & { _id: string });
    return ans === 'conflict' ? ans : ans.rev;
  }

  private remember(me: string, usage: Usage): void {
    this.cache.delete(me);
    if (this.cache.size >= MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(me, usage);
  }
}

function sizeText(bytes: number): string {
  return bytes >= 1048576 ? `${Math.round(bytes / 1048576)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The documents less the last `n` posts (cutBulk keeps the first posts that fit, in order). */
function dropLastPosts(docs: unknown[], n: number): unknown[] {
  const out = [...docs];
  for (let i = out.length - 1; i >= 0 && n > 0; i--) {
    if (isPost(out[i])) {
      out.splice(i, 1);
      n--;
    }
  }
  return out;
}
