// Start-up repair of revision trees PouchDB cannot read (ADR 012). Before the bound
// on revision numbers, a client could store a revision past 2^53: PouchDB then keeps a tree
// whose winning revision is missing from its own index, and every read of the changes feed
// throws inside LevelDB. Such a document was written by an attacker (no document is edited a
// billion times), so it is removed, all its revisions, before PouchDB opens the database.
//
// This reads PouchDB 9's LevelDB layout directly (sublevels `document-store`, `by-sequence` and
// `meta-store`, each key prefixed `ÿ{name}ÿ`), because no PouchDB call can read such a tree
// without throwing. tests/unit/repair-revisions.test.ts writes a poisoned database with
// pouchdb-node itself, so an upgrade that changes the layout fails that test, not production.
import { createRequire } from 'node:module';
import { MAX_REV_POS } from './limits.ts';

const require = createRequire(import.meta.url);

interface RawIterator {
  next(cb: (err: Error | null, key?: string, value?: string) => void): void;
  end(cb: (err?: Error | null) => void): void;
}
interface RawLevel {
  open(opts: Record<string, unknown>, cb: (err?: Error | null) => void): void;
  close(cb: (err?: Error | null) => void): void;
  get(key: string, opts: Record<string, unknown>, cb: (err: Error | null, value?: string) => void): void;
  batch(ops: { type: 'put' | 'del'; key: string; value?: string }[], opts: Record<string, unknown>, cb: (err?: Error | null) => void): void;
  iterator(opts: Record<string, unknown>): RawIterator;
}
const leveldown = require('leveldown') as (location: string) => RawLevel;

const DOC_STORE = 'ÿdocument-storeÿ';
// 'ÿ' is U+00FF; U+0100 sorts after every key that starts with the prefix.
const DOC_STORE_END = 'ÿdocument-store\u0100';
const BY_SEQ = 'ÿby-sequenceÿ';
const DOC_COUNT_KEY = 'ÿmeta-storeÿ_local_doc_count';

/** [hash, status, children] */
type RevNode = [string, unknown, RevNode[]];
interface Metadata {
  id?: string;
  rev?: string;
  winningRev?: string;
  deleted?: boolean;
  rev_tree?: { pos: unknown; ids: RevNode }[];
  rev_map?: Record<string, unknown>;
}

/** Why a stored revision tree is unusable, or null when it is sound. */
export function revTreeProblem(meta: Metadata): string | null {
  if (!Array.isArray(meta.rev_tree) || typeof meta.rev_map !== 'object' || meta.rev_map === null) {
    return 'no revision tree';
  }
  for (const path of meta.rev_tree) {
    if (!Number.isSafeInteger(path.pos) || (path.pos as number) < 0) return `position ${String(path.pos)}`;
    // Depth-first without recursion: a tree can be 1000 revisions deep.
    const stack: [RevNode, number][] = [[path.ids, path.pos as number]];
    while (stack.length > 0) {
      const [node, pos] = stack.pop() as [RevNode, number];
      if (pos > MAX_REV_POS) return `revision ${pos}-${node[0]} is past ${MAX_REV_POS}`;
      for (const child of node[2] ?? []) stack.push([child, pos + 1]);
    }
  }
  for (const rev of [meta.rev, meta.winningRev]) {
    if (rev !== undefined && !(rev in meta.rev_map)) return `revision ${rev} is missing from its own index`;
  }
  return null;
}

export interface RepairReport {
  removed: { id: string; problem: string }[];
}

const call = <T>(fn: (cb: (err?: Error | null, value?: T) => void) => void) =>
  new Promise<T | undefined>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))));

/**
 * Removes every document whose revision tree is unusable from the LevelDB at `location`. The
 * database must not be open. A location with no database is left alone.
 */
export async function repairRevisionTrees(location: string): Promise<RepairReport> {
  const db = leveldown(location);
  try {
    await call((cb) => db.open({ createIfMissing: false }, cb));
  } catch (err) {
    if (/does not exist/i.test(String((err as Error).message))) return { removed: [] };
    throw err;
  }
  try {
    const removed: RepairReport['removed'] = [];
    const ops: { type: 'put' | 'del'; key: string; value?: string }[] = [];
    let liveRemoved = 0;
    const it = db.iterator({ gte: DOC_STORE, lt: DOC_STORE_END, keyAsBuffer: false, valueAsBuffer: false });
    try {
      for (;;) {
        const [key, value] = await new Promise<[string | undefined, string | undefined]>((resolve, reject) =>
          it.next((err, k, v) => (err ? reject(err) : resolve([k, v]))),
        );
        if (key === undefined || value === undefined) break;
        let meta: Metadata;
        try {
          meta = JSON.parse(value) as Metadata;
        } catch {
          continue; // PouchDB falls back to vuvuzela for trees JSON cannot hold; none of ours.
        }
        const problem = revTreeProblem(meta);
        if (!problem) continue;
        removed.push({ id: meta.id ?? key.slice(DOC_STORE.length), problem });
        ops.push({ type: 'del', key });
        for (const seq of Object.values(meta.rev_map ?? {})) {
          if (typeof seq === 'number') ops.push({ type: 'del', key: BY_SEQ + String(seq).padStart(16, '0') });
        }
        if (!meta.deleted) liveRemoved++;
      }
    } finally {
      await call((cb) => it.end(cb));
    }
    if (ops.length === 0) return { removed };
    const count = await call<string>((cb) => db.get(DOC_COUNT_KEY, { asBuffer: false }, cb)).catch(() => undefined);
    if (count !== undefined && liveRemoved > 0) {
      const n = Math.max(0, Number(JSON.parse(count)) - liveRemoved);
      ops.push({ type: 'put', key: DOC_COUNT_KEY, value: JSON.stringify(n) });
    }
    // One atomic batch: the database is either repaired or untouched.
    await call((cb) => db.batch(ops, {}, cb));
    return { removed };
  } finally {
    await call((cb) => db.close(cb));
  }
}
