// A worker's progress in one source database: the last update_seq it fully processed and
// how often each stuck document has failed. It lives in a `_local` doc of that database, so
// it is never replicated and disappears with the database.
import type { Couch, Seq } from './couch.ts';
import { BackendError, docPath } from './couch.ts';

export interface Checkpoint {
  seq: Seq;
  /** Failed attempts per document id, kept so a restart does not reset the count. */
  failures: Record<string, number>;
}

export interface CheckpointStore {
  load(db: string): Promise<Checkpoint>;
  save(db: string, cp: Checkpoint): Promise<void>;
}

interface LocalDoc {
  _id: string;
  _rev?: string;
  seq?: Seq;
  failures?: Record<string, number>;
}

export function checkpointId(worker: string): string {
  return `_local/worker-${worker}`;
}

export function checkpointStore(couch: Couch, worker: string): CheckpointStore {
  const id = checkpointId(worker);
  // The last _rev we wrote; a worker is the only writer of its own checkpoint.
  const revs = new Map<string, string>();

  async function read(db: string): Promise<LocalDoc | null> {
    return couch.maybe<LocalDoc>('GET', docPath(db, id));
  }

  return {
    async load(db) {
      const doc = await read(db);
      if (doc?._rev) revs.set(db, doc._rev);
      else revs.delete(db);
      return { seq: doc?.seq ?? 0, failures: { ...(doc?.failures ?? {}) } };
    },
    async save(db, cp) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const rev = revs.get(db);
        const body: LocalDoc = { _id: id, seq: cp.seq, failures: cp.failures };
        if (rev) body._rev = rev;
        const ans = await couch.maybe<{ rev?: string }>('PUT', docPath(db, id), body).catch((err: unknown) => {
          if (err instanceof BackendError && err.status === 409) return 'conflict' as const;
          throw err;
        });
        if (ans === null) return; // the database was deleted meanwhile
        if (ans !== 'conflict') {
          if (ans.rev) revs.set(db, ans.rev);
          return;
        }
        // Someone else wrote it (a restarted or second server): take their rev, keep our seq.
        const current = await read(db);
        if (current?._rev) revs.set(db, current._rev);
        else revs.delete(db);
      }
      throw new BackendError(409, null, `checkpoint ${id} of ${db} keeps conflicting`);
    },
  };
}
