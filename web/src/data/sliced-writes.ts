// A replication's batch written to the device in slices (ADR 059). The replicator hands a local
// database a whole batch in one `bulkDocs({ docs, new_edits: false })`, up to PULL_BATCH_SIZE
// documents, and the IndexedDB adapter works through them in one task: on a first visit the whole
// catalogue, 40–60 ms here and four times that on a slow phone, where no input is answered. Split
// into slices with a yield between them, each is a short task. A replicated write is the server's
// revision stored as it is, document by document, so slices change nothing of what is stored; the
// replicator saves its checkpoint only after the last slice.
import type { Database } from './pouch.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';

/** Documents per slice: a few milliseconds of the adapter's work on this machine. */
export const WRITE_SLICE = 25;

interface ReplicatedBatch {
  docs: unknown[];
  new_edits: false;
}

function isReplicatedBatch(req: unknown): req is ReplicatedBatch {
  const r = req as Partial<ReplicatedBatch> | null;
  return typeof r === 'object' && r !== null && !Array.isArray(r) && r.new_edits === false && Array.isArray(r.docs);
}

type BulkDocs = (...args: unknown[]) => Promise<unknown[]>;

/** `db` with its replicated batches written in slices of `slice`, `pause` between them. */
export function sliceReplicatedWrites(db: Database, slice = WRITE_SLICE, pause: () => Promise<void> = yieldToMain): Database {
  const target = db as unknown as { bulkDocs: BulkDocs };
  const whole = target.bulkDocs.bind(db) as BulkDocs;
  target.bulkDocs = (...args) => {
    const [req, opts] = args;
    // Anything else (a callback, the app's own writes, a small batch) goes through as it came.
    if (args.some((a) => typeof a === 'function') || !isReplicatedBatch(req) || req.docs.length <= slice) return whole(...args);
    return (async () => {
      const results: unknown[] = [];
      for (let i = 0; i < req.docs.length; i += slice) {
        if (i > 0) await pause();
        results.push(...(await whole({ ...req, docs: req.docs.slice(i, i + slice) }, opts)));
      }
      return results;
    })();
  };
  return db;
}
