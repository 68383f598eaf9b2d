import { describe, expect, it } from 'vitest';
import { createSlidingWindow } from '../../sync-server/src/rate-limit/sliding-window.ts';

describe('sliding window', () => {
  it('allows the limit within the window and refuses the next, with Retry-After', () => {
    const w = createSlidingWindow({ limit: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    expect(w.hit('a', t0).allowed).toBe(true);
    expect(w.hit('a', t0 + 1000).allowed).toBe(true);
    expect(w.hit('a', t0 + 2000).allowed).toBe(true);
    const refused = w.hit('a', t0 + 3000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBe(57);
    // Other keys are counted separately.
    expect(w.hit('b', t0 + 3000).allowed).toBe(true);
  });

  it('slides: an attempt leaves the window exactly when it is older than the window', () => {
    const w = createSlidingWindow({ limit: 2, windowMs: 10_000 });
    w.hit('k', 0);
    w.hit('k', 5_000);
    expect(w.hit('k', 9_999).allowed).toBe(false);
    expect(w.hit('k', 10_000).allowed).toBe(true);
    expect(w.hit('k', 14_999).allowed).toBe(false);
    expect(w.hit('k', 15_000).allowed).toBe(true);
  });

  it('refused attempts do not extend the wait', () => {
    const w = createSlidingWindow({ limit: 1, windowMs: 10_000 });
    w.hit('k', 0);
    for (let t = 1000; t < 10_000; t += 1000) expect(w.hit('k', t).allowed).toBe(false);
    expect(w.hit('k', 10_000).allowed).toBe(true);
  });

  it('peek does not count; record counts without asking', () => {
    const w = createSlidingWindow({ limit: 2, windowMs: 10_000 });
    expect(w.peek('k', 0).allowed).toBe(true);
    expect(w.peek('k', 0).allowed).toBe(true);
    w.record('k', 1);
    w.record('k', 2);
    w.record('k', 3);
    expect(w.peek('k', 4).allowed).toBe(false);
    expect(w.peek('k', 10_003).allowed).toBe(true);
  });

  it('keeps memory bounded: at most maxKeys keys, least recently touched dropped first', () => {
    const w = createSlidingWindow({ limit: 5, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) w.hit(`ip-${i}`, i);
    expect(w.size).toBeLessThanOrEqual(100);
    // The most recent keys are still counted.
    for (let n = 0; n < 4; n++) w.hit('ip-9999', 10_000);
    expect(w.hit('ip-9999', 10_000).allowed).toBe(false);
  });

  it('forgets keys whose attempts all left the window', () => {
    const w = createSlidingWindow({ limit: 5, windowMs: 1000, maxKeys: 10 });
    for (let i = 0; i < 10; i++) w.hit(`old-${i}`, 0);
    w.hit('fresh', 5000);
    expect(w.size).toBe(1);
    expect(w.peek('old-1', 5000).allowed).toBe(true);
  });
});

describe('a sliding window counting several at once (a batch of documents)', () => {
  it('peeks and records n attempts, says when n more fit, and never fits more than the limit', () => {
    const w = createSlidingWindow({ limit: 5, windowMs: 60_000 });
    expect(w.peek('k', 0, 5)).toEqual({ allowed: true, retryAfter: 0 });
    w.record('k', 0, 3);
    w.record('k', 10_000, 2);
    // Full: one more fits when the first three leave (at 60 s); three more, too.
    expect(w.peek('k', 20_000, 1)).toEqual({ allowed: false, retryAfter: 40 });
    expect(w.peek('k', 20_000, 3)).toEqual({ allowed: false, retryAfter: 40 });
    // Four more need the last two gone as well (at 70 s).
    expect(w.peek('k', 20_000, 4)).toEqual({ allowed: false, retryAfter: 50 });
    expect(w.peek('k', 20_000, 6)).toEqual({ allowed: false, retryAfter: 60 });
    expect(w.peek('k', 60_001, 3)).toEqual({ allowed: true, retryAfter: 0 });
    w.record('k', 60_001, 0);
    expect(w.peek('k', 60_001, 4).allowed).toBe(false);
  });
});
