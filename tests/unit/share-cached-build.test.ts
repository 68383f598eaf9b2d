// The sitemap's cache (ADR 053): one build for concurrent callers, a version check at most once per
// minimum age, the kept value while a rebuild runs or after one fails, and a cold failure retried.
import { describe, expect, it } from 'vitest';
import { cachedBuild } from '../../sync-server/src/share/cached-build.ts';

function source() {
  const s = { version: 'v1', builds: 0, checks: 0, fail: false, release: null as null | (() => void), hold: false, clock: 0 };
  const cache = cachedBuild<string>({
    minAgeMs: 60_000,
    now: () => s.clock,
    version: async () => {
      s.checks++;
      return s.version;
    },
    build: async () => {
      s.builds++;
      if (s.hold) await new Promise<void>((r) => (s.release = r));
      if (s.fail) throw new Error('down');
      return `built ${s.version}`;
    },
  });
  return { s, cache };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('cachedBuild', () => {
  it('builds once for callers that come together, and not again until the version changes after the minimum age', async () => {
    const { s, cache } = source();
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(['built v1', 'built v1', 'built v1']);
    expect(s.builds).toBe(1);
    s.version = 'v2';
    s.clock = 59_999;
    expect(await cache.get()).toBe('built v1');
    expect(s.checks).toBe(1);
    s.clock = 60_000;
    s.hold = true;
    // Stale while rebuilding, for every caller meanwhile.
    expect(await Promise.all([cache.get(), cache.get()])).toEqual(['built v1', 'built v1']);
    await settle();
    expect(s.builds).toBe(2);
    s.release?.();
    await settle();
    expect(await cache.get()).toBe('built v2');
    s.hold = false;
    s.clock = 200_000;
    await cache.get();
    await settle();
    expect(s.builds).toBe(2);
    expect(s.checks).toBe(3);
  });

  it('keeps the last value when a rebuild fails, and a cold failure is tried again by the next caller', async () => {
    const { s, cache } = source();
    s.fail = true;
    await expect(cache.get()).rejects.toThrow('down');
    s.fail = false;
    expect(await cache.get()).toBe('built v1');
    s.version = 'v2';
    s.fail = true;
    s.clock = 60_000;
    expect(await cache.get()).toBe('built v1');
    await settle();
    expect(await cache.get()).toBe('built v1');
    expect(s.builds).toBe(3);
    s.fail = false;
    s.clock = 120_000;
    await cache.get();
    await settle();
    expect(await cache.get()).toBe('built v2');
  });
});
