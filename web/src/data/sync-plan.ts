// What replicates how (ARCHITECTURE section 3): catalog and members are pulled one-shot, so
// they hold no connection; userdb and chat are live both ways; members pushes live. A live
// push only watches the local changes feed, so it costs a request per write, not a connection.
import type { ReplicateOptions } from './pouch.ts';

export const PULL_BATCH_SIZE = 1000;
export const PULL_INTERVAL_MS = 5 * 60_000;
export const MAX_BACK_OFF_MS = 30_000;
/** The public room kept on the device (ADR 025): the newest 500 messages, none older than 30 days. */
export const CHAT_WINDOW_DAYS = 30;
export const CHAT_WINDOW_MAX = 500;
/** How often the pull selector's boundary moves; see chatWindowStart. */
export const CHAT_SELECTOR_STEP_DAYS = 7;
const DAY_MS = 86_400_000;

/** PouchDB's own back-off grows to 10 minutes; after an outage that is far too long. */
export function cappedBackOff(maxMs: number = MAX_BACK_OFF_MS): (delay: number) => number {
  return (delay) => Math.min(maxMs, delay <= 0 ? 1000 : delay * 2);
}

/** The exact edge of the window: messages created before it are not shown and are purged. */
export function chatWindowCutoff(now: Date, days: number = CHAT_WINDOW_DAYS): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/**
 * Where the pull selector starts (UTC day): the cutoff, floored to a 7-day step counted from
 * the epoch. The selector is part of the replication id, and a new id means a fresh scan of the
 * server's feed that downloads again what was purged; a boundary that moves once a week keeps
 * that to one scan a week, at the price of pulling up to 7 days more than is shown.
 */
export function chatWindowStart(now: Date, days: number = CHAT_WINDOW_DAYS, stepDays: number = CHAT_SELECTOR_STEP_DAYS): string {
  const cutoffDay = Math.floor((now.getTime() - days * DAY_MS) / DAY_MS);
  const start = cutoffDay - (((cutoffDay % stepDays) + stepDays) % stepDays);
  return new Date(start * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Public messages from the window on. Matching on `_id` (message:{created_at}:…) keeps
 * deletions, whose tombstones carry nothing but `_id`.
 */
export function chatSelector(windowStart: string): Record<string, unknown> {
  return { _id: { $gte: `message:${windowStart}`, $lt: 'message:\ufff0' } };
}

/**
 * The member's own documents in `members`, judged by id alone: a deletion (cancelled
 * attendance) is a tombstone without `user_id`, and must still be pushed.
 */
export function ownMembersDoc(userId: string): (doc: Record<string, unknown>) => boolean {
  const suffix = `:${userId}`;
  const profile = `profile:${userId}`;
  return (doc) => {
    const id = String(doc._id ?? '');
    return id === profile || ((id.startsWith('attendance:') || id.startsWith('rating:')) && id.endsWith(suffix));
  };
}

/**
 * Checkpoints stay on the device (the local side of each replication). The server then holds
 * no `_local` document per device and client in shared databases like the catalog, and each
 * replication saves a read and a write of a remote checkpoint. The cost: after a server-side
 * restore from backup, devices must be told to start over (see the report/ADR).
 */
export const PULL_CHECKPOINT = 'target' as const;
export const PUSH_CHECKPOINT = 'source' as const;

export function pullOnce(): ReplicateOptions {
  return { batch_size: PULL_BATCH_SIZE, batches_limit: 4, checkpoint: PULL_CHECKPOINT };
}

export function livePull(backOff: (delay: number) => number, extra: ReplicateOptions = {}): ReplicateOptions {
  return { live: true, retry: true, back_off_function: backOff, checkpoint: PULL_CHECKPOINT, ...extra };
}

export function livePush(backOff: (delay: number) => number, extra: ReplicateOptions = {}): ReplicateOptions {
  return { live: true, retry: true, back_off_function: backOff, checkpoint: PUSH_CHECKPOINT, ...extra };
}

export function pushOnce(extra: ReplicateOptions = {}): ReplicateOptions {
  return { checkpoint: PUSH_CHECKPOINT, ...extra };
}
