// An in-memory sliding-window limiter. It keeps at most `limit` timestamps per key and at
// most `maxKeys` keys (least recently touched go first), so memory stays bounded however
// many addresses or e-mails an attacker cycles through. One process holds it; replicas
// behind a load balancer would each count on their own.

export interface Verdict {
  allowed: boolean;
  /** Whole seconds until the oldest counted attempt leaves the window (0 when allowed). */
  retryAfter: number;
}

export interface SlidingWindow {
  /** Counts an attempt if the key is under its limit. */
  hit(key: string, now?: number): Verdict;
  /** Says whether `n` attempts (one by default) would be allowed, without counting them. */
  peek(key: string, now?: number, n?: number): Verdict;
  /** Counts `n` attempts (one by default) unconditionally (e.g. a failure found after the check). */
  record(key: string, now?: number, n?: number): void;
  readonly size: number;
}

export interface WindowOptions {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}

export function createSlidingWindow(opts: WindowOptions): SlidingWindow {
  const { limit, windowMs } = opts;
  const maxKeys = opts.maxKeys ?? 50_000;
  const entries = new Map<string, number[]>();

  function live(key: string, now: number): number[] {
    const stamps = entries.get(key);
    if (!stamps) return [];
    const cutoff = now - windowMs;
    let drop = 0;
    while (drop < stamps.length && (stamps[drop] as number) <= cutoff) drop++;
    if (drop > 0) stamps.splice(0, drop);
    if (stamps.length === 0) entries.delete(key);
    return stamps;
  }

  function verdict(stamps: number[], now: number, n = 1): Verdict {
    if (stamps.length + n <= limit) return { allowed: true, retryAfter: 0 };
    // More at once than the window ever holds: a whole window, and still never all of them.
    if (n > limit) return { allowed: false, retryAfter: Math.ceil(windowMs / 1000) };
    // The attempt whose leaving makes room for `n` more.
    const oldest = stamps[stamps.length + n - 1 - limit] as number;
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
  }

  function makeRoom(now: number): void {
    if (entries.size < maxKeys) return;
    const cutoff = now - windowMs;
    for (const [k, stamps] of entries) {
      if ((stamps[stamps.length - 1] as number) <= cutoff) entries.delete(k);
    }
    // Map order is least recently touched first, because record() re-inserts the key.
    for (const k of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(k);
    }
  }

  function record(key: string, now = Date.now(), n = 1): void {
    if (n <= 0) return;
    const stamps = live(key, now);
    entries.delete(key);
    makeRoom(now);
    for (let i = 0; i < n; i++) stamps.push(now);
    if (stamps.length > limit) stamps.splice(0, stamps.length - limit);
    entries.set(key, stamps);
  }

  return {
    hit(key, now = Date.now()) {
      const v = verdict(live(key, now), now);
      if (v.allowed) record(key, now);
      return v;
    },
    peek(key, now = Date.now(), n = 1) {
      return verdict(live(key, now), now, n);
    },
    record,
    get size() {
      return entries.size;
    },
  };
}
