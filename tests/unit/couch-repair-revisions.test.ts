// The start-up repair reads PouchDB's LevelDB layout directly. These tests write poisoned
// databases with pouchdb-node itself, so a PouchDB upgrade that changes the layout fails here.
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_REV_POS } from '../../couch/src/limits.ts';
import { repairRevisionTrees, revTreeProblem } from '../../couch/src/repair-revisions.ts';

const require = createRequire(import.meta.url);
const PouchDB = require('pouchdb-node');
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDb(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), 'fete-repair-'));
  dirs.push(d);
  return path.join(d, 'db');
}

describe('repairRevisionTrees', () => {
  it('removes documents past 2^53 and past the ceiling, keeps the rest, fixes doc_count', async () => {
    const loc = await tempDb();
    const db = new PouchDB(loc, { adapter: 'leveldb' });
    await db.put({ _id: 'good', n: 1 });
    await db.bulkDocs(
      [
        { _id: 'at-ceiling', _rev: `${MAX_REV_POS}-abc` },
        { _id: 'huge', _rev: '9007199254740993-abc' },
        { _id: 'edge', _rev: '9007199254740991-x' },
        { _id: 'past', _rev: `${MAX_REV_POS + 1}-abc` },
        { _id: 'gone', _rev: '9007199254740993-def', _deleted: true },
      ],
      { new_edits: false },
    );
    await db.close();

    const { removed } = await repairRevisionTrees(loc);
    expect(removed.map((r) => r.id).sort()).toEqual(['edge', 'gone', 'huge', 'past']);

    const again = new PouchDB(loc, { adapter: 'leveldb' });
    const changes = await again.changes({ since: 0, style: 'all_docs' });
    expect(changes.results.map((r: { id: string }) => r.id).sort()).toEqual(['at-ceiling', 'good']);
    expect((await again.info()).doc_count).toBe(2);
    expect((await again.put({ _id: 'after', n: 2 })).ok).toBe(true);
    await again.close();
    expect((await repairRevisionTrees(loc)).removed).toEqual([]);
  });

  it('leaves a location with no database alone', async () => {
    const loc = await tempDb();
    expect(await repairRevisionTrees(loc)).toEqual({ removed: [] });
  });

  it('walks a 100,000-deep tree without recursion', () => {
    let node: [string, unknown, unknown[]] = ['leaf', {}, []];
    for (let i = 0; i < 100_000; i++) node = [`r${i}`, {}, [node]];
    expect(revTreeProblem({ rev: '1-x', rev_tree: [{ pos: 1, ids: node as never }], rev_map: { '1-x': 1 } })).toBeNull();
  });
});
