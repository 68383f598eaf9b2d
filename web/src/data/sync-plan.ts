// What replicates how (ARCHITECTURE section 3): catalog and members are pulled one-shot, so
// they hold no connection; userdb and chat are live both ways; members pushes live. A live
// push only watches the local changes feed, so it costs a request per write, not a connection.
import type { ReplicateOptions } from './pouch.ts';

export const PULL_BATCH_SIZE = 1000;
export const PULL_INTERVAL_MS = 5 * 60_000;
export const MAX_BACK_OFF_MS = 30_000;
/** Chat keeps messages from the first day of the previous month: 1-2 months of history. */
export const CHAT_WINDOW_MONTHS = 1;

/** PouchDB's own back-off grows to 10 minutes; after an outage that is far too long. */
export function cappedBackOff(maxMs: number = MAX_BACK_OFF_MS): (delay: number) => number {
  return (delay) => Math.min(maxMs, delay <= 0 ? 1000 : delay * 2);
}

/**
 * The first day (UTC) of the month CHAT_WINDOW_MONTHS before `now`. The boundary moves once a
 * month: the selector is part of the replication id, and a new id means a fresh scan.
 */
export function chatWindowStart(now: Date, months: number = CHAT_WINDOW_MONTHS): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return d.toISOString().slice(0, 10);
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
