// The public room on the device is a window: the newest CHAT_WINDOW_MAX messages, none older
// than CHAT_WINDOW_DAYS. The pull selector bounds what arrives; this removes what falls out of
// the window afterwards. Removal is a PouchDB purge (gone without a tombstone, so nothing is
// pushed); a deletion would instead delete the message for everyone.
import type { Database } from './pouch.ts';
import { CHAT_WINDOW_MAX, chatWindowCutoff } from './sync-plan.ts';

export interface IdRev {
  id: string;
  rev: string;
}

/**
 * What to purge, given the local messages in id (= time) order: everything beyond the newest
 * `max` and everything created before `cutoff`, except what the member still waits on (a
 * message in the outbox, or one the server refused and the member has not dealt with).
 */
export function purgeCandidates(rows: readonly IdRev[], keep: ReadonlySet<string>, cutoff: string, max: number = CHAT_WINDOW_MAX): IdRev[] {
  const edge = `message:${cutoff}`;
  const firstKept = Math.max(0, rows.length - max);
  return rows.filter((row, i) => (i < firstKept || row.id < edge) && !keep.has(row.id));
}

/** IndexedDB has purge; the memory and LevelDB adapters do not (the list is capped instead). */
export function canPurge(db: Database): boolean {
  return typeof (db as unknown as { _purge?: unknown })._purge === 'function';
}

/** Purges the messages that left the window; returns how many. */
export async function trimChatWindow(db: Database, keep: ReadonlySet<string>, now: Date, max: number = CHAT_WINDOW_MAX): Promise<number> {
  if (!canPurge(db)) return 0;
  const res = await db.allDocs({ startkey: 'message:', endkey: 'message:\ufff0' });
  const rows = res.rows.map((r) => ({ id: r.id, rev: r.value.rev }));
  const gone = purgeCandidates(rows, keep, chatWindowCutoff(now), max);
  for (const { id, rev } of gone) {
    // A message replaced meanwhile (a new revision arrived) is simply left for the next trim.
    await (db as unknown as { purge(id: string, rev: string): Promise<unknown> }).purge(id, rev).catch(() => undefined);
  }
  return gone.length;
}

export interface ChatWindowKeeper {
  /** Trims now, or once more after the trim under way (pulls pause often; trims never overlap). */
  trim(): Promise<void>;
  /** Trims after `ms`: at start, so the trim does not compete with the first screen for IndexedDB. */
  later(ms: number): void;
  /** No more trims (the replication it follows has ended). */
  stop(): void;
}

export function createChatWindowKeeper(opts: {
  db: Database;
  keep: () => Iterable<string> | Promise<Iterable<string>>;
  now: () => Date;
  log?: (message: string, err?: unknown) => void;
}): ChatWindowKeeper {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function loop() {
    do {
      again = false;
      try {
        await trimChatWindow(opts.db, new Set(await opts.keep()), opts.now());
      } catch (err) {
        opts.log?.('trimming the chat window failed', err);
      }
    } while (again);
    running = null;
  }

  return {
    trim() {
      if (stopped || !canPurge(opts.db)) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = loop();
      return running;
    },
    later(ms) {
      if (stopped || timer !== null || !canPurge(opts.db)) return;
      timer = setTimeout(() => {
        timer = null;
        void this.trim();
      }, ms);
      (timer as { unref?: () => void }).unref?.();
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
