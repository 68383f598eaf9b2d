import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodicPass } from '../../sync-server/src/periodic-pass.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('periodicPass', () => {
  it('runs one pass at a time: a call while one runs gets that same pass', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const loop = periodicPass(
      () => {
        calls++;
        return new Promise<number>((resolve) => {
          release = () => resolve(calls);
        });
      },
      { intervalMs: 1000, start: false, onError: () => undefined },
    );
    const a = loop.run();
    const b = loop.run();
    expect(a).toBe(b);
    release();
    expect(await a).toBe(1);
    // Once it ended, the next call starts a new pass.
    const c = loop.run();
    release();
    expect(await c).toBe(2);
    expect(calls).toBe(2);
  });

  it('passes its arguments on, and a failed pass on the interval is reported, not thrown', async () => {
    vi.useFakeTimers();
    const seen: unknown[] = [];
    const errors: unknown[] = [];
    const loop = periodicPass(
      (at: number = -1) => {
        seen.push(at);
        return Promise.reject(new Error('down'));
      },
      { intervalMs: 1000, onError: (err) => errors.push(err) },
    );
    await expect(loop.run(7)).rejects.toThrow('down');
    await vi.advanceTimersByTimeAsync(2500);
    expect(seen).toEqual([7, -1, -1]);
    expect(errors).toHaveLength(2);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toHaveLength(3);
  });

  it('stop waits for the pass still running', async () => {
    let finished = false;
    let release: () => void = () => undefined;
    const loop = periodicPass(
      async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        finished = true;
      },
      { intervalMs: 1000, start: false, onError: () => undefined },
    );
    void loop.run();
    const stopped = loop.stop();
    release();
    await stopped;
    expect(finished).toBe(true);
  });
});
