// Runs replication in one tab of the browser (the holder of the 'fete-sync' Web Lock), because
// browsers allow six connections per host and every live pull holds one. The other tabs read
// and write the same local databases and leave the network to the owner.
import { replicateOf } from './pouch.ts';
import type { MemberDbKey } from './local-dbs.ts';
import type { MemberSync, Pair } from './sync-pairs.ts';
import type { SyncEnvironment } from './sync-environment.ts';
import type { SyncStatusStore } from './sync-status.ts';
import { holdLock } from './web-locks.ts';
import type { HeldLock, LockManagerLike } from './web-locks.ts';
import { createPushReports } from './push-reports.ts';
import { createLiveReplications } from './live-replications.ts';
import { createOneShotPulls } from './one-shot-pulls.ts';
import { atMost } from '../lib/at-most.ts';
import { MAX_BACK_OFF_MS, PULL_INTERVAL_MS, cappedBackOff, ownMembersDoc, pushOnce } from './sync-plan.ts';

export interface ReplicationManagerOptions {
  catalog: Pair;
  status: SyncStatusStore;
  locks: LockManagerLike | null;
  lockName?: string;
  env?: SyncEnvironment;
  pullIntervalMs?: number;
  maxBackOffMs?: number;
  /** After a rating is pushed, how long the server's ratings worker gets before the catalog pull. */
  aggregateDelayMs?: number;
  now?: () => Date;
  log?: (message: string, err?: unknown) => void;
}

export interface ReplicationManager {
  /** Asks for the lock; this tab syncs once it holds it. */
  start(): void;
  /** Resolves true when this tab holds the lock (never, while another tab keeps it). */
  whenOwner(): Promise<boolean>;
  stop(): void;
  setMember(member: MemberSync | null): void;
  /** One-shot pulls of catalog and members (also run on start, online, focus and every 5 min). */
  pullNow(): Promise<void>;
  /** Pushes the member's pending writes once, waiting at most `timeoutMs` (sign-out). */
  pushNow(timeoutMs: number): Promise<void>;
  isOwner(): boolean;
}

const PUSH_KEYS: readonly MemberDbKey[] = ['members', 'chat', 'userdb'];
const AGGREGATE_PULL_DELAY_MS = 1500;

export function createReplicationManager(opts: ReplicationManagerOptions): ReplicationManager {
  const { status } = opts;
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? (() => undefined);
  const backOff = cappedBackOff(opts.maxBackOffMs ?? MAX_BACK_OFF_MS);
  const env = opts.env ?? { window: null, document: null };

  let owner = false;
  let stopped = false;
  let lock: HeldLock | null = null;
  let member: MemberSync | null = null;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  let pullTimer: ReturnType<typeof setInterval> | null = null;

  /** The catalogue, or the databases of the member still signed in here (not one who left). */
  function stillWanted(pair: Pair): boolean {
    return pair === opts.catalog || (member !== null && pair === member.pairs.members);
  }

  const pulls = createOneShotPulls({ status, now, log, backOff, mayRetry: (pair) => !stopped && owner && stillWanted(pair) });
  const pushReports = createPushReports({ status, log, isStopped: () => stopped, onRatingPushed: () => scheduleAggregatePull() });
  const live = createLiveReplications({ status, now, log, backOff, pushReports, onStopped: () => scheduleRestart() });

  function restartLive() {
    live.stop();
    if (owner && member && !stopped) live.start(member);
  }

  let aggregateTimer: ReturnType<typeof setTimeout> | null = null;
  function scheduleAggregatePull() {
    if (aggregateTimer !== null || stopped) return;
    aggregateTimer = setTimeout(() => {
      aggregateTimer = null;
      if (!stopped) void pulls.pull('pull:catalog', opts.catalog);
    }, opts.aggregateDelayMs ?? AGGREGATE_PULL_DELAY_MS);
  }

  function scheduleRestart() {
    if (restartTimer !== null) return;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      restartLive();
    }, opts.maxBackOffMs ?? MAX_BACK_OFF_MS);
  }

  async function pullNow() {
    const jobs = [pulls.pull('pull:catalog', opts.catalog)];
    if (member) jobs.push(pulls.pull('pull:members', member.pairs.members));
    await Promise.all(jobs);
  }

  const triggers = {
    online: () => {
      status.setOnline(true);
      if (!owner) return;
      restartLive();
      void pullNow();
    },
    offline: () => status.setOnline(false),
    focus: () => {
      if (owner) void pullNow();
    },
    visibility: () => {
      if (owner && env.document?.visibilityState !== 'hidden') void pullNow();
    },
  };

  function listen(on: boolean) {
    const w = env.window;
    const d = env.document;
    const method = on ? 'addEventListener' : 'removeEventListener';
    w?.[method]('online', triggers.online);
    w?.[method]('offline', triggers.offline);
    w?.[method]('focus', triggers.focus);
    d?.[method]('visibilitychange', triggers.visibility);
  }

  function becomeOwner() {
    if (stopped) return;
    owner = true;
    status.setOwner(true);
    pullTimer = setInterval(() => void pullNow(), opts.pullIntervalMs ?? PULL_INTERVAL_MS);
    (pullTimer as { unref?: () => void }).unref?.();
    void pullNow();
    if (member) live.start(member);
  }

  return {
    start() {
      if (lock) return;
      stopped = false;
      listen(true);
      lock = holdLock(opts.locks, opts.lockName ?? 'fete-sync', becomeOwner);
    },

    whenOwner: () => lock?.acquired ?? Promise.resolve(false),

    stop() {
      stopped = true;
      listen(false);
      live.stop();
      if (pullTimer !== null) clearInterval(pullTimer);
      if (restartTimer !== null) clearTimeout(restartTimer);
      if (aggregateTimer !== null) clearTimeout(aggregateTimer);
      pullTimer = restartTimer = aggregateTimer = null;
      pulls.clearRetries();
      owner = false;
      status.setOwner(false);
      lock?.release();
      lock = null;
    },

    setMember(next) {
      if (next === member) return;
      live.stop();
      // A retry waiting for the member before holds their databases, not the next one's.
      pulls.clearRetries();
      member = next;
      if (owner && next && !stopped) {
        live.start(next);
        void pulls.pull('pull:members', next.pairs.members);
      }
    },

    pullNow,

    async pushNow(timeoutMs) {
      const m = member;
      if (!m) return;
      const handles = PUSH_KEYS.map((key) => {
        const { local, remote } = m.pairs[key];
        const handle = replicateOf(local).to(remote, pushOnce(key === 'members' ? { filter: ownMembersDoc(m.userId) } : {}));
        pushReports.watchPush(handle, key, m);
        return handle;
      });
      const done = Promise.allSettled(handles.map((h) => Promise.resolve(h)));
      if ((await atMost(done, timeoutMs, 'late' as const)) === 'late') for (const h of handles) h.cancel();
      // The pushes' own reports may miss writes already on the server; ask it directly.
      await Promise.allSettled(PUSH_KEYS.map((key) => m.outboxes[key].reconcile(m.pairs[key].remote)));
    },

    isOwner: () => owner,
  };
}
