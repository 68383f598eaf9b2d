// The dwell of useNearViewport (ADR 042): a picture loads once its element has stayed near the
// viewport for NEAR_VIEWPORT_DWELL_MS, and not when it only passes by. Fake timers and a stand-in
// IntersectionObserver make it exact, with no clock of a busy machine in it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Entry = { target: Element; isIntersecting: boolean };
let report: (entries: Entry[]) => void = () => undefined;

class StandInObserver {
  constructor(callback: (entries: Entry[]) => void) {
    report = callback;
  }
  observe(): void {}
  unobserve(): void {}
}

beforeAll(() => {
  vi.stubGlobal('IntersectionObserver', StandInObserver);
  vi.useFakeTimers();
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('near the viewport, with a dwell', () => {
  it('answers once the element has stayed near for the dwell', async () => {
    const { watchNearViewport, NEAR_VIEWPORT_DWELL_MS } = await import('../../web/src/components/image/use-near-viewport.ts');
    const el = {} as Element;
    const seen = vi.fn();
    watchNearViewport(el, seen);
    report([{ target: el, isIntersecting: true }]);
    vi.advanceTimersByTime(NEAR_VIEWPORT_DWELL_MS - 1);
    expect(seen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('never answers for an element flicked past, nor for one no longer watched', async () => {
    const { watchNearViewport, NEAR_VIEWPORT_DWELL_MS } = await import('../../web/src/components/image/use-near-viewport.ts');
    const flicked = {} as Element;
    const gone = {} as Element;
    const seen = vi.fn();
    watchNearViewport(flicked, seen);
    const stop = watchNearViewport(gone, seen);
    report([{ target: flicked, isIntersecting: true }, { target: gone, isIntersecting: true }]);
    vi.advanceTimersByTime(NEAR_VIEWPORT_DWELL_MS / 2);
    report([{ target: flicked, isIntersecting: false }]);
    stop();
    vi.advanceTimersByTime(10 * NEAR_VIEWPORT_DWELL_MS);
    expect(seen).not.toHaveBeenCalled();
  });
});
