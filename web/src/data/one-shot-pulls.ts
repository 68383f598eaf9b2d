// The one-shot pulls (catalog, members): one at a time per database, and a pull the server
// refused tried again after a growing pause.
import { replicateOf } from './pouch.ts';
import type { Pair } from './sync-pairs.ts';
import type { SyncStatusStore } from './sync-status.ts';
import { noteNetworkFailure } from './replication-failures.ts';
import { pullOnce } from './sync-plan.ts';

/** A one-shot pull by the replicator on this thread: the default, and the catalogue worker's fallback. */
export async function replicatedPull(pair: Pick<Pair, 'local' | 'remote'>): Promise<void> {
  await replicateOf(pair.local).from(pair.remote, pullOnce());
}

export interface OneShotPullsOptions {
  status: SyncStatusStore;
  now: () => Date;
  log: (message: string, err?: unknown) => void;
  backOff: (delay: number) => number;
  /** Whether a refused pull is still worth trying again: the manager runs, owns sync, still wants the pair. */
  mayRetry: (pair: Pair) => boolean;
}

export interface OneShotPulls {
  pull(name: string, pair: Pair): Promise<void>;
  /** Drops the retries waiting (stop, or another member). */
  clearRetries(): void;
}

interface PullState {
  running: Promise<void>;
  queued: Promise<void> | null;
}

export function createOneShotPulls(opts: OneShotPullsOptions): OneShotPulls {
  const { status, now, log, backOff, mayRetry } = opts;
  const pulls = new Map<string, PullState>();
  /** One-shot pulls the server refused, tried again after a growing pause (capped like the live ones). */
  const pullRetries = new Map<string, { delay: number; timer: ReturnType<typeof setTimeout> | null }>();

  /**
   * One pull at a time per database. A trigger during a pull queues one more (at most one), as
   * the running pull may have read the changes feed before the write the trigger is about.
   */
  function pull(name: string, pair: Pair): Promise<void> {
    const entry = pulls.get(name);
    if (entry) {
      entry.queued ??= entry.running.then(() => {
        entry.queued = null;
        entry.running = runPull(name, pair, entry);
        return entry.running;
      });
      return entry.queued;
    }
    const fresh: PullState = { running: Promise.resolve(), queued: null };
    pulls.set(name, fresh);
    fresh.running = runPull(name, pair, fresh);
    return fresh.running;
  }

  async function runPull(name: string, pair: Pair, entry: PullState): Promise<void> {
    status.setActive(name, true);
    let refused = false;
    try {
      await (pair.pull ? pair.pull() : replicatedPull(pair));
      status.markSynced(now().toISOString());
      const waiting = pullRetries.get(name);
      if (waiting?.timer) clearTimeout(waiting.timer);
      pullRetries.delete(name);
    } catch (err) {
      // No signal is an ordinary state, shown by the sync pill, not a fault for the console.
      if (!noteNetworkFailure(status, err)) {
        log(`pull ${name} failed`, err);
        refused = true;
      }
    } finally {
      status.setActive(name, false);
      if (!entry.queued) pulls.delete(name);
    }
    // The server answered but did not serve (a slow-down, a fault): the signal coming back will
    // not ask again, so the pull is tried again soon, not at the next focus or in 5 minutes.
    if (refused) retryPull(name, pair);
  }

  function retryPull(name: string, pair: Pair): void {
    if (!mayRetry(pair)) return;
    const last = pullRetries.get(name);
    if (last?.timer) clearTimeout(last.timer);
    const delay = backOff(last?.delay ?? 0);
    const timer = setTimeout(() => {
      const entry = pullRetries.get(name);
      if (entry) entry.timer = null;
      if (mayRetry(pair)) void pull(name, pair);
    }, delay);
    (timer as { unref?: () => void }).unref?.();
    pullRetries.set(name, { delay, timer });
  }

  function clearRetries(): void {
    for (const r of pullRetries.values()) if (r.timer) clearTimeout(r.timer);
    pullRetries.clear();
  }

  return { pull, clearRetries };
}
