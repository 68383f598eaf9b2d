// The engine's faster reads for indexed `_find` (couch/src/fast-find-reads.ts) must answer
// exactly what PouchDB's own would: the same rows for a list of keys (missing, deleted,
// repeated), and the same documents, in the same order, for an indexed query.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFastFindReads } from '../../couch/src/fast-find-reads.ts';
import { guardedLeveldown } from '../../couch/src/guarded-leveldown.ts';
import { PouchDB, type Pouch } from '../../couch/src/pouch.ts';

let dir: string;
const leveldown = guardedLeveldown((_location, err) => {
  throw err;
});
/** LevelDB reads made directly (getMany), not through PouchDB. */
let directReads = 0;

function open(): Pouch {
  return new PouchDB(path.join(dir, 'db'), { adapter: 'leveldb', db: leveldown });
}

/** The engine's wrapping, with its direct reads counted. */
function fast(db: Pouch): Pouch {
  return withFastFindReads(db, () => {
    const store = leveldown.storeAt(path.join(dir, 'db'));
    if (!store) return undefined;
    const raw = store as { getMany: (...args: unknown[]) => void };
    return new Proxy(raw, {
      get: (t, p) =>
        p === 'getMany'
          ? (...args: unknown[]) => {
              directReads++;
              t.getMany(...args);
            }
          : Reflect.get(t, p),
    });
  });
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fete-fast-reads-'));
  directReads = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function seeded(): Promise<Pouch> {
  const db = open();
  const docs = Array.from({ length: 40 }, (_, i) => ({ _id: `sub:${String(i).padStart(3, '0')}`, formid: i % 2 ? 'A' : 'B', createdat: `2026-01-01T00:${String(i).padStart(2, '0')}:00Z`, n: i }));
  await db.bulkDocs(docs);
  const gone = await db.get('sub:004');
  await db.put({ ...gone, _deleted: true });
  const edited = await db.get('sub:007');
  await db.put({ ...edited, n: 700 });
  await db.createIndex({ index: { fields: ['formid', 'createdat'] }, ddoc: 'idx', name: 'idx' });
  return db;
}

const query = (createdat: Record<string, string | null>) => ({
  selector: { formid: 'A', createdat },
  sort: [{ formid: 'desc' }, { createdat: 'desc' }],
  use_index: 'idx',
  limit: 7,
});

describe('faster reads for indexed _find', () => {
  it('answer a list of keys with the rows PouchDB gives, missing, deleted and repeated keys included', async () => {
    const db = await seeded();
    const keys = ['sub:007', 'nope', 'sub:004', 'sub:001', 'sub:007', '_design/idx'];
    const plain = await db.allDocs({ keys, include_docs: true });
    const answer = await fast(db).allDocs({ keys, include_docs: true });
    expect(directReads).toBe(2);
    expect(answer).toEqual(plain);
    expect(JSON.stringify(answer)).toBe(JSON.stringify(plain));
    expect(answer.rows.map((r) => r.error ?? r.value?.deleted ?? r.doc?.n)).toEqual([700, 'not_found', true, 1, 700, undefined]);
    await db.close();
  });

  it('leave other shapes of allDocs to PouchDB', async () => {
    const db = await seeded();
    const plain = await db.allDocs({ keys: ['sub:001', 'sub:004'] });
    const range = await db.allDocs({ startkey: 'sub:', endkey: 'sub:\uffff', include_docs: true, limit: 5 });
    const wrapped = fast(db);
    expect(await wrapped.allDocs({ keys: ['sub:001', 'sub:004'] })).toEqual(plain);
    expect(await wrapped.allDocs({ startkey: 'sub:', endkey: 'sub:\uffff', include_docs: true, limit: 5 })).toEqual(range);
    expect(directReads).toBe(0);
    await db.close();
  });

  it('find the same documents in the same order through an index, after edits and deletions', async () => {
    let db = await seeded();
    const asks = [query({ $gt: null }), query({ $lte: '2026-01-01T00:20:00Z' }), { ...query({ $gte: '2026-01-01T00:10:00Z' }), limit: 50 }];
    const plain = [];
    for (const q of asks) plain.push(await db.find(q));
    await db.close();
    db = fast(open());
    const answers = [];
    for (const q of asks) answers.push(await db.find(q));
    expect(directReads).toBeGreaterThan(0);
    expect(answers).toEqual(plain);
    expect(JSON.stringify(answers)).toBe(JSON.stringify(plain));
    expect(answers[0]?.docs.map((d) => d.n)).toEqual([39, 37, 35, 33, 31, 29, 27]);
    // A document written after the index was read is found through it.
    await db.put({ _id: 'sub:999', formid: 'A', createdat: '2026-01-02T00:00:00Z', n: 999 });
    expect((await db.find(query({ $gt: null }))).docs[0]?.n).toBe(999);
    await db.close();
  });
});
