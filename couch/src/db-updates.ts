// The server-wide `_db_updates` feed, kept in memory. Like CouchDB's global_changes it keeps
// only the latest event per database, so its size is bounded by the number of databases. Seqs
// carry a boot id: after a restart an old seq cannot silently mean "nothing new".
import { randomBytes } from 'node:crypto';
import { Waiters, type WaitOutcome } from './waiters.ts';

export type DbUpdateType = 'created' | 'updated' | 'deleted';
export interface DbUpdateEvent {
  db_name: string;
  type: DbUpdateType;
  seq: string;
}
export type DbUpdateListener = (db: string, type: DbUpdateType) => void;

export class DbUpdates {
  private readonly boot = randomBytes(4).toString('hex');
  private counter = 0;
  /** Insertion order is seq order: an update deletes and re-inserts its database's entry. */
  private readonly latest = new Map<string, { type: DbUpdateType; n: number }>();
  private readonly listeners = new Set<DbUpdateListener>();
  private readonly waiters = new Waiters();
  private readonly onListenerError: (err: unknown) => void;

  constructor(onListenerError: (err: unknown) => void) {
    this.onListenerError = onListenerError;
  }

  emit(db: string, type: DbUpdateType): void {
    const n = ++this.counter;
    this.latest.delete(db);
    this.latest.set(db, { type, n });
    for (const listener of [...this.listeners]) {
      try {
        listener(db, type);
      } catch (err) {
        this.onListenerError(err);
      }
    }
    this.waiters.wakeAll();
  }

  subscribe(listener: DbUpdateListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  format(n: number): string {
    return `${n}-${this.boot}`;
  }

  get current(): number {
    return this.counter;
  }

  /** Parses a client's `since`: `now`, `0`, or one of our seqs. A seq from another boot means 0. */
  parseSince(since: string | undefined): number | null {
    if (since === undefined || since === '0') return 0;
    if (since === 'now') return this.counter;
    const m = /^(\d+)-([0-9a-f]+)$/.exec(since);
    if (!m) return null;
    return m[2] === this.boot ? Math.min(Number(m[1]), this.counter) : 0;
  }

  since(n: number): DbUpdateEvent[] {
    const out: DbUpdateEvent[] = [];
    for (const [db_name, { type, n: seq }] of this.latest) {
      if (seq > n) out.push({ db_name, type, seq: this.format(seq) });
    }
    return out;
  }

  wait(ms: number, signal?: AbortSignal): Promise<WaitOutcome> {
    return this.waiters.wait(ms, signal);
  }

  close(): void {
    this.waiters.close();
    this.listeners.clear();
  }
}
