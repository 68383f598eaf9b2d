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
  /** Says whether an attempt would be allowed, without counting it. */
  peek(key: string, now?: number): Verdict;
  /** Counts an attempt unconditionally (e.g. a failure found after the check). */
  record(key: string, now?: number): void;
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

  function verdict(stamps: number[], now: number): Verdict {
    if (stamps.length < limit) return { allowed: true, retryAfter: 0 };
    const oldest = stamps[stamps.length - limit] as number;
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

  function record(key: string, now = Date.now()): void {
    const stamps = live(key, now);
    entries.delete(key);
    makeRoom(now);
    stamps.push(now);
    if (stamps.length > limit) stamps.splice(0, stamps.length - limit);
    entries.set(key, stamps);
  }

  return {
    hit(key, now = Date.now()) {
      const v = verdict(live(key, now), now);
      if (v.allowed) record(key, now);
      return v;
    },
    peek(key, now = Date.now()) {
      return verdict(live(key, now), now);
    },
    record,
    get size() {
      return entries.size;
    },
  };
}
