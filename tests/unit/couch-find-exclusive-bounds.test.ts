// `_find` with an exclusive bound (`$gt`, `$lt`) through an index answers as CouchDB does: a full
// `limit` of documents when the range holds them. pouchdb-find applied the limit before dropping
// the rows equal to the bound, so `$lt` with `limit: 500` gave 499 (found by the Form Submissions
// bench).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findThroughIndex } from '../../couch/src/routes-find.ts';
import { PouchDB, type Pouch } from '../../couch/src/pouch.ts';

let dir: string;
let db: Pouch;
// Three documents share each minute, so every bound has neighbours equal to it.
const DOCS = Array.from({ length: 30 }, (_, i) => ({ _id: `sub:${String(i).padStart(2, '0')}`, formid: 'A', at: `2026-01-01T00:${String(Math.floor(i / 3)).padStart(2, '0')}` }));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fete-find-bounds-'));
  db = new PouchDB(path.join(dir, 'db'), { adapter: 'leveldb' });
  await db.bulkDocs(DOCS);
  await db.createIndex({ index: { fields: ['formid', 'at'] }, ddoc: 'idx', name: 'idx' });
});
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

type Op = '$lt' | '$gt' | '$lte' | '$gte';
const test: Record<Op, (a: string, b: string) => boolean> = { $lt: (a, b) => a < b, $gt: (a, b) => a > b, $lte: (a, b) => a <= b, $gte: (a, b) => a >= b };

/** What CouchDB answers: every match in index order, then skip and limit. */
function expected(op: Op, bound: string, dir: 'asc' | 'desc', skip: number, limit: number): string[] {
  const all = DOCS.filter((d) => test[op](d.at, bound)).sort((x, y) => (x.at === y.at ? (x._id < y._id ? -1 : 1) : x.at < y.at ? -1 : 1));
  if (dir === 'desc') all.reverse();
  return all.slice(skip, skip + limit).map((d) => d._id);
}

async function ask(op: Op, bound: string, dir: 'asc' | 'desc', skip: number, limit: number): Promise<string[]> {
  const req = { selector: { formid: 'A', at: { [op]: bound } }, sort: [{ formid: dir }, { at: dir }], use_index: 'idx', limit, ...(skip ? { skip } : {}) };
  return (await findThroughIndex(db, req)).docs.map((d) => d._id);
}

describe('_find with an exclusive bound through an index', () => {
  it('gives a full limit, descending below the bound and ascending above it', async () => {
    const bound = '2026-01-01T00:05';
    expect(await ask('$lt', bound, 'desc', 0, 6)).toEqual(expected('$lt', bound, 'desc', 0, 6));
    expect(await ask('$lt', bound, 'desc', 0, 6)).toHaveLength(6);
    expect(await ask('$gt', bound, 'asc', 0, 6)).toEqual(expected('$gt', bound, 'asc', 0, 6));
    expect(await ask('$gt', bound, 'asc', 0, 6)).toHaveLength(6);
  });

  it('skips from the first match, not from the bound', async () => {
    const bound = '2026-01-01T00:05';
    expect(await ask('$lt', bound, 'desc', 4, 5)).toEqual(expected('$lt', bound, 'desc', 4, 5));
    expect(await ask('$gt', bound, 'asc', 7, 5)).toEqual(expected('$gt', bound, 'asc', 7, 5));
  });

  it('ends with what the range holds, and answers inclusive bounds as before', async () => {
    expect(await ask('$lt', '2026-01-01T00:02', 'desc', 0, 25)).toEqual(expected('$lt', '2026-01-01T00:02', 'desc', 0, 25));
    expect(await ask('$gt', '2026-01-01T00:09', 'asc', 0, 25)).toEqual([]);
    expect(await ask('$lte', '2026-01-01T00:05', 'desc', 0, 6)).toEqual(expected('$lte', '2026-01-01T00:05', 'desc', 0, 6));
    expect(await ask('$gte', '2026-01-01T00:05', 'asc', 2, 6)).toEqual(expected('$gte', '2026-01-01T00:05', 'asc', 2, 6));
  });
});
