import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveQuery } from '../../web/src/data/live-query.ts';

function changeSource() {
  const listeners = new Set<() => void>();
  return {
    subscribe(fn: () => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    fire() {
      for (const l of listeners) l();
    },
    get size() {
      return listeners.size;
    },
  };
}

describe('createLiveQuery', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once; a change after a quiet spell re-runs at once, the rest of a burst once after 50 ms', async () => {
    vi.useFakeTimers();
    const source = changeSource();
    let runs = 0;
    const results: number[] = [];
    const q = createLiveQuery({ run: async () => ++runs, subscribe: source.subscribe, onResult: (v) => results.push(v) });
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([1]);

    // One change (a chat message arriving): no timer to wait out.
    source.fire();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);

    // A burst: the first change at once, the other nine in one run after the burst.
    for (let i = 0; i < 10; i++) {
      source.fire();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(runs).toBe(3); // still inside the debounce window
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toBe(4);
    expect(results).toEqual([1, 2, 3, 4]);
    q.close();
    expect(source.size).toBe(0);
  });

  it('drops an answer that arrives after a newer run started', async () => {
    vi.useFakeTimers();
    const source = changeSource();
    const resolvers: Array<(v: string) => void> = [];
    const results: string[] = [];
    const q = createLiveQuery<string>({
      run: () => new Promise((resolve) => resolvers.push(resolve)),
      subscribe: source.subscribe,
      onResult: (v) => results.push(v),
    });
    source.fire();
    await vi.advanceTimersByTimeAsync(50);
    expect(resolvers).toHaveLength(2);
    resolvers[1]!('fresh');
    await vi.advanceTimersByTimeAsync(0);
    resolvers[0]!('stale');
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual(['fresh']);
    q.close();
  });

  it('reports errors of the latest run and delivers nothing after close', async () => {
    vi.useFakeTimers();
    const source = changeSource();
    const errors: unknown[] = [];
    const results: number[] = [];
    let fail = true;
    const q = createLiveQuery({
      run: async () => {
        if (fail) throw new Error('boom');
        return 7;
      },
      subscribe: source.subscribe,
      onResult: (v) => results.push(v),
      onError: (e) => errors.push(e),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    fail = false;
    q.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([7]);
    source.fire();
    q.close();
    await vi.advanceTimersByTimeAsync(100);
    expect(results).toEqual([7]);
  });
});
