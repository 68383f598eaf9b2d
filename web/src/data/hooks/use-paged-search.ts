// A list the server searches and pages (keyset: each page says where the next begins), as the
// person types: the search is asked for once typing rests, what is shown stays (marked busy)
// until the answer replaces it or adds to it, and an answer to an older request (a search typed
// over, a page of another search) is dropped. The admin screens' server searches use it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DependencyList } from 'react';

export interface SearchPage<T> {
  items: T[];
  /** Where the next page begins; null when the server has no more. */
  next: string | null;
}

export interface PagedSearch<T> {
  /** The search as typed. */
  query: string;
  setQuery: (query: string) => void;
  /** The search the rows answer ('' for all). */
  answered: string;
  items: T[];
  next: string | null;
  /** A page is on its way (the first of a new search, or the next). */
  busy: boolean;
  /** The last page failed: what is shown stays, and more() tries again. */
  failed: boolean;
  /** The rows answer the search as typed: the server has answered it and nothing is out. */
  settled: boolean;
  /** Asks for the next page of the answered search. */
  more: () => void;
}

export interface PagedSearchOptions<P> {
  /** How long typing rests before the server is asked; an emptied search is asked at once. */
  pauseMs: number;
  /** False: nothing is asked until it turns true. */
  enabled?: boolean;
  /** Hears each page that is kept (not a dropped one), with the search and cursor it answers. */
  onPage?: (page: P, query: string, cursor: string | null) => void;
}

interface Listing<T> {
  answered: string;
  items: T[];
  next: string | null;
  busy: boolean;
  failed: boolean;
}

export function usePagedSearch<T, P extends SearchPage<T>>(
  read: (query: string, cursor: string | null) => Promise<P>,
  keys: DependencyList,
  { pauseMs, enabled = true, onPage }: PagedSearchOptions<P>,
): PagedSearch<T> {
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [listing, setListing] = useState<Listing<T>>({ answered: '', items: [], next: null, busy: true, failed: false });
  const asked = useRef(0);
  const fns = useRef({ read, onPage });
  fns.current = { read, onPage };

  useEffect(() => {
    const q = query.trim();
    const t = setTimeout(() => setSearched(q), q === '' ? 0 : pauseMs);
    return () => clearTimeout(t);
  }, [query, pauseMs]);

  const fetchPage = useCallback(async (q: string, cursor: string | null) => {
    const ticket = ++asked.current;
    setListing((l) => ({ ...l, busy: true, failed: false }));
    try {
      const page = await fns.current.read(q, cursor);
      if (ticket !== asked.current) return;
      fns.current.onPage?.(page, q, cursor);
      setListing((l) => ({ answered: q, items: cursor ? [...l.items, ...page.items] : page.items, next: page.next, busy: false, failed: false }));
    } catch {
      if (ticket !== asked.current) return;
      setListing((l) => ({ ...l, busy: false, failed: true }));
    }
  }, []);

  useEffect(() => {
    // A new search (or new keys) takes a new ticket: the older search's pages still out are dropped.
    if (enabled) void fetchPage(searched, null);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the caller's keys decide what the server is asked again for
  }, [enabled, searched, fetchPage, ...keys]);

  const { answered, next } = listing;
  const more = useCallback(() => void fetchPage(answered, next), [fetchPage, answered, next]);
  return { query, setQuery, ...listing, settled: !listing.busy && listing.answered === query.trim(), more };
}
