// What a push's reports do to the member's outbox and the sync status: confirmed, denied, held
// back by a rate, or still waiting after the push went idle.
import type { DeniedError, ReplicationHandle, ReplicationResult } from './pouch.ts';
import type { MemberDbKey } from './local-dbs.ts';
import type { MemberSync } from './sync-pairs.ts';
import type { SyncStatusStore } from './sync-status.ts';
import { deniedReason, rateLimitReason } from './replication-failures.ts';
import { NOTHING_TO_DELETE_REASON } from '../../../design-docs/src/constants.ts';

/** How long an idle push lets a burst of outbox changes settle before asking the server. */
const IDLE_RECONCILE_DELAY_MS = 300;

export interface PushReportsOptions {
  status: SyncStatusStore;
  log: (message: string, err?: unknown) => void;
  /** The manager was stopped: an idle push asks the server nothing more. */
  isStopped: () => boolean;
  /** A rating reached the server. */
  onRatingPushed: () => void;
}

export interface PushReports {
  /** Wires a push's reports into the outbox: confirmed, denied, or still waiting. */
  watchPush(handle: ReplicationHandle, key: MemberDbKey, m: MemberSync): void;
  /** Asks the server about revisions recorded while the live push is idle. */
  reconcileWhenIdle(handle: ReplicationHandle, key: MemberDbKey, m: MemberSync): void;
}

export function createPushReports(opts: PushReportsOptions): PushReports {
  const { status, log, isStopped } = opts;

  function watchPush(handle: ReplicationHandle, key: MemberDbKey, m: MemberSync) {
    const outbox = m.outboxes[key];
    handle.on('change', (info: ReplicationResult) => {
      if (info.docs?.length) {
        status.setNotice(key, null);
        outbox.confirm(info.docs).catch((e) => log('outbox confirm failed', e));
      }
      // A rating reached the server: its worker refolds the provider's or band's average, so
      // fetch the catalog again shortly ("the item is then reloaded").
      if (key === 'members' && info.docs?.some((d) => d._id.startsWith('rating:'))) opts.onRatingPushed();
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
      if (!idle || timer !== null || isStopped()) return;
      const current = waiting();
      if (current === '[]' || current === asked) return;
      timer = setTimeout(() => {
        timer = null;
        if (!idle || isStopped()) return;
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

  return { watchPush, reconcileWhenIdle };
}
