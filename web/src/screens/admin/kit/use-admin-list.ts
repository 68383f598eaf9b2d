// The list of a catalogue admin page, read from the server (ADR 021): loaded once, reloaded
// quietly after each write, with the change shown at once (patch) in between.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface AdminListState<T> {
  items: T[];
  loading: boolean;
  /** Set when the first load failed: the page shows its Error panel. */
  failed: boolean;
  /** The server has answered at least once: `items` is its list, not the device's first look. */
  fresh: boolean;
  /** Loads again. `quiet` keeps the current list on screen (and on failure). */
  reload(quiet?: boolean): Promise<void>;
  /** Shows a change the server has just taken, before the reload brings it (or if it fails). */
  patch(change: (items: T[]) => T[]): void;
}

/**
 * `first`, when given, is a quicker first look (the device's copy): shown if it comes before
 * the server's answer, which then replaces it. A failed first look is ignored.
 */
export function useAdminList<T>(load: () => Promise<T[]>, first?: () => Promise<T[]>): AdminListState<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [fresh, setFresh] = useState(false);
  // Only the newest answer counts: a slow first load must not overwrite a reload after a save.
  const latest = useRef(0);
  // Set once the server has answered: a first look coming later never replaces its list.
  const answered = useRef(false);

  const reload = useCallback(
    async (quiet = false) => {
      const ticket = ++latest.current;
      if (!quiet) {
        setLoading(true);
        setFailed(false);
      }
      try {
        const list = await load();
        if (ticket !== latest.current) return;
        answered.current = true;
        setItems(list);
        setFresh(true);
        setFailed(false);
      } catch {
        if (ticket !== latest.current) return;
        if (!quiet) setFailed(true);
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [load],
  );

  useEffect(() => {
    const ticket = latest.current + 1;
    void reload();
    if (first) {
      first()
        .then((list) => {
          // Only while the first server read is still out: it always wins.
          if (answered.current || latest.current !== ticket || list.length === 0) return;
          setItems(list);
          setLoading(false);
        })
        .catch(() => undefined);
    }
    return () => {
      latest.current++;
    };
  }, [reload, first]);

  const patch = useCallback((change: (items: T[]) => T[]) => setItems((list) => change(list)), []);
  return { items, loading, failed, fresh, reload, patch };
}
