// An indexed `_find` (pouchdb-find over pouchdb-mapreduce) reads each result three times: the
// index row's own document, then the document through allDocs({keys}), which runs one LevelDB
// range query with its own stream per key. A page of 500 submissions cost ~160 ms, most of it
// there. Two narrower reads give the same rows:
// - allDocs({keys, include_docs}) in its plain shape is read from LevelDB directly, two getMany
//   calls for the whole list (the documents' metadata, then their winning revisions' bodies), as
//   PouchDB's LevelDB adapter stores them. A key this cannot answer plainly (missing, deleted,
//   with attachments, changed between the two reads) is read with PouchDB's get, then with
//   PouchDB's own allDocs if need be; every other shape goes to PouchDB's own.
// - An index database's rows hold only their key (pouchdb-find emits no value, and this engine
//   serves no JavaScript views), so its documents are `{_id, _rev}`: a range read of one asks
//   for no documents and makes them from the rows.
import { mapBounded } from './bounded.ts';
import { READ_CONCURRENCY } from './limits.ts';
import type { AllDocsResult, AllDocsRow, Doc, Pouch } from './pouch.ts';

type AllDocs = (opts?: Record<string, unknown>, callback?: unknown) => Promise<AllDocsResult>;

/** Options that leave allDocs({keys, include_docs}) answering one plain row per key. */
const PLAIN = new Set(['keys', 'include_docs', 'conflicts', 'attachments', 'binary', 'skip']);

function plain(opts: Record<string, unknown>): opts is Record<string, unknown> & { keys: unknown[] } {
  if (!Array.isArray(opts.keys) || opts.include_docs !== true) return false;
  if (opts.conflicts || opts.attachments || opts.binary || (opts.skip !== undefined && opts.skip !== 0)) return false;
  return Object.keys(opts).every((k) => PLAIN.has(k) || opts[k] === undefined);
}

/** The LevelDB store under a PouchDB database (leveldown's interface, as far as used here). */
export interface RawStore {
  status?: string;
  getMany?(keys: string[], opts: { asBuffer: false; fillCache: boolean }, cb: (err: unknown, values?: (string | undefined)[]) => void): void;
}

// pouchdb-adapter-leveldb-core's layout: sublevel-pouchdb keys are `\xff{store}\xff{key}`; a
// document's metadata is JSON under its id; a revision's body is JSON under its sequence number,
// padded to 16 digits, without `_id` and `_rev` (PouchDB's _get adds them back).
const DOC_STORE = '\xffdocument-store\xff';
const BY_SEQUENCE = '\xffby-sequence\xff';

interface Metadata {
  id?: unknown;
  winningRev?: unknown;
  deleted?: unknown;
  rev_map?: Record<string, unknown>;
}

function getMany(store: RawStore, keys: string[]): Promise<(string | undefined)[]> {
  return new Promise((resolve, reject) => {
    store.getMany!(keys, { asBuffer: false, fillCache: true }, (err, values) => (err ? reject(err) : resolve(values ?? [])));
  });
}

function parse(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null; // PouchDB's own reader knows its other encodings
  }
}

/** The documents of `ids` as PouchDB's get gives them, or null where only PouchDB can say. */
async function readDirect(store: RawStore, ids: string[]): Promise<(Doc | null)[]> {
  const metas = (await getMany(store, ids.map((id) => DOC_STORE + id))).map((m) => parse(m) as Metadata | null);
  const seqKeys: string[] = [];
  const revs: (string | null)[] = metas.map((m, i) => {
    const rev = m?.winningRev;
    const seq = typeof rev === 'string' ? m?.rev_map?.[rev] : undefined;
    if (!m || m.id !== ids[i] || m.deleted !== false || typeof rev !== 'string' || typeof seq !== 'number') return null;
    seqKeys.push(BY_SEQUENCE + ('0000000000000000' + seq).slice(-16));
    return rev;
  });
  const bodies = seqKeys.length ? await getMany(store, seqKeys) : [];
  let next = 0;
  return revs.map((rev, i) => {
    if (rev === null) return null;
    const doc = parse(bodies[next++]);
    if (!doc || '_attachments' in doc || ('_id' in doc && doc._id !== ids[i]) || ('_rev' in doc && doc._rev !== rev)) return null;
    doc._id = ids[i];
    if (!('_rev' in doc)) doc._rev = rev;
    return doc as Doc;
  });
}

/** allDocs' row for one key, read through PouchDB: a get, or PouchDB's own row when it is missing or deleted. */
async function pouchRow(pouch: Pouch, original: AllDocs, key: string): Promise<AllDocsRow> {
  try {
    const doc = await pouch.get(key);
    return { id: doc._id, key, value: { rev: doc._rev as string }, doc };
  } catch (err) {
    if ((err as { status?: number }).status !== 404) throw err;
    // Missing or deleted: PouchDB's own row says which (and a deleted one's revision).
    return ((await original({ keys: [key], include_docs: true })).rows[0] ?? { key, error: 'not_found' }) as AllDocsRow;
  }
}

/**
 * Gives `pouch` the faster reads of an indexed `_find` (above); everything else goes to PouchDB's.
 * `storeOf` gives the LevelDB store under it, when the engine knows it (else gets are used).
 */
export function withFastFindReads<P extends Pouch>(pouch: P, storeOf: () => object | undefined = () => undefined): P {
  const original = pouch.allDocs.bind(pouch) as AllDocs;
  const fast = async (opts: Record<string, unknown>): Promise<AllDocsResult> => {
    if (!plain(opts) || !opts.keys.every((k) => typeof k === 'string')) return original(opts);
    const keys = opts.keys as string[];
    const store = storeOf() as RawStore | undefined;
    const direct = store?.status === 'open' && typeof store.getMany === 'function' ? await readDirect(store, keys) : [];
    const rows: AllDocsRow[] = [];
    const rest: number[] = [];
    keys.forEach((key, i) => {
      const doc = direct[i];
      if (doc) rows[i] = { id: key, key, value: { rev: doc._rev as string }, doc };
      else rest.push(i);
    });
    const [, info] = await Promise.all([
      mapBounded(rest, READ_CONCURRENCY, async (i) => {
        rows[i] = await pouchRow(pouch, original, keys[i] as string);
      }),
      pouch.info(),
    ]);
    return { offset: (opts.skip as number | undefined) ?? 0, total_rows: info.doc_count, rows };
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
