// A list's search and filters held in component state (so a keystroke re-renders only this
// screen, at once) and mirrored into the URL query, so Back restores them and a link shares them.
//
// The mirror uses history.replaceState rather than the router's setSearchParams on purpose: a
// router navigation gets a new location key, and the layout moves focus to <main> on every new
// key (root-layout.tsx), which would pull focus out of the search box on each keystroke; it would
// also re-render the whole layout per keystroke. The router's history entries keep their state
// object (key, index), so Back/Forward and scroll restoration work as before: on popstate the
// router reads the URL we wrote.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** The router's key of the current history entry. */
function historyKey(): unknown {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as { key?: unknown }).key : undefined;
}

export function useUrlState<T>(parse: (params: URLSearchParams) => T, serialize: (value: T) => URLSearchParams): [T, (next: T) => void] {
  const location = useLocation();
  const [value, setValue] = useState(() => parse(new URLSearchParams(location.search)));

  // A router navigation to this same screen (the sidebar link, a shared link) brings its own
  // query: take it over. Our own writes never change the key.
  const key = useRef(location.key);
  useEffect(() => {
    if (key.current === location.key) return;
    key.current = location.key;
    setValue(parse(new URLSearchParams(location.search)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per router navigation
  }, [location.key]);

  // The URL is written after the frame that shows the new results (replaceState costs a few
  // milliseconds a call), and only if the person is still on this history entry.
  const timer = useRef<number | null>(null);
  useEffect(() => () => cancelAnimationFrame(timer.current ?? 0), []);
  const update = useCallback(
    (next: T) => {
      setValue(next);
      const qs = serialize(next).toString();
      const path = window.location.pathname;
      const entry = historyKey();
      cancelAnimationFrame(timer.current ?? 0);
      timer.current = requestAnimationFrame(() => {
        setTimeout(() => {
          if (window.location.pathname !== path || historyKey() !== entry) return;
          const url = `${path}${qs ? `?${qs}` : ''}${window.location.hash}`;
          if (url !== `${path}${window.location.search}${window.location.hash}`) window.history.replaceState(window.history.state, '', url);
        });
      });
    },
    [serialize],
  );

  return [value, update];
}
