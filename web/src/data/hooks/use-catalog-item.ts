// The catalogue's two readers, which the named hooks (use-events.ts, use-bands.ts, …) are built on:
// a detail page's item from the local catalogue, and whether to say 'Loading…' or 'not found'
// (while the very first pull is still running, a missing item is not yet "not found"); and a
// list's items, kept for the next visit.
import { useEffect, useRef } from 'react';
import type { DependencyList } from 'react';
import { useLiveQuery, useSyncStatus } from '../react.ts';

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
const lastAnswers = new Map<string, readonly Revisioned[]>();

interface Revisioned {
  _id: string;
  _rev?: string;
}

/** The same documents at the same revisions, in the same order. */
export function sameRevisions(a: readonly Revisioned[], b: readonly Revisioned[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Revisioned;
    const y = b[i] as Revisioned;
    if (x._id !== y._id || x._rev !== y._rev) return false;
  }
  return true;
}

/**
 * A list's items from the local catalogue: loaded once, re-read when the catalogue changes.
 * `cacheKey` names the list (e.g. 'events'): its last answer shows first on the next visit. A
 * re-read that finds the same revisions keeps the previous array, so cards do not re-render.
 */
export function useCatalogList<T extends Revisioned>(load: () => Promise<T[]>, cacheKey?: string): { items: readonly T[]; loading: boolean } {
  const cached = cacheKey ? (lastAnswers.get(cacheKey) as readonly T[] | undefined) : undefined;
  const q = useLiveQuery<readonly T[]>(load, [cacheKey], { dbs: ['catalog'], initialData: cached });
  const kept = useRef<readonly T[] | undefined>(cached);
  const items = q.data !== undefined && kept.current !== undefined && sameRevisions(kept.current, q.data) ? kept.current : q.data;
  useEffect(() => {
    kept.current = items;
    if (cacheKey && items) lastAnswers.set(cacheKey, items);
  }, [cacheKey, items]);
  return { items: items ?? NONE, loading: items === undefined };
}
const NONE: never[] = [];
