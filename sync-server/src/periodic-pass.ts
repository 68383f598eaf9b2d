// A job a server runs on an interval (the reminders' tick, the upload sweep): one pass at a time,
// so a slow pass is never overtaken by the next one, and a failed pass only logs, since the next
// one tries again. The interval timer is unref'd: it never holds the process open.

export interface PeriodicPass<A extends unknown[], R> {
  /** Runs a pass now, or answers the one running. */
  run(...args: A): Promise<R>;
  /** Ends the interval, then waits for a pass still running. */
  stop(): Promise<void>;
}

export interface PeriodicPassOptions {
  /** Every this many ms; no timer at all when `start` is false (tests run passes by hand). */
  intervalMs: number;
  start?: boolean;
  /** Told when a pass on the interval fails. */
  onError: (err: unknown) => void;
}

export function periodicPass<A extends unknown[], R>(pass: (...args: A) => Promise<R>, opts: PeriodicPassOptions): PeriodicPass<A, R> {
  let running: Promise<R> | null = null;
  const run = (...args: A): Promise<R> => {
    running ??= (async () => {
      try {
        return await pass(...args);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  let timer: ReturnType<typeof setInterval> | null = null;
  if (opts.start !== false) {
    timer = setInterval(() => {
      (run as () => Promise<R>)().catch(opts.onError);
    }, opts.intervalMs);
    timer.unref();
  }
  return {
    run,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
