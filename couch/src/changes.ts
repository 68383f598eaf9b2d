// One live PouchDB changes listener per open database. It wakes every parked longpoll at once;
// the woken requests then re-read the feed, and identical reads made at the same moment share
// one PouchDB query, so 500 clients waiting on `catalog` cost one LevelDB scan per write.
import type { ChangeRow, ChangesOptions, ChangesResult, LiveChanges, Pouch } from './pouch.ts';
import { Waiters, type WaitOutcome } from './waiters.ts';

export type FeedQuery = Omit<ChangesOptions, 'since' | 'live' | 'return_docs'>;

export class ChangesHub {
  private readonly pouch: Pouch;
  private readonly waiters = new Waiters();
  private readonly shared = new Map<string, Promise<ChangesResult>>();
  private feed: LiveChanges | null;
  /** Bumped on every change the live listener sees; lets a reader notice a change it raced with. */
  version = 0;

  constructor(pouch: Pouch, onChange: (row: ChangeRow) => void, onError: (err: unknown) => void) {
    this.pouch = pouch;
    this.feed = pouch.changes({ live: true, since: 'now', return_docs: false });
    this.feed.on('change', (row) => {
      this.version++;
      try {
        onChange(row);
      } finally {
        this.waiters.wakeAll();
      }
    });
    this.feed.on('error', onError);
  }

  get waiting(): number {
    return this.waiters.size;
  }

  async currentSeq(): Promise<number> {
    return (await this.pouch.info()).update_seq;
  }

  /** `qKey`: `q` as JSON, when the caller has it already (a longpoll asks again on every wake). */
  query(since: number, q: FeedQuery, qKey = JSON.stringify(q)): Promise<ChangesResult> {
    const key = `${this.version}|${since}|${qKey}`;
    const running = this.shared.get(key);
    if (running) return running;
    const p = Promise.resolve(this.pouch.changes({ ...q, since, return_docs: true }));
    this.shared.set(key, p);
    const forget = () => {
      this.shared.delete(key);
    };
    p.then(forget, forget);
    return p;
  }

  /**
   * Called by our own write path once a write has committed, before the client gets its answer,
   * so a read that follows can never join a query that started before the write.
   */
  noteWrite(): void {
    this.version++;
  }

  /** `signal` must be the request's own: see Waiters.wait. */
  waitForRequest(ms: number, signal: AbortSignal): Promise<WaitOutcome> {
    return this.waiters.wait(ms, signal, true);
  }

  close(): void {
    this.waiters.close();
    this.feed?.cancel();
    this.feed = null;
  }
}

/**
 * A longpoll: answer at once if there is anything after `since`, else park until a write,
 * the timeout, a client hang-up or shutdown. On timeout the answer's `last_seq` is the last
 * sequence actually read, so a write racing with the timeout is never skipped. `signal` is the
 * request's own (it ends with this longpoll).
 */
export async function longpoll(
  hub: ChangesHub,
  since: number,
  q: FeedQuery,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ChangesResult> {
  const deadline = Date.now() + timeoutMs;
  const qKey = JSON.stringify(q);
  let cursor = since;
  for (;;) {
    const seen = hub.version;
    const res = await hub.query(cursor, q, qKey);
    if (res.results.length > 0) return res;
    cursor = Math.max(cursor, res.last_seq);
    if (hub.version !== seen) continue;
    const outcome = await hub.waitForRequest(deadline - Date.now(), signal);
    if (outcome !== 'woken') return { results: [], last_seq: cursor };
  }
}
