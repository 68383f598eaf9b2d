import { afterEach, describe, expect, it, vi } from 'vitest';
import { atMost } from '../../web/src/lib/at-most.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('atMost', () => {
  it('answers with the work when it comes in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    expect(await atMost(Promise.resolve('done'), 100, 'late')).toBe('done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers `late` once the time has passed first', async () => {
    vi.useFakeTimers();
    const answer = atMost(new Promise<string>(() => undefined), 100, 'late');
    await vi.advanceTimersByTimeAsync(99);
    let settled = false;
    void answer.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBe('late');
  });
});
