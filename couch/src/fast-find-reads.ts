// An indexed `_find` (pouchdb-find over pouchdb-mapreduce) reads each result three times: the
// index row's own document, then the document through allDocs({keys}), which runs one LevelDB
// range query with its own stream per key. A page of 500 submissions cost ~160 ms, most of it
// there. Two narrower reads give the same rows:
// - allDocs({keys, include_docs}) in its plain shape is answered with parallel gets; a key a get
//   cannot answer as a row (missing, deleted) and every other shape go to PouchDB's own.
// - An index database's rows hold only their key (pouchdb-find emits no value, and this engine
//   serves no JavaScript views), so its documents are `{_id, _rev}`: a range read of one asks
//   for no documents and makes them from the rows.
import { mapBounded } from './bounded.ts';
import { READ_CONCURRENCY } from './limits.ts';
import type { AllDocsResult, AllDocsRow, Pouch } from './pouch.ts';

type AllDocs = (opts?: Record<string, unknown>, callback?: unknown) => Promise<AllDocsResult>;

/** Options that leave allDocs({keys, include_docs}) answering one plain row per key. */
const PLAIN = new Set(['keys', 'include_docs', 'conflicts', 'attachments', 'binary', 'skip']);

function plain(opts: Record<string, unknown>): opts is Record<string, unknown> & { keys: unknown[] } {
  if (!Array.isArray(opts.keys) || opts.include_docs !== true) return false;
  if (opts.conflicts || opts.attachments || opts.binary || (opts.skip !== undefined && opts.skip !== 0)) return false;
  return Object.keys(opts).every((k) => PLAIN.has(k) || opts[k] === undefined);
}

/** Gives `pouch` the faster allDocs for key lists; everything else goes to PouchDB's. */
export function withFastKeys<P extends Pouch>(pouch: P): P {
  const original = pouch.allDocs.bind(pouch) as AllDocs;
  const fast = async (opts: Record<string, unknown>): Promise<AllDocsResult> => {
    if (!plain(opts) || !opts.keys.every((k) => typeof k === 'string')) return original(opts);
    const keys = opts.keys as string[];
    const [rows, info] = await Promise.all([
      mapBounded(keys, READ_CONCURRENCY, async (key): Promise<AllDocsRow> => {
        try {
          const doc = await pouch.get(key);
          return { id: doc._id, key, value: { rev: doc._rev as string }, doc };
        } catch (err) {
          if ((err as { status?: number }).status !== 404) throw err;
          // Missing or deleted: PouchDB's own row says which (and a deleted one's revision).
          return ((await original({ keys: [key], include_docs: true })).rows[0] ?? { key, error: 'not_found' }) as AllDocsRow;
        }
      }),
      pouch.info(),
    ]);
    return { total_rows: info.doc_count, offset: (opts.skip as number | undefined) ?? 0, rows };
  };
  // PouchDB's own callers may pass a callback: those keep PouchDB's allDocs.
  (pouch as { allDocs: AllDocs }).allDocs = (opts, callback) =>
    typeof opts === 'object' && opts !== null && callback === undefined ? fast(opts) : original(opts, callback);
  wrapIndexDatabases(pouch);
  return pouch;
}

type Register = (name: string) => Promise<{ db: Pouch }>;

/** Index databases (pouchdb-mapreduce's dependent databases) get the row-only range read. */
function wrapIndexDatabases(pouch: Pouch): void {
  const target = pouch as unknown as { registerDependentDatabase: Register };
  const register = target.registerDependentDatabase.bind(target);
  target.registerDependentDatabase = async (name) => {
    const res = await register(name);
    withRowOnlyDocs(res.db);
    return res;
  };
}

function withRowOnlyDocs(index: Pouch): void {
  const original = index.allDocs.bind(index) as AllDocs;
  (index as { allDocs: AllDocs }).allDocs = async (opts, callback) => {
    if (typeof opts !== 'object' || opts === null || callback !== undefined || opts.include_docs !== true || 'keys' in opts || opts.conflicts || opts.attachments) {
      return original(opts, callback);
    }
    const res = await original({ ...opts, include_docs: false });
    for (const row of res.rows) {
      if (row.id !== undefined && row.value) row.doc = { _id: row.id, _rev: row.value.rev };
    }
    return res;
  };
}
