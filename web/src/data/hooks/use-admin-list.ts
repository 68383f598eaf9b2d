// The list of an admin page, read from the server (ADR 021): loaded once, reloaded quietly
// after each write, with the change shown at once (patch) in between. Online by design: admins'
// pages read the server, not a synced copy; a page may offer the device's copy as a first look.
// Here, below the screens, so every admin screen reading a server list shares one hook.
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the server waits for the device's first look at most. */
export const FIRST_LOOK_GRACE_MS = 300;

export interface AdminListState<T> {
  items: T[];
  loading: boolean;
  /** Set when the first load failed: the page shows its Error panel. */
  failed: boolean;
  /** The server has answered at least once: `items` is its list, not the device's first look. */
  fresh: boolean;
  /** `items` is still the saved first page (`initial`): the device and the server have not answered. */
  partial: boolean;
  /** Loads again. `quiet` keeps the current list on screen (and on failure). */
  reload(quiet?: boolean): Promise<void>;
  /** Shows a change the server has just taken, before the reload brings it (or if it fails). */
  patch(change: (items: T[]) => T[]): void;
}

/**
 * `first`, when given, is a quicker first look (the device's copy): shown at once, then the
 * server is asked and its answer replaces it. A failed or empty first look is skipped.
 */
export function useAdminList<T>(load: () => Promise<T[]>, first?: () => Promise<T[]>, initial?: T[] | null): AdminListState<T> {
  const [items, setItems] = useState<T[]>(() => initial ?? []);
  const [partial, setPartial] = useState(() => (initial?.length ?? 0) > 0);
  const [loading, setLoading] = useState(() => !((initial?.length ?? 0) > 0));
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
        setPartial(false);
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
    let live = true;
    const stop = () => {
      live = false;
      latest.current++;
    };
    if (!first) {
      void reload();
      return stop;
    }
    // The device's copy first, then the server: read together, thousands of documents decoded
    // on the one main thread, the first rows waited for both (npm run bench -- admin-events).
    // A device read still out after a moment (a sync writing) no longer holds the server back.
    const start = latest.current;
    let asked = false;
    const ask = () => {
      if (!live || asked || latest.current !== start) return;
      asked = true;
      void reload();
    };
    const late = setTimeout(ask, FIRST_LOOK_GRACE_MS);
    first()
      .then((list) => {
        // Not once the server has answered or a save has asked again: theirs is newer.
        if (!live || answered.current || latest.current !== start + (asked ? 1 : 0) || list.length === 0) return;
        setItems(list);
        setPartial(false);
        setLoading(false);
      })
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(late);
        ask();
      });
    return () => {
      clearTimeout(late);
      stop();
    };
  }, [reload, first]);

  const patch = useCallback((change: (items: T[]) => T[]) => setItems((list) => change(list)), []);
  return { items, loading, failed, fresh, partial, reload, patch };
}
