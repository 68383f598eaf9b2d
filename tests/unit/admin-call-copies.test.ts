// adminCallFor tells the exclusive writes whether the backend keeps one copy of each database
// (ADR 039): only then may a 201 or a 409 decide a race without reading every copy back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NODES_TRUSTED_MS, adminCallFor } from '../../sync-server/src/backend/admin-call.ts';
import type { Backend } from '../../sync-server/src/backend/backend.ts';

/** A backend whose `/_membership` gives `answer` (a status and its nodes, or a failure to connect). */
function backend(kind: Backend['kind'], answer: () => { status: number; nodes?: string[] } | 'unreachable') {
  const asked: string[] = [];
  const b = {
    kind,
    async adminFetch(path: string) {
      asked.push(path);
      const a = answer();
      if (a === 'unreachable') throw new TypeError('fetch failed');
      return new Response(JSON.stringify({ all_nodes: a.nodes ?? [], cluster_nodes: a.nodes ?? [] }), { status: a.status });
    },
  } as unknown as Backend;
  return { b, asked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('adminCallFor: one copy or a cluster', () => {
  it('the embedded backend keeps one copy, without asking', async () => {
    const { b, asked } = backend('embedded', () => ({ status: 200 }));
    expect(await adminCallFor(b).singleCopy?.()).toBe(true);
    expect(asked).toEqual([]);
  });

  it('an Apache CouchDB of one node keeps one copy; of three nodes, a cluster', async () => {
    expect(await adminCallFor(backend('external', () => ({ status: 200, nodes: ['couchdb@a'] })).b).singleCopy?.()).toBe(true);
    expect(await adminCallFor(backend('external', () => ({ status: 200, nodes: ['couchdb@a', 'couchdb@b', 'couchdb@c'] })).b).singleCopy?.()).toBe(false);
  });

  it('counts as a cluster when asking fails, and asks again next time', async () => {
    let answer: { status: number; nodes?: string[] } | 'unreachable' = 'unreachable';
    const { b, asked } = backend('external', () => answer);
    const call = adminCallFor(b);
    expect(await call.singleCopy?.()).toBe(false);
    answer = { status: 500 };
    expect(await call.singleCopy?.()).toBe(false);
    answer = { status: 200, nodes: ['couchdb@a'] };
    expect(await call.singleCopy?.()).toBe(true);
    expect(asked).toEqual(['/_membership', '/_membership', '/_membership']);
  });

  it('asks once for racing writes, trusts the answer for a minute, then asks again (a node may have joined)', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-06T08:00:00Z') });
    let nodes = ['couchdb@a'];
    const { b, asked } = backend('external', () => ({ status: 200, nodes }));
    const call = adminCallFor(b);
    expect(await Promise.all([call.singleCopy?.(), call.singleCopy?.()])).toEqual([true, true]);
    expect(asked).toHaveLength(1);
    nodes = ['couchdb@a', 'couchdb@b'];
    vi.setSystemTime(Date.now() + NODES_TRUSTED_MS - 1);
    expect(await call.singleCopy?.()).toBe(true);
    vi.setSystemTime(Date.now() + 1);
    expect(await call.singleCopy?.()).toBe(false);
    expect(asked).toHaveLength(2);
  });
});
