// Image sources that failed to load, remembered for a while so a picture that is missing (a
// removed upload, or no copy on the device while offline) is not asked for again on every render
// of every card that shows it: each new card would wait for the failure again before its
// fallback, and a search re-renders dozens of cards a keystroke. Forgotten after FORGET_MS, and
// all at once when the device comes back online, so a picture missing only offline loads then.
export const FORGET_MS = 5 * 60_000;

const failedAt = new Map<string, number>();

/** Remembers that `src` failed to load. */
export function markFailed(src: string, now = Date.now()): void {
  failedAt.delete(src);
  failedAt.set(src, now);
  // Oldest first: drop what is past its time, so the map holds at most a few minutes' failures.
  for (const [s, at] of failedAt) {
    if (now - at < FORGET_MS) break;
    failedAt.delete(s);
  }
}

/** Where to start in `sources`: the first one not known to fail (the last, the default, always counts). */
export function firstUsable(sources: readonly string[], now = Date.now()): number {
  const last = sources.length - 1;
  for (let i = 0; i < last; i++) {
    const at = failedAt.get(sources[i] as string);
    if (at === undefined || now - at >= FORGET_MS) return i;
  }
  return Math.max(0, last);
}

/** Forgets every failure (the device is back online). */
export function forgetFailures(): void {
  failedAt.clear();
}

if (typeof window !== 'undefined') window.addEventListener('online', forgetFailures);
