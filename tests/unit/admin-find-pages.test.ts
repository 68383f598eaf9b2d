// findAll pages through an admin `_find` (ADR 037): a page the server cut at its byte
// budget carries `next.skip` and is not the last one, so no match is lost or read twice.
import { describe, expect, it } from 'vitest';
import { findAll } from '../../web/src/data/repos/admin-find.ts';
import type { RepoContext } from '../../web/src/data/repos/context.ts';

/** A server of `total` matches that cuts every answer after `cut` documents, as the byte budget does. */
function server(total: number, cut: number) {
  const asked: { limit: number; skip: number }[] = [];
  const ctx = {
    async api(_path: string, init?: RequestInit) {
      const q = JSON.parse(String(init?.body)) as { limit: number; skip: number };
      asked.push({ limit: q.limit, skip: q.skip });
      const end = Math.min(total, q.skip + q.limit);
      const n = Math.min(end - q.skip, cut);
      const docs = Array.from({ length: Math.max(0, n) }, (_, i) => ({ _id: `d${q.skip + i}` }));
      const next = q.skip + n < end ? { skip: q.skip + n } : undefined;
      return new Response(JSON.stringify({ docs, ...(next ? { next } : {}) }), { status: 200 });
    },
  } as unknown as RepoContext;
  return { ctx, asked };
}

describe('findAll', () => {
  it('goes on after a page the server cut short, and reads every match once', async () => {
    const { ctx, asked } = server(12, 5);
    const docs = await findAll<{ _id: string }>(ctx, 'submissions', { selector: {} }, 10);
    expect(docs.map((d) => d._id)).toEqual(Array.from({ length: 12 }, (_, i) => `d${i}`));
    expect(asked[1]).toEqual({ limit: 10, skip: 5 });
  });

  it('stops at a short page that is not cut, and at `max`', async () => {
    const short = server(7, 100);
    expect(await findAll(short.ctx, 'submissions', { selector: {} }, 10)).toHaveLength(7);
    expect(short.asked).toHaveLength(1);
    const capped = server(50, 3);
    const docs = await findAll<{ _id: string }>(capped.ctx, 'submissions', { selector: {} }, 10, 8);
    expect(docs.map((d) => d._id)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7']);
  });
});
