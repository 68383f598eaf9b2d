// The small pure pieces of the workers: rating ids and figures, copies, error kinds, paths.
import { describe, expect, it } from 'vitest';
import { aggregate, parseRatingId, ratingsWorker } from '../../sync-server/src/workers/ratings.ts';
import type { Couch } from '../../sync-server/src/workers/couch.ts';
import { copyOf } from '../../sync-server/src/workers/docs.ts';
import { BackendError, docPath, isTransient } from '../../sync-server/src/workers/couch.ts';

describe('ratings', () => {
  it('reads the target out of a rating id', () => {
    expect(parseRatingId('rating:provider:abc123:user9')).toEqual({ type: 'provider', id: 'abc123' });
    expect(parseRatingId('rating:band:6f1c-22:u')).toEqual({ type: 'band', id: '6f1c-22' });
    expect(parseRatingId('rating:restaurant:abc:u')).toBeNull();
    expect(parseRatingId('rating:band:abc')).toBeNull();
    expect(parseRatingId('attendance:band:abc:u')).toBeNull();
  });

  it('keeps the exact mean to 2 decimals and ignores values out of range', () => {
    expect(aggregate([5, 4, 4])).toEqual({ rating: 4.33, total_ratings: 3 });
    expect(aggregate([1, 2])).toEqual({ rating: 1.5, total_ratings: 2 });
    expect(aggregate([5, 0, 9, 'x', null, undefined])).toEqual({ rating: 5, total_ratings: 1 });
    expect(aggregate([])).toEqual({ rating: 0, total_ratings: 0 });
  });

  it('retries rather than write figures from a copy that has not seen the changes yet', async () => {
    // What the range read returns (a cluster reads it from one copy), and what was written.
    let rows: { _id: string; _rev: string; rating: number }[] = [{ _id: 'rating:band:b1:u1', _rev: '1-a', rating: 5 }];
    const writes: unknown[] = [];
    const couch: Couch = {
      json: async () => { throw new Error('not used'); },
      maybe: async <T,>(method: string, path: string, body?: unknown) => {
        if (path.includes('_all_docs')) return { rows: rows.map((doc) => ({ id: doc._id, doc })) } as T;
        if (method === 'GET') return { _id: 'band:b1', _rev: '3-x', rating: 5, total_ratings: 1 } as T;
        writes.push(body);
        return { ok: true } as T;
      },
    };
    const worker = ratingsWorker(couch);
    const added = { id: 'rating:band:b1:u2', seq: '2', changes: [{ rev: '1-b' }] };
    await expect(worker.process('members', [added])).rejects.toThrow(/do not show rating:band:b1:u2/);
    const changed = { id: 'rating:band:b1:u1', seq: '3', changes: [{ rev: '2-c' }] };
    await expect(worker.process('members', [changed])).rejects.toThrow(/do not show rating:band:b1:u1/);
    const gone = { id: 'rating:band:b1:u1', seq: '4', deleted: true, changes: [{ rev: '3-d' }] };
    await expect(worker.process('members', [gone])).rejects.toThrow(/do not show rating:band:b1:u1/);
    expect(writes).toEqual([]);

    rows = [{ _id: 'rating:band:b1:u2', _rev: '1-b', rating: 4 }];
    await worker.process('members', [added, gone]);
    expect(writes).toEqual([expect.objectContaining({ _id: 'band:b1', rating: 4, total_ratings: 1 })]);
  });
});

describe('copies', () => {
  it('keep the id and fields, drop the revision state', () => {
    expect(copyOf({ _id: 'submission:1', _rev: '2-a', _revisions: { start: 2, ids: ['a', 'b'] }, _conflicts: ['2-c'], type: 'submission', status: 'pending' })).toEqual({
      _id: 'submission:1',
      type: 'submission',
      status: 'pending',
    });
  });
});

describe('couch helpers', () => {
  it('count server trouble and races as transient, document faults as not', () => {
    expect(isTransient(new BackendError(503, null, 'x'))).toBe(true);
    expect(isTransient(new BackendError(409, null, 'x'))).toBe(true);
    expect(isTransient(new BackendError(403, null, 'x'))).toBe(false);
    expect(isTransient(new BackendError(400, null, 'x'))).toBe(false);
    expect(isTransient(new TypeError('fetch failed'))).toBe(true);
    expect(isTransient(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });

  it('keep _local/ as a path segment and encode the rest', () => {
    expect(docPath('userdb-61', '_local/worker-fan-in')).toBe('/userdb-61/_local/worker-fan-in');
    expect(docPath('receipts', '_local/mirror-owner:receipt:1')).toBe('/receipts/_local/mirror-owner%3Areceipt%3A1');
    expect(docPath('catalog', 'provider:a b')).toBe('/catalog/provider%3Aa%20b');
  });
});
