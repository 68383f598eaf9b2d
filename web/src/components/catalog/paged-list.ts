// Long lists render a page at a time: 5,000 local events must not mean 5,000 cards at once.
// More come with the "Show more" button or when its sentinel scrolls into view.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

export const PAGE_SIZE = 48;

export interface PagedList<T> {
  visible: T[];
  hasMore: boolean;
  remaining: number;
  showMore: () => void;
  /** Attach to an element after the list: more load when it comes near the viewport. */
  sentinelRef: (el: HTMLElement | null) => void;
}

// How far each history entry's list was shown, so Back shows as many cards as before and the
// scroll position can be restored into them.
const shownPerEntry = new Map<string, number>();
const MAX_REMEMBERED = 50;

/** `resetKey` changes when the filters do: back to the first page. */
export function usePagedList<T>(items: readonly T[], resetKey: string, pageSize = PAGE_SIZE): PagedList<T> {
  const entry = `${useLocation().key}\n${resetKey}`;
  const [state, setState] = useState(() => ({ key: resetKey, count: shownPerEntry.get(entry) ?? pageSize }));
  const count = state.key === resetKey ? state.count : pageSize;
  useEffect(() => {
    if (count <= pageSize) return;
    shownPerEntry.delete(entry);
    shownPerEntry.set(entry, count);
    if (shownPerEntry.size > MAX_REMEMBERED) shownPerEntry.delete(shownPerEntry.keys().next().value as string);
  }, [entry, count, pageSize]);
  const showMore = useCallback(() => setState((s) => ({ key: resetKey, count: (s.key === resetKey ? s.count : pageSize) + pageSize })), [resetKey, pageSize]);

  const observer = useRef<IntersectionObserver | null>(null);
  const more = useRef(showMore);
  more.current = showMore;
  const sentinelRef = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) more.current();
    }, { rootMargin: '600px 0px' });
    observer.current.observe(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);

  return {
    visible: items.slice(0, count),
    hasMore: items.length > count,
    remaining: Math.max(0, items.length - count),
    showMore,
    sentinelRef,
  };
}
