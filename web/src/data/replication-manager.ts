// Runs replication in one tab of the browser (the holder of the 'fete-sync' Web Lock), because
// browsers allow six connections per host and every live pull holds one. The other tabs read
// and write the same local databases and leave the network to the owner.
import type { Database, DeniedError, ReplicationHandle, ReplicationResult } from './pouch.ts';
import { isNetworkFailure, replicateOf, statusOf } from './pouch.ts';
import type { MemberDbKey } from './local-dbs.ts';
import type { Outbox } from './outbox.ts';
import type { SyncStatusStore } from './sync-status.ts';
import { holdLock } from './web-locks.ts';
import { createChatWindowKeeper } from './chat-window.ts';
import { ServerRevs, pullSource, pushTarget } from './replication-shortcuts.ts';
import type { HeldLock, LockManagerLike } from './web-locks.ts';
import { NOTHING_TO_DELETE_REASON } from '../../../design-docs/src/constants.ts';
import {
  MAX_BACK_OFF_MS, PULL_INTERVAL_MS, cappedBackOff, chatSelector, chatWindowStart, livePull, livePush, ownMembersDoc, pullOnce,
  pushOnce,
} from './sync-plan.ts';

export interface Pair {
  local: Database;
  remote: Database;
}

export interface MemberSync {
  userId: string;
  pairs: Record<MemberDbKey, Pair>;
  outboxes: Record<MemberDbKey, Outbox>;
}

export interface EventSourceLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface SyncEnvironment {
  /** `window`: online, offline, focus. */
  window: EventSourceLike | null;
  /** `document`: visibilitychange. */
  document: (EventSourceLike & { visibilityState?: string }) | null;
}

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
/** The first trim of the chat window waits for the first screen (offline, no pull pauses to trigger it). */
const CHAT_TRIM_DELAY_MS = 5000;
/** How long an idle push lets a burst of outbox changes settle before asking the server. */
const IDLE_RECONCILE_DELAY_MS = 300;

interface PullState {
  running: Promise<void>;
  queued: Promise<void> | null;
}

function deniedReason(err: DeniedError): string {
  return err.reason ?? err.message ?? err.error ?? 'refused by the server';
}

/**
 * The server's reason when a push was held back by a rate (429): the whole request, or some of
 * its documents (the gateway cuts a Public Chat batch that does not fit, ADR 024).
 */
