// The React-free core of useLiveQuery: runs a query, re-runs it when its databases change, and
// drops answers that arrive after a newer run started, so a slow early answer never overwrites a
// fresh one. A change after a quiet spell re-runs at once (a chat message shows without waiting
// out a timer, ADR 025); the rest of a burst is debounced, so a replication batch of 1000 docs
// costs two re-runs, not 1000.

export interface LiveQueryOptions<T> {
  run: () => Promise<T>;
  /** Calls `onChange` whenever the query's data may have changed; returns an unsubscribe. */
  subscribe: (onChange: () => void) => () => void;
  onResult: (value: T) => void;
  onError?: (err: unknown) => void;
  debounceMs?: number;
}

export interface LiveQuery {
  /** Runs again now (e.g. after the inputs changed). */
  refresh(): void;
  close(): void;
}

export const LIVE_QUERY_DEBOUNCE_MS = 50;

export function createLiveQuery<T>(opts: LiveQueryOptions<T>): LiveQuery {
  const debounceMs = opts.debounceMs ?? LIVE_QUERY_DEBOUNCE_MS;
  let seq = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function execute() {
    if (closed) return;
    const mine = ++seq;
    let result: Promise<T>;
    try {
      result = opts.run();
    } catch (err) {
      result = Promise.reject(err);
    }
    result.then(
      (value) => {
        if (!closed && mine === seq) opts.onResult(value);
      },
      (err: unknown) => {
        if (!closed && mine === seq) opts.onError?.(err);
      },
    );
  }

  let lastChange = Number.NEGATIVE_INFINITY;

  function schedule() {
    if (closed) return;
    const at = Date.now();
    const quiet = timer === null && at - lastChange >= debounceMs;
    lastChange = at;
    if (quiet) {
      execute();
      return;
    }
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      execute();
    }, debounceMs);
  }

  const unsubscribe = opts.subscribe(schedule);
  execute();

  return {
    refresh() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      execute();
    },
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
    },
  };
}
