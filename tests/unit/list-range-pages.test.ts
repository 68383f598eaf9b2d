// listRange reads a list a page at a time (ADR 038): an admin list longer than one
// answer, or one the server cut at its byte budget (ADR 037, `next`), is read whole, each
// document once; before, one `_all_docs` answer was the whole list, silently short when cut.
import { describe, expect, it } from 'vitest';
import { LIST_PAGE_ROWS, listRange, listType } from '../../web/src/data/repos/query.ts';
import type { Database } from '../../web/src/data/pouch.ts';
import { MemoryPouch } from './data-test-env.ts';

let seq = 0;

async function filled(n: number): Promise<Database> {
  const db = new MemoryPouch(`list-range-${process.pid}-${++seq}`, { adapter: 'memory' });
  const docs = Array.from({ length: n }, (_, i) => ({ _id: `event:${String(i).padStart(5, '0')}`, type: 'event', n: i }));
  await db.bulkDocs([...docs, { _id: 'band:1', type: 'band' }, { _id: 'eventx', type: 'other' }]);
  return db;
}

/** The database as a server answers past its budget: at most `cut` rows, then `next`. */
function cutting(db: Database, cut: number): { db: Database; asked: number[] } {
  const asked: number[] = [];
  const wrapped = {
    async allDocs(opts: { limit?: number }) {
      asked.push(opts.limit ?? -1);
      const res = await db.allDocs(opts as never);
      if (res.rows.length <= cut) return res;
      const rows = res.rows.slice(0, cut);
      return { ...res, rows, next: { startkey: rows[rows.length - 1]!.id } };
    },
  } as unknown as Database;
  return { db: wrapped, asked };
}

describe('listRange', () => {
  it('reads a list longer than a page whole, in order, each document once', async () => {
    const db = await filled(LIST_PAGE_ROWS * 2 + 7);
    const items = await listType<{ _id: string; n: number }>(db, 'event');
    expect(items).toHaveLength(LIST_PAGE_ROWS * 2 + 7);
    expect(items.map((d) => d.n)).toEqual(Array.from({ length: LIST_PAGE_ROWS * 2 + 7 }, (_, i) => i));
    expect(items[0]!.id).toBe('00000');
  });

  it('goes on after an answer the server cut at its budget', async () => {
    const { db, asked } = cutting(await filled(120), 50);
    const items = await listType<{ _id: string; n: number }>(db, 'event');
    expect(items.map((d) => d.n)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    expect(asked.length).toBe(3);
  });

  it('keeps to a limit across pages', async () => {
    const { db } = cutting(await filled(200), 30);
    const items = await listRange<{ _id: string; n: number }>(db, 'event:', undefined, 75);
    expect(items.map((d) => d.n)).toEqual(Array.from({ length: 75 }, (_, i) => i));
  });

  it('answers an empty range with one request', async () => {
    const { db, asked } = cutting(await filled(3), 50);
    expect(await listType(db, 'receipt')).toEqual([]);
    expect(asked).toHaveLength(1);
  });
});
