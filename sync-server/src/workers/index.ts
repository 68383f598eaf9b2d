// The workers that move documents between databases (ARCHITECTURE.md section 6). They are
// driven by database update events (embedded events or CouchDB's `_db_updates`), not by a
// `_changes` feed per database, and keep their checkpoints in `_local` docs of `accounts`
// (one per worker and source database), so a restarted server resumes where the last one
// stopped and no member can move them.
import type { ServerContext } from '../context.ts';
import { checkpointStore, type CheckpointStore } from './checkpoint.ts';
import { couchFor, readChanges, type Doc } from './couch.ts';
import { fanInWorker } from './fan-in.ts';
import { fanOutWorker } from './fan-out.ts';
import { receivedCount } from './received-count.ts';
import { pushNewMessages } from '../push/payloads.ts';
import { ratingsWorker } from './ratings.ts';
import { receiptsMirrorWorker } from './receipts-mirror.ts';
import { formCascadeWorker } from './form-cascade.ts';
import type { Runner, RunnerOptions } from './runner.ts';
import { createLimiter, createRunner } from './runner.ts';

export interface WorkerOptions extends RunnerOptions {
  /** Runs at once across all workers and databases. */
  concurrency: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  batchSize: 500,
  maxAttempts: 5,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  concurrency: 4,
};

export interface Workers {
  /** Unsubscribes and waits for the runs in progress. */
  stop(): Promise<void>;
  /**
   * Resolves once everything written before the call is processed (a database waiting to retry
   * counts as idle). For tests and benchmarks: it reads every source database once more.
   */
  idle(): Promise<void>;
}

export async function startWorkers(ctx: ServerContext, options: Partial<WorkerOptions> = {}): Promise<Workers> {
  const opts = { ...DEFAULT_WORKER_OPTIONS, ...options };
  const { log } = ctx;
  const couch = couchFor(ctx.adminCall);
  const limiter = createLimiter(opts.concurrency);
  // Received messages have a bound of their own, counted for all servers in `accounts` (ADR 052).
  const received = receivedCount(ctx.adminCall, couch, { maxDocs: ctx.config.USERDB_MAX_RECEIVED, maxBytes: ctx.config.USERDB_MAX_RECEIVED_BYTES });
  const pushOf = (receiver: string, sender: string, copies: Doc[]) => pushNewMessages(ctx, receiver, sender, copies.map((c) => (typeof c.content === 'string' ? c.content : '')));
  const specs = [fanInWorker(couch, log), fanOutWorker(couch, log, received, pushOf), receiptsMirrorWorker(couch, log), ratingsWorker(couch), formCascadeWorker(couch, log)];
  const stores = new Map(specs.map((spec) => [spec.name, checkpointStore(couch, spec.name)]));
  const runners: Runner[] = specs.map((spec) =>
    createRunner(
      spec,
      {
        changes: (db, since, limit, includeDocs) => readChanges(couch, db, since, limit, includeDocs),
        checkpoints: stores.get(spec.name) as CheckpointStore,
        limiter,
        log,
      },
      opts,
    ),
  );

  let stopped = false;
  // Subscribe before catching up, so nothing written in between is missed.
  const unsubscribe = ctx.backend.onDbUpdate((db, type) => {
    for (const r of runners) {
      if (!r.spec.sources(db)) continue;
      if (type !== 'updated') {
        // A new or deleted database starts from nothing: its old progress would skip changes.
        r.forget(db);
        const reset = stores.get(r.spec.name)?.reset(db) ?? Promise.resolve();
        void reset
          .catch((err: unknown) => log('warn', `worker ${r.spec.name}: could not reset the checkpoint of ${db}`, err))
          .then(() => {
            if (type !== 'deleted' && !stopped) r.schedule(db);
          });
        continue;
      }
      r.schedule(db);
    }
  });

  /** Schedules every source database; false when they cannot be listed. */
  async function sweep(): Promise<{ ok: boolean; body: unknown }> {
    const ans = await ctx.adminCall('GET', '/_all_dbs').catch((err: unknown) => ({ status: 0, body: err }));
    if (ans.status !== 200 || !Array.isArray(ans.body)) return { ok: false, body: ans.body };
    for (const db of ans.body as string[]) for (const r of runners) if (r.spec.sources(db)) r.schedule(db);
    return { ok: true, body: null };
  }

  async function catchUp(): Promise<void> {
    for (let attempt = 1; !stopped; attempt++) {
      const ans = await sweep();
      if (ans.ok) return;
      if (stopped) return;
      log('warn', 'workers: cannot list databases to catch up; retrying', ans.body);
      await new Promise((r) => setTimeout(r, Math.min(opts.retryMaxMs, opts.retryBaseMs * attempt)).unref());
    }
  }
  // Not awaited: a catch-up over many userdbs must not hold up the server's start.
  const caughtUp = catchUp();

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      await Promise.all(runners.map((r) => r.stop()));
    },
    async idle() {
      await caughtUp;
      // Update events may come a moment after the write (CouchDB's _db_updates batches them), so
      // every source database is read again rather than waiting for its event. Twice: one
      // worker's writes can feed another (a mirrored receipt lands in a userdb).
      for (let round = 0; round < 2 && !stopped; round++) {
        await sweep();
        do await Promise.all(runners.map((r) => r.idle()));
        while (runners.some((r) => r.busy()));
      }
    },
  };
}
