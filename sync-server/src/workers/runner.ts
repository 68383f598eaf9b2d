// Runs one worker over the databases it reads. A database update schedules a run; a run
// reads `_changes` from the worker's checkpoint in batches, processes them and moves the
// checkpoint on. Runs for one database never overlap: events that arrive during a run are
// folded into one more run.
import type { Logger } from '../log.ts';
import type { Change, ChangesPage, Seq } from './couch.ts';
import { BackendError, isTransient } from './couch.ts';
import type { Checkpoint, CheckpointStore } from './checkpoint.ts';

export interface WorkerSpec {
  name: string;
  /** Whether this worker reads the database's changes. */
  sources(db: string): boolean;
  includeDocs: boolean;
  /** Processes changes; must be idempotent, since a crash replays them. Throws on failure. */
  process(db: string, changes: Change[]): Promise<void>;
}

export interface RunnerOptions {
  batchSize: number;
  /** Failed attempts after which a document is logged and skipped. */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export interface RunnerDeps {
  changes(db: string, since: Seq, limit: number, includeDocs: boolean): Promise<ChangesPage | null>;
  checkpoints: CheckpointStore;
  limiter: Limiter;
  log: Logger;
}

export interface Runner {
  readonly spec: WorkerSpec;
  schedule(db: string): void;
  /** Drops what is known about a database (deleted or re-created). */
  forget(db: string): void;
  /** Whether a run is in progress or queued. */
  busy(): boolean;
  /** Resolves when no run is in progress; a database waiting out a retry delay counts as idle. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface Limiter {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

/** At most `n` runs at once across all workers, so a catch-up over many userdbs stays gentle. */
export function createLimiter(n: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(fn) {
      while (active >= n) await new Promise<void>((r) => waiting.push(r));
      active++;
      try {
        return await fn();
      } finally {
        active--;
        waiting.shift()?.();
      }
    },
  };
}

interface DbState {
  running: Promise<void> | null;
  again: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  cp: Checkpoint | null;
  /** Consecutive runs that ended stuck, for the back-off. */
  retries: number;
}

type RunResult = 'done' | 'retry';

export function createRunner(spec: WorkerSpec, deps: RunnerDeps, opts: RunnerOptions): Runner {
  const states = new Map<string, DbState>();
  let stopped = false;
  const { log } = deps;

  function stateOf(db: string): DbState {
    let st = states.get(db);
    if (!st) {
      st = { running: null, again: false, timer: null, cp: null, retries: 0 };
      states.set(db, st);
    }
    return st;
  }

  function schedule(db: string): void {
    if (stopped) return;
    const st = stateOf(db);
    // A waiting retry will read everything new anyway; running now would only burn attempts.
    if (st.timer) return;
    if (st.running) {
      st.again = true;
      return;
    }
    st.running = loop(db, st).finally(() => {
      st.running = null;
    });
  }

  async function loop(db: string, st: DbState): Promise<void> {
    do {
      st.again = false;
      let result: RunResult;
      try {
        result = await deps.limiter.run(() => drain(db, st));
      } catch (err) {
        log('warn', `worker ${spec.name}: run on ${db} failed; retrying`, err);
        st.cp = null; // re-read: a failed checkpoint write may have left our cached state wrong
        result = 'retry';
      }
      if (result === 'retry') {
        armRetry(db, st);
        return;
      }
      st.retries = 0;
    } while (st.again && !stopped);
  }

  function armRetry(db: string, st: DbState): void {
    if (stopped) return;
    st.retries++;
    const delay = Math.min(opts.retryMaxMs, opts.retryBaseMs * 2 ** (st.retries - 1));
    st.timer = setTimeout(() => {
      st.timer = null;
      schedule(db);
    }, delay);
    st.timer.unref?.();
  }

  async function drain(db: string, st: DbState): Promise<RunResult> {
    if (stopped) return 'done';
    st.cp ??= await deps.checkpoints.load(db);
    const cp = st.cp;
    for (;;) {
      if (stopped) return 'done';
      let page: ChangesPage | null;
      try {
        page = await deps.changes(db, cp.seq, opts.batchSize, spec.includeDocs);
      } catch (err) {
        // A seq the database no longer understands (say, restored from a backup) would block it
        // for good; replaying from the start is safe because every worker is idempotent.
        if (err instanceof BackendError && err.status === 400 && cp.seq !== 0) {
          log('error', `worker ${spec.name}: ${db} refuses checkpoint ${String(cp.seq)}; starting over from 0`, err);
          cp.seq = 0;
          continue;
        }
        throw err;
      }
      if (page === null) {
        // The database is gone; its checkpoint went with it.
        st.cp = null;
        return 'done';
      }
      if (page.results.length === 0) return 'done';
      const before = JSON.stringify(cp);
      const outcome = await processPage(db, page, cp);
      if (JSON.stringify(cp) !== before) await deps.checkpoints.save(db, cp);
      if (outcome === 'retry') return 'retry';
      const more = page.pending !== undefined ? page.pending > 0 : page.results.length >= opts.batchSize;
      if (!more) return 'done';
    }
  }

  /** Processes one page and moves `cp` as far as it safely can. */
  async function processPage(db: string, page: ChangesPage, cp: Checkpoint): Promise<RunResult> {
    const results = page.results;
    try {
      await spec.process(db, results);
      for (const c of results) delete cp.failures[c.id];
      cp.seq = page.last_seq ?? (results[results.length - 1] as Change).seq;
      return 'done';
    } catch (err) {
      if (isTransient(err)) throw err;
      log('warn', `worker ${spec.name}: a batch of ${db} failed; isolating the document`, err);
    }
    // Something in the batch is at fault: go one change at a time to find it. Changes before
    // it are done, so the checkpoint stops right in front of it.
    for (const c of results) {
      try {
        await spec.process(db, [c]);
        delete cp.failures[c.id];
        cp.seq = c.seq;
      } catch (err) {
        if (isTransient(err)) {
          log('warn', `worker ${spec.name}: ${c.id} in ${db} failed; retrying`, err);
          return 'retry';
        }
        const attempts = (cp.failures[c.id] ?? 0) + 1;
        if (attempts >= opts.maxAttempts) {
          // One bad document must not hold up its database forever.
          log('error', `worker ${spec.name}: giving up on ${c.id} in ${db} after ${attempts} attempts`, err);
          delete cp.failures[c.id];
          cp.seq = c.seq;
          continue;
        }
        cp.failures[c.id] = attempts;
        log('warn', `worker ${spec.name}: ${c.id} in ${db} failed (attempt ${attempts}/${opts.maxAttempts})`, err);
        return 'retry';
      }
    }
    return 'done';
  }

  async function idle(): Promise<void> {
    for (;;) {
      const running = [...states.values()].map((s) => s.running).filter((p): p is Promise<void> => p !== null);
      if (running.length === 0) return;
      await Promise.allSettled(running);
    }
  }

  return {
    spec,
    schedule,
    forget(db) {
      const st = states.get(db);
      if (!st) return;
      if (st.timer) clearTimeout(st.timer);
      st.timer = null;
      st.cp = null;
      st.retries = 0;
      if (!st.running) states.delete(db);
    },
    busy: () => [...states.values()].some((s) => s.running !== null),
    idle,
    async stop() {
      stopped = true;
      for (const st of states.values()) {
        if (st.timer) clearTimeout(st.timer);
        st.timer = null;
      }
      await idle();
    },
  };
}
