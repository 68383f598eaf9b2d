// A list's search and filters held in component state (so a keystroke re-renders only this
// screen, at once) and mirrored into the URL query, so Back restores them and a link shares them.
//
// The mirror uses history.replaceState rather than the router's setSearchParams on purpose: a
// router navigation would re-render the whole layout on each keystroke. The router's history entries keep their state
// object (key, index), so Back/Forward and scroll restoration work as before: on popstate the
// router reads the URL we wrote.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** The router's key of the current history entry. */
function historyKey(): unknown {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as { key?: unknown }).key : undefined;
}

export type SetUrlState<T> = (next: T | ((prev: T) => T)) => void;

export function useUrlState<T extends object>(parse: (params: URLSearchParams) => T, serialize: (value: T) => URLSearchParams): [T, SetUrlState<T>] {
  const location = useLocation();
  const [value, setValue] = useState(() => parse(new URLSearchParams(location.search)));
  // The latest value, for updaters called twice before a render.
  const current = useRef(value);
  current.current = value;

  // A router navigation to this same screen (the sidebar link, a shared link) brings its own
  // query: take it over. Our own writes never change the key.
  const key = useRef(location.key);
  useEffect(() => {
    if (key.current === location.key) return;
    key.current = location.key;
    setValue(parse(new URLSearchParams(location.search)));
  }, [location.key, location.search, parse]);

  // The URL is written after the frame that shows the new results (replaceState costs a few
  // milliseconds a call), and only if the person is still on this history entry.
  const timer = useRef<number | null>(null);
  useEffect(() => () => cancelAnimationFrame(timer.current ?? 0), []);
  const update = useCallback<SetUrlState<T>>(
    (nextOrUpdate) => {
      const next = typeof nextOrUpdate === 'function' ? nextOrUpdate(current.current) : nextOrUpdate;
      current.current = next;
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

/**
 * A screen's search and filters as plain text fields, kept in the URL query under their own
 * names; a field at its default is left out of the URL.
 */
export function useQueryState<T extends { [K in keyof T]: string }>(defaults: T): [T, SetUrlState<T>] {
  const [codec] = useState(() => ({
    parse(params: URLSearchParams): T {
      const out: Record<string, string> = { ...defaults };
      for (const key of Object.keys(defaults)) {
        const v = params.get(key);
        if (v !== null) out[key] = v;
      }
      return out as unknown as T;
    },
    serialize(value: T): URLSearchParams {
      const out = new URLSearchParams();
      for (const key of Object.keys(defaults) as Array<keyof T & string>) if (value[key] !== defaults[key]) out.set(key, value[key]);
      return out;
    },
  }));
  return useUrlState(codec.parse, codec.serialize);
}
