// A value built from the backend, kept in this process and built again only when what it is built
// from has changed, at most once per `minAgeMs` (the sitemap, ADR 053). It is a cache, not state:
// every server keeps its own, and a restart starts cold.
// - Within `minAgeMs` of the last check the kept value is answered with no backend call at all.
// - After it, one cheap call (`version`, e.g. a database's update_seq) says whether anything
//   changed; only then is the value built again.
// - One check or build runs at a time (single flight): every request meanwhile shares it, and is
//   answered the kept value at once when there is one (stale while rebuilding). Only the first
//   requests, before anything is kept, wait for the build.

export interface CachedBuildOptions<T> {
  /** What the value is built from, as a token that changes when it does; null when it cannot be told (build again). */
  version(): Promise<string | null>;
  build(): Promise<T>;
  minAgeMs: number;
  now?: () => number;
  /** A check or build that failed while a kept value was answered (that value stays, and is checked again after `minAgeMs`). */
  onStaleError?(err: unknown): void;
}

export interface CachedBuild<T> {
  get(): Promise<T>;
}

interface Kept<T> {
  value: T;
  version: string | null;
  /** When the check that kept it began: the next one waits `minAgeMs` from there. */
  checkedAt: number;
}

export function cachedBuild<T>(opts: CachedBuildOptions<T>): CachedBuild<T> {
  const clock = opts.now ?? (() => Date.now());
  let kept: Kept<T> | null = null;
  let running: Promise<Kept<T>> | null = null;

  async function refresh(startedAt: number): Promise<Kept<T>> {
    // The version is read before the build: a change during the build shows at the next check.
    const version = await opts.version();
    if (kept && version !== null && kept.version === version) {
      kept.checkedAt = startedAt;
      return kept;
    }
    kept = { value: await opts.build(), version, checkedAt: startedAt };
    return kept;
  }

  function start(startedAt: number): Promise<Kept<T>> {
    const run = refresh(startedAt);
    running = run;
    // Handled here, so a refresh that nobody waits for never rejects unhandled.
    void run
      .then(undefined, (err: unknown) => {
        if (!kept) return;
        kept.checkedAt = startedAt;
        opts.onStaleError?.(err);
      })
      .finally(() => {
        if (running === run) running = null;
      });
    return run;
  }

  return {
    async get() {
      const now = clock();
      if (kept && now - kept.checkedAt < opts.minAgeMs) return kept.value;
      const run = running ?? start(now);
      if (kept) return kept.value;
      return (await run).value;
    },
  };
}
