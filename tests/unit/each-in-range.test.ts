// The server's range reads (Users admin, ratings, contract repair, a member's sent messages)
// go a page at a time and take an answer cut at the embedded engine's byte budget (ADR 037,
// `next`) for what it is: not the end. Before, a cut page ended the Users list silently short.
import { describe, expect, it } from 'vitest';
import { eachInRange, prefixRange } from '../../sync-server/src/workers/couch.ts';
import type { Couch, Doc } from '../../sync-server/src/workers/couch.ts';

/** `_all_docs` over sorted ids, every answer cut after `cut` rows as the byte budget does. */
function fakeCouch(ids: string[], cut: number): { couch: Couch; asked: URLSearchParams[] } {
  const sorted = [...ids].sort();
  const asked: URLSearchParams[] = [];
  const couch: Couch = {
    json: () => Promise.reject(new Error('not used')),
    async maybe<T>(_method: string, path: string): Promise<T | null> {
      const q = new URL(path, 'http://x').searchParams;
      asked.push(q);
      if (path.startsWith('/missing/')) return null;
      const start = q.has('startkey') ? (JSON.parse(q.get('startkey')!) as string) : '';
      const end = q.has('endkey') ? (JSON.parse(q.get('endkey')!) as string) : '\uffff';
      const inRange = sorted.filter((id) => id >= start && id <= end).slice(Number(q.get('skip') ?? 0));
      const rows = inRange.slice(0, Number(q.get('limit')));
      const sent = rows.slice(0, cut);
      const body = { rows: sent.map((id) => ({ id, doc: { _id: id } })), ...(sent.length < rows.length ? { next: { startkey: sent[sent.length - 1] } } : {}) };
      return body as T;
    },
  };
  return { couch, asked };
}

async function idsOf(couch: Couch, db: string, range: { start?: string; end?: string }, batch?: number): Promise<string[]> {
  const seen: string[] = [];
  await eachInRange<Doc>(couch, db, range, (d) => {
    seen.push(d._id);
  }, batch);
  return seen;
}

describe('eachInRange', () => {
  const ids = [...Array.from({ length: 250 }, (_, i) => `account:${String(i).padStart(4, '0')}`), 'profile:a', 'zzz'];

  it('reads every document of the range once, across pages and cut answers', async () => {
    const { couch, asked } = fakeCouch(ids, 40);
    const seen = await idsOf(couch, 'accounts', prefixRange('account:'), 100);
    expect(seen).toEqual(ids.slice(0, 250));
    // 250 documents in answers of at most 40 rows: 7 requests, each after the first skipping the last id.
    expect(asked).toHaveLength(7);
    expect(asked[1]!.get('skip')).toBe('1');
  });

  it('stops at a short page without next, and reads a whole database with no range', async () => {
    const { couch, asked } = fakeCouch(ids, 1000);
    expect(await idsOf(couch, 'accounts', {}, 100)).toEqual(ids);
    expect(asked).toHaveLength(3);
  });

  it('takes a missing database for an empty one', async () => {
    const { couch } = fakeCouch(ids, 10);
    expect(await idsOf(couch, 'missing', prefixRange('account:'))).toEqual([]);
  });
});
