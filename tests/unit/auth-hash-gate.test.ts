import { describe, expect, it } from 'vitest';
import { HashGate } from '../../sync-server/src/auth/hash-gate.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('HashGate', () => {
  it('runs at most maxRunning at once, queues maxWaiting, and refuses the rest at once', async () => {
    const gate = new HashGate(2, 1);
    const blockers = [deferred(), deferred(), deferred()];
    let active = 0;
    let peak = 0;
    const work = (d: { promise: Promise<void> }) => async () => {
      active++;
      peak = Math.max(peak, active);
      await d.promise;
      active--;
      return 'done';
    };
    const a = gate.run(work(blockers[0]!));
    const b = gate.run(work(blockers[1]!));
    const c = gate.run(work(blockers[2]!));
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    // Full: refused without waiting for anything.
    expect(await gate.run(async () => 'never')).toBeNull();
    blockers[0]!.resolve();
    expect(await a).toEqual({ value: 'done' });
    blockers[1]!.resolve();
    blockers[2]!.resolve();
    expect(await Promise.all([b, c])).toEqual([{ value: 'done' }, { value: 'done' }]);
    expect(peak).toBe(2);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work throws', async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(async () => 1)).toEqual({ value: 1 });
  });
});
