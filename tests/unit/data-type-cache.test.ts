// The in-memory list of one document type, brought up to date from the database's changes: what
// it answers must always be what a full read of the type would answer.
import { afterEach, describe, expect, it } from 'vitest';
import { createTypeCache } from '../../web/src/data/repos/type-cache.ts';
import { listType } from '../../web/src/data/repos/query.ts';
import type { Database } from '../../web/src/data/pouch.ts';
import { MemoryPouch } from './data-test-env.ts';

const dbs: Database[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
});
function freshDb(): Database {
  const db = new MemoryPouch(`type-cache-${Math.random().toString(36).slice(2)}`) as unknown as Database;
  dbs.push(db);
  return db;
}
const ids = (list: readonly { _id: string }[]) => list.map((d) => d._id);

describe('type cache', () => {
  it('follows additions, edits and removals of its type, ignores other types, and matches a full read', async () => {
    const db = freshDb();
    await db.bulkDocs([
      { _id: 'message:2026-01-02', content: 'b' },
      { _id: 'message:2026-01-01', content: 'a' },
      { _id: 'like:x', target: 'x' },
    ]);
    const cache = createTypeCache<{ _id: string; content?: string }>('message');
    expect(ids(await cache.list(db))).toEqual(['message:2026-01-01', 'message:2026-01-02']);

    const b = await db.get('message:2026-01-02');
    await db.put({ ...b, content: 'b, edited' });
    await db.put({ _id: 'message:2026-01-00', content: 'first' });
    await db.remove(await db.get('message:2026-01-01'));
    await db.put({ _id: 'like:y', target: 'y' });

    const list = await cache.list(db);
    expect(list.map((m) => [m._id, m.content])).toEqual([
      ['message:2026-01-00', 'first'],
      ['message:2026-01-02', 'b, edited'],
    ]);
    expect(list).toEqual(await listType(db, 'message'));
  });

  it('reads a new database from scratch (sign-in swaps the member databases)', async () => {
    const one = freshDb();
    const two = freshDb();
    await one.put({ _id: 'message:1', content: 'one' });
    await two.put({ _id: 'message:2', content: 'two' });
    const cache = createTypeCache<{ _id: string }>('message');
    expect(ids(await cache.list(one))).toEqual(['message:1']);
    expect(ids(await cache.list(two))).toEqual(['message:2']);
  });

  it('answers calls made at once in order, each seeing the writes made before it', async () => {
    const db = freshDb();
    const cache = createTypeCache<{ _id: string }>('message');
    const first = cache.list(db);
    await db.put({ _id: 'message:1' });
    const second = cache.list(db);
    expect(ids(await second)).toEqual(['message:1']);
    await first;
  });
});
