// A worker's progress in one source database: the last update_seq it fully processed and
// how often each stuck document has failed. It lives in a `_local` doc of `accounts`, which only
// the server reaches (ADR 014): kept in the source database, a member could write it there and
// stop the worker for everyone. It is never replicated; when its source
// database is created or deleted it is reset, so a new database starts from nothing.
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
  /** Forgets the progress in `db` (the database was created or deleted). */
  reset(db: string): Promise<void>;
}

/** Where every checkpoint lives: the server's own database. */
export const CHECKPOINT_DB = 'accounts';

interface LocalDoc {
  _id: string;
  _rev?: string;
  seq?: Seq;
  failures?: Record<string, number>;
}

export function checkpointId(worker: string, db: string): string {
  return `_local/worker-${worker}:${db}`;
}

export function checkpointStore(couch: Couch, worker: string): CheckpointStore {
  const idOf = (db: string) => checkpointId(worker, db);
  // The last _rev we wrote; a worker is the only writer of its own checkpoint.
  const revs = new Map<string, string>();

  async function read(db: string): Promise<LocalDoc | null> {
    return couch.maybe<LocalDoc>('GET', docPath(CHECKPOINT_DB, idOf(db)));
  }

  return {
    async load(db) {
      const doc = await read(db);
      if (doc?._rev) revs.set(db, doc._rev);
      else revs.delete(db);
      return { seq: doc?.seq ?? 0, failures: { ...doc?.failures } };
    },
    async save(db, cp) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const rev = revs.get(db);
        const body: LocalDoc = { _id: idOf(db), seq: cp.seq, failures: cp.failures };
        if (rev) body._rev = rev;
        const ans = await couch.maybe<{ rev?: string }>('PUT', docPath(CHECKPOINT_DB, idOf(db)), body).catch((err: unknown) => {
          if (err instanceof BackendError && err.status === 409) return 'conflict' as const;
          throw err;
        });
        if (ans === null) return; // accounts is missing: nothing to keep it in (not provisioned yet)
        if (ans !== 'conflict') {
          if (ans.rev) revs.set(db, ans.rev);
          return;
        }
        // Someone else wrote it (a restarted or second server): take their rev, keep our seq.
        const current = await read(db);
        if (current?._rev) revs.set(db, current._rev);
        else revs.delete(db);
      }
      throw new BackendError(409, null, `checkpoint ${idOf(db)} keeps conflicting`);
    },
    async reset(db) {
      revs.delete(db);
      for (let attempt = 0; attempt < 3; attempt++) {
        const current = await read(db);
        if (!current?._rev) return;
        const ans = await couch
          .maybe('DELETE', `${docPath(CHECKPOINT_DB, idOf(db))}?rev=${encodeURIComponent(current._rev)}`)
          .catch((err: unknown) => {
            if (err instanceof BackendError && err.status === 409) return 'conflict' as const;
            throw err;
          });
        if (ans !== 'conflict') return;
      }
    },
  };
}
