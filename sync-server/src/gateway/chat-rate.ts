// Public Chat posts per member per minute (issue 13): a flood in the one room every member
// syncs costs everyone. Counted in new messages (deletions are free), checked before the
// request is forwarded. A batch that does not fit is cut: the posts that fit go through, the
// rest are answered with a per-document 429, so a device with a queue of messages written
// offline delivers them in order as the budget allows, and never loops on a batch too big.
import type { UserCtx } from '../../../design-docs/src/databases.ts';
import { ROLE_ADMIN } from '../../../design-docs/src/databases.ts';
import { chatRateReason } from '../../../design-docs/src/constants.ts';

export const CHAT_RATE_WINDOW_MS = 60_000;
/** Members tracked at once; the least recently active are forgotten first (memory stays bounded). */
const MAX_TRACKED = 50_000;

export interface ChatVerdict {
  /** How many of the posts may go through (all of them when nothing is refused). */
  allowed: number;
  /** Seconds until one more post fits, when some were refused. */
  retryAfter: number;
  /** The refusal shown to the member, when some were refused. */
  reason: string;
}

export class ChatPostRate {
  readonly limit: number;
  private readonly windowMs: number;
  /** Per member: the time of each counted post, oldest first. */
  private readonly log = new Map<string, number[]>();

  constructor(limit: number, windowMs: number = CHAT_RATE_WINDOW_MS) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Takes up to `posts` from the member's budget. Admins are not counted. */
  take(user: UserCtx, posts: number, now = Date.now()): ChatVerdict {
    if (posts === 0 || user.name === null || user.roles.includes(ROLE_ADMIN)) return { allowed: posts, retryAfter: 0, reason: '' };
    const key = user.name;
    const times = (this.log.get(key) ?? []).filter((t) => t > now - this.windowMs);
    const allowed = Math.max(0, Math.min(posts, this.limit - times.length));
    for (let i = 0; i < allowed; i++) times.push(now);
    this.remember(key, times);
    if (allowed === posts) return { allowed, retryAfter: 0, reason: '' };
    // The post that frees a slot is the oldest of those that fill the window.
    const freeing = times[times.length - this.limit] ?? now;
    const retryAfter = Math.max(1, Math.ceil((freeing + this.windowMs - now) / 1000));
    return { allowed, retryAfter, reason: chatRateReason(this.limit, retryAfter) };
  }

  private remember(key: string, times: number[]): void {
    this.log.delete(key);
    if (times.length === 0) return;
    if (this.log.size >= MAX_TRACKED) {
      const oldest = this.log.keys().next().value;
      if (oldest !== undefined) this.log.delete(oldest);
    }
    this.log.set(key, times);
  }
}

type BulkBody = { docs: unknown[]; [k: string]: unknown };

function isPost(d: unknown): boolean {
  return typeof d === 'object' && d !== null && (d as { _deleted?: unknown })._deleted !== true;
}

/** How many new messages a `chat` write carries: each live document of a `_bulk_docs`, or one PUT/POST. */
export function chatPostsOf(method: string, second: string | undefined, body: unknown): number {
  if (second === '_bulk_docs') {
    const docs = (body as { docs?: unknown } | null)?.docs;
    return Array.isArray(docs) ? docs.filter(isPost).length : 0;
  }
  if (second !== undefined && second.startsWith('_')) return 0;
  if (method === 'PUT' || (method === 'POST' && second === undefined)) return isPost(body) ? 1 : 0;
  return 0;
}

/**
 * Splits a `_bulk_docs` body: deletions and the first `allowed` posts go on, in their order;
 * the ids of the others are returned to be answered as refused.
 */
export function cutBulk(body: BulkBody, allowed: number): { kept: BulkBody; refused: string[] } {
  let left = allowed;
  const docs: unknown[] = [];
  const refused: string[] = [];
  for (const d of body.docs) {
    if (!isPost(d)) docs.push(d);
    else if (left > 0) {
      docs.push(d);
      left--;
    } else refused.push(String((d as { _id?: unknown })._id ?? ''));
  }
  return { kept: { ...body, docs }, refused };
}