export function rateLimitReason(err: unknown): string | null {
  const code = (err as { error?: unknown; name?: unknown } | null)?.error ?? (err as { name?: unknown } | null)?.name;
  // A full userdb (413 quota_exceeded, issue 22) is told the same way: the writes wait on the device.
  if (statusOf(err) === 413 && code === 'quota_exceeded') {
    const reason = (err as { reason?: unknown }).reason;
    return typeof reason === 'string' && reason.trim() !== '' ? reason : 'Your space on Fete is full. Remove some items to add more.';
  }
  if (statusOf(err) !== 429 && (err as { error?: unknown } | null)?.error !== 'too_many_requests') return null;
  const e = err as { reason?: unknown; message?: unknown };
  const text = [e.reason, e.message].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return text ?? 'The server asked to slow down; waiting messages will be sent shortly.';
}

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
  let liveHandles: ReplicationHandle[] = [];
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  let pullTimer: ReturnType<typeof setInterval> | null = null;
  const pulls = new Map<string, PullState>();
  /** One-shot pulls the server refused, tried again after a growing pause (capped like the live ones). */
  const pullRetries = new Map<string, { delay: number; timer: ReturnType<typeof setTimeout> | null }>();

  /** True when the failure is the network's (no signal, a gateway down): the sync pill says so. */
  function onNetworkError(err: unknown): boolean {
    const network = isNetworkFailure(err);
    if (network) status.setReachable(false);
    return network;
  }

  /** Wires a push's reports into the outbox: confirmed, denied, or still waiting. */
  function watchPush(handle: ReplicationHandle, key: MemberDbKey, m: MemberSync) {
    const outbox = m.outboxes[key];
    handle.on('change', (info: ReplicationResult) => {
      if (info.docs?.length) {
        status.setNotice(key, null);
        outbox.confirm(info.docs).catch((e) => log('outbox confirm failed', e));
      }
      // A rating reached the server: its worker refolds the provider's or band's average, so
      // fetch the catalog again shortly ("the item is then reloaded").
      if (key === 'members' && info.docs?.some((d) => d._id.startsWith('rating:'))) scheduleAggregatePull();
    });
    handle.on('denied', (err: DeniedError) => {
      if (!err.id) return;
      // Made and removed while offline: the server never had it, so the removal has nothing to
      // do there. That is the outcome the member wanted, not a refusal to show them.
      const done = deniedReason(err) === NOTHING_TO_DELETE_REASON ? outbox.settle(err.id) : outbox.deny(err.id, deniedReason(err));
      done.catch((e) => log('outbox deny failed', e));
    });
    handle.on('paused', (err?: unknown) => {
      if (err) {
        noteRefusal(key, err);
        return;
      }
      status.setNotice(key, null);
      outbox.reconcile(m.pairs[key].remote).catch((e) => log('outbox reconcile failed', e));
    });
    // A one-shot push (sign-out) ends with 'error' rather than pausing.
    handle.on('error', (err: unknown) => noteRefusal(key, err));
  }

  /**
   * Another tab may record a write's revision after this tab's push already sent and confirmed
   * it (the write and its record are two transactions, the push a third). The push, idle, never
   * reports that revision again, so the record would say "waiting" for good: when the record
   * changes while the push is idle, ask the server what it holds. Only a changed record asks,
   * so a revision the server lacks costs one request, not a loop.
   */
  function reconcileWhenIdle(handle: ReplicationHandle, key: MemberDbKey, m: MemberSync) {
    const outbox = m.outboxes[key];
    let idle = false;
    let asked = '';
    let timer: ReturnType<typeof setTimeout> | null = null;
    const waiting = () => JSON.stringify(Object.entries(outbox.waitingRevs()).sort(([a], [b]) => (a < b ? -1 : 1)));
    const off = outbox.onChange(() => {
      if (!idle || timer !== null || stopped) return;
      const current = waiting();
      if (current === '[]' || current === asked) return;
      timer = setTimeout(() => {
        timer = null;
        if (!idle || stopped) return;
        asked = waiting();
        outbox.reconcile(m.pairs[key].remote).catch((e) => log('outbox reconcile failed', e));
      }, IDLE_RECONCILE_DELAY_MS);
    });
    handle.on('active', () => {
      idle = false;
    });
    handle.on('paused', (err?: unknown) => {
      idle = !err;
      // The pause reconciles this record itself (watchPush).
      if (idle) asked = waiting();
    });
    const end = () => {
      off();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };
    handle.on('complete', end);
    handle.on('error', end);
  }

  /** A 429 (or a full userdb's 413) on a push: the writes stay waiting, and the member is told why. */
  function noteRefusal(key: MemberDbKey, err: unknown) {
    const reason = rateLimitReason(err);
    if (reason !== null) status.setNotice(key, reason);
  }

  function watchLive(handle: ReplicationHandle, name: string) {
    handle.on('active', () => status.setActive(name, true));
    handle.on('paused', (err?: unknown) => {
      status.setActive(name, false);
      if (err) onNetworkError(err);
      else status.markSynced(now().toISOString());
    });
    handle.on('error', (err: unknown) => {
      // Only refusals end a retrying replication. A refused token has been through the
      // auth fetch already; try again later rather than hammering the server.
      status.setActive(name, false);
      log(`replication ${name} stopped`, err);
      scheduleRestart();
    });
    handle.on('complete', () => status.setActive(name, false));
  }

  function startLive(m: MemberSync) {
    const { members, chat, userdb } = m.pairs;
    // The device answers part of the protocol itself (replication-shortcuts.ts): a message is
    // two round trips quicker from one phone to another.
    const held = { members: new ServerRevs(), chat: new ServerRevs(), userdb: new ServerRevs() };
    const target = (key: MemberDbKey) => pushTarget(m.pairs[key].remote, () => new Set(m.outboxes[key].pendingIds()), held[key]);
    const source = (key: MemberDbKey) => pullSource(m.pairs[key].remote, held[key]);
    const plan: Array<[string, MemberDbKey | null, ReplicationHandle]> = [
      ['push:members', 'members', replicateOf(members.local).to(target('members'), livePush(backOff, { filter: ownMembersDoc(m.userId) }))],
      ['pull:userdb', null, replicateOf(userdb.local).from(source('userdb'), livePull(backOff))],
      ['push:userdb', 'userdb', replicateOf(userdb.local).to(target('userdb'), livePush(backOff))],
      ['pull:chat', null, replicateOf(chat.local).from(source('chat'), livePull(backOff, { selector: chatSelector(chatWindowStart(now())) }))],
      ['push:chat', 'chat', replicateOf(chat.local).to(target('chat'), livePush(backOff))],
    ];
    for (const [name, pushKey, handle] of plan) {
      watchLive(handle, name);
      if (pushKey) {
        watchPush(handle, pushKey, m);
        reconcileWhenIdle(handle, pushKey, m);
      }
      liveHandles.push(handle);
      if (name === 'pull:chat') watchChatWindow(handle, m);
    }
  }

  /** Purges what left the public room's window: soon after start (offline too) and whenever the pull catches up. */
  function watchChatWindow(pullChat: ReplicationHandle, m: MemberSync) {
    const outbox = m.outboxes.chat;
    // The outbox is read from the device once first: a waiting message is never purged.
    let loaded: Promise<void> | null = null;
    const keeper = createChatWindowKeeper({
      db: m.pairs.chat.local,
      keep: async () => {
        await (loaded ??= outbox.load());
        return [...outbox.pendingIds(), ...outbox.deniedItems().map((d) => d.id)];
      },
      now,
      log,
    });
    keeper.later(CHAT_TRIM_DELAY_MS);
    pullChat.on('paused', (err?: unknown) => {
      if (!err) void keeper.trim();
    });
    pullChat.on('complete', () => keeper.stop());
  }

  function stopLive() {
    for (const h of liveHandles) h.cancel();
    liveHandles = [];
    for (const name of ['push:members', 'pull:userdb', 'push:userdb', 'pull:chat', 'push:chat']) status.setActive(name, false);
  }

  function restartLive() {
    stopLive();
    if (owner && member && !stopped) startLive(member);
  }

  let aggregateTimer: ReturnType<typeof setTimeout> | null = null;
  function scheduleAggregatePull() {
    if (aggregateTimer !== null || stopped) return;
    aggregateTimer = setTimeout(() => {
      aggregateTimer = null;
      if (!stopped) void pull('pull:catalog', opts.catalog);
    }, opts.aggregateDelayMs ?? AGGREGATE_PULL_DELAY_MS);
  }

  function scheduleRestart() {
    if (restartTimer !== null) return;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      restartLive();
    }, opts.maxBackOffMs ?? MAX_BACK_OFF_MS);
  }

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
      await replicateOf(pair.local).from(pair.remote, pullOnce());
      status.markSynced(now().toISOString());
      const waiting = pullRetries.get(name);
      if (waiting?.timer) clearTimeout(waiting.timer);
      pullRetries.delete(name);
    } catch (err) {
      // No signal is an ordinary state, shown by the sync pill, not a fault for the console.
      if (!onNetworkError(err)) {
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

  /** The catalogue, or the databases of the member still signed in here (not one who left). */
  function stillWanted(pair: Pair): boolean {
    return pair === opts.catalog || (member !== null && pair === member.pairs.members);
  }

  function retryPull(name: string, pair: Pair): void {
    if (stopped || !owner || !stillWanted(pair)) return;
    const last = pullRetries.get(name);
    if (last?.timer) clearTimeout(last.timer);
    const delay = backOff(last?.delay ?? 0);
    const timer = setTimeout(() => {
      const entry = pullRetries.get(name);
      if (entry) entry.timer = null;
      if (!stopped && owner && stillWanted(pair)) void pull(name, pair);
    }, delay);
    (timer as { unref?: () => void }).unref?.();
    pullRetries.set(name, { delay, timer });
  }

  function clearPullRetries(): void {
    for (const r of pullRetries.values()) if (r.timer) clearTimeout(r.timer);
    pullRetries.clear();
  }

  async function pullNow() {
    const jobs = [pull('pull:catalog', opts.catalog)];
    if (member) jobs.push(pull('pull:members', member.pairs.members));
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
    if (member) startLive(member);
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
      stopLive();
      if (pullTimer !== null) clearInterval(pullTimer);
      if (restartTimer !== null) clearTimeout(restartTimer);
      if (aggregateTimer !== null) clearTimeout(aggregateTimer);
      pullTimer = restartTimer = aggregateTimer = null;
      clearPullRetries();
      owner = false;
      status.setOwner(false);
      lock?.release();
      lock = null;
    },

    setMember(next) {
      if (next === member) return;
      stopLive();
      // A retry waiting for the member before holds their databases, not the next one's.
      clearPullRetries();
      member = next;
      if (owner && next && !stopped) {
        startLive(next);
        void pull('pull:members', next.pairs.members);
      }
    },

    pullNow,

    async pushNow(timeoutMs) {
      const m = member;
      if (!m) return;
      const handles = PUSH_KEYS.map((key) => {
        const { local, remote } = m.pairs[key];
        const handle = replicateOf(local).to(remote, pushOnce(key === 'members' ? { filter: ownMembersDoc(m.userId) } : {}));
        watchPush(handle, key, m);
        return handle;
      });
      let timer: ReturnType<typeof setTimeout> | null = null;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          for (const h of handles) h.cancel();
          resolve();
        }, timeoutMs);
      });
      const done = Promise.allSettled(handles.map((h) => Promise.resolve(h)));
      await Promise.race([done, timeout]);
      if (timer !== null) clearTimeout(timer);
      // The pushes' own reports may miss writes already on the server; ask it directly.
      await Promise.allSettled(PUSH_KEYS.map((key) => m.outboxes[key].reconcile(m.pairs[key].remote)));
    },

    isOwner: () => owner,
  };
}
