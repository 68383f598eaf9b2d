// The one way a screen reads something once from the server or the device (what is not kept live
// by the change hub: an admin's server pages, a record opened for editing, the browser's push
// state): the answer, whether it is loading and whether it failed, re-read when its keys change
// or on reload(), and an answer that arrives after an unmount or a newer read is dropped.
// Screens never write that bookkeeping themselves (scripts/data-hooks-rule.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DependencyList } from 'react';

export interface QueryState<T> {
  /** The last answer: kept on screen while a newer read is out, undefined before the first. */
  data: T | undefined;
  /** A read is out. */
  loading: boolean;
  /** What the last read threw, undefined when it answered. */
  error: unknown;
  /** Reads again (Try Again, or the newest version after a conflict). */
  reload: () => void;
  /** Changes the held answer at once: what the server has just taken, before a re-read. */
  set: (change: (data: T | undefined) => T | undefined) => void;
}

export interface QueryOptions {
  /** Waits this long after the keys last changed before reading (a search as it is typed). */
  delayMs?: number;
  /** False: no read (the answer stays as it is) until it turns true. */
  enabled?: boolean;
}

export function useQuery<T>(read: () => Promise<T>, keys: DependencyList, opts: QueryOptions = {}): QueryState<T> {
  const fn = useRef(read);
  fn.current = read;
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: unknown }>(() => ({
    data: undefined,
    loading: opts.enabled !== false,
    error: undefined,
  }));
  const [attempt, setAttempt] = useState(0);
  const { delayMs = 0, enabled = true } = opts;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    const run = () => {
      fn.current().then(
        (data) => live && setState({ data, loading: false, error: undefined }),
        (error: unknown) => live && setState((s) => ({ data: s.data, loading: false, error: error ?? new Error('The read failed') })),
      );
    };
    const timer = delayMs > 0 ? setTimeout(run, delayMs) : null;
    if (timer === null) run();
    return () => {
      live = false;
      if (timer !== null) clearTimeout(timer);
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the caller's keys decide, as with useEffect
  }, [enabled, delayMs, attempt, ...keys]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((change: (data: T | undefined) => T | undefined) => setState((s) => ({ ...s, data: change(s.data) })), []);
  return { ...state, reload, set };
}

export type QueryOutcome<T> = { state: 'loading' } | { state: 'failed' } | { state: 'missing' } | { state: 'ready'; data: T };

/** A read of one record (null when there is none) as the four things a screen shows. */
export function outcomeOf<T>(q: QueryState<T | null>): QueryOutcome<T> {
  if (q.loading) return { state: 'loading' };
  if (q.error !== undefined || q.data === undefined) return { state: 'failed' };
  return q.data === null ? { state: 'missing' } : { state: 'ready', data: q.data };
}
