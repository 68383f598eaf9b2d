// A detail page's item from the local catalogue, and whether to say 'Loading…' or 'not found':
// while the very first pull is still running, a missing item is not yet "not found".
import { useEffect } from 'react';
import type { DependencyList } from 'react';
import { useLiveQuery, useSyncStatus } from '../../data/react.ts';

export type ItemPhase = 'loading' | 'found' | 'not-found';

export interface CatalogItemState<T> {
  phase: ItemPhase;
  item: T | null;
  /** Not found while offline: it may simply not be on this device yet. */
  offline: boolean;
}

export function itemPhase(opts: { loading: boolean; found: boolean; syncState: string; everSynced: boolean }): ItemPhase {
  if (opts.found) return 'found';
  if (opts.loading) return 'loading';
  if (!opts.everSynced && opts.syncState === 'syncing') return 'loading';
  return 'not-found';
}

/** Inactive items are not shown to the public: they count as not found. */
export function useCatalogItem<T extends { active?: boolean }>(load: () => Promise<T | null>, deps: DependencyList): CatalogItemState<T> {
  const q = useLiveQuery(load, deps, { dbs: ['catalog'] });
  const sync = useSyncStatus();
  const item = q.data && q.data.active !== false ? q.data : null;
  const phase = itemPhase({ loading: q.loading && q.data === undefined, found: item !== null, syncState: sync.state, everSynced: sync.lastSyncedAt !== null });
  return { phase, item, offline: sync.state === 'offline' };
}

// The last answer of each list, so that Back renders the list at once and the browser can
// restore the scroll position (it cannot scroll a page that is still 'Loading...').
const lastAnswers = new Map<string, unknown[]>();

/**
 * A list's items from the local catalogue: loaded once, re-read when the catalogue changes.
 * `cacheKey` names the list (e.g. 'events'): its last answer shows first on the next visit.
 */
export function useCatalogList<T>(load: () => Promise<T[]>, cacheKey?: string): { items: T[]; loading: boolean } {
  const cached = cacheKey ? (lastAnswers.get(cacheKey) as T[] | undefined) : undefined;
  const q = useLiveQuery(load, [cacheKey], { dbs: ['catalog'], initialData: cached });
  useEffect(() => {
    if (cacheKey && q.data) lastAnswers.set(cacheKey, q.data);
  }, [cacheKey, q.data]);
  return { items: q.data ?? NONE, loading: q.loading && q.data === undefined };
}
const NONE: never[] = [];
