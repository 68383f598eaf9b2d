// Every event on the device for the Fete Guide and Fete Travel, read once and kept live. Reading
// 5,000 events out of IndexedDB is most of a list's start-up time, so the last answer is kept
// for the next visit (per data layer): coming back to a list renders at once, while the live
// query re-reads behind it. A re-read that finds the same revisions keeps the old array, so the
// cards do not re-render for nothing.
import { useEffect, useMemo, useState } from 'react';
import { readSnapshot, saveSnapshot } from './event-list-snapshot.ts';
import type { DataLayer } from '../../data/index.ts';
import { useDataLayer, useLiveQuery } from '../../data/react.ts';
import type { Event } from '../../data/repos/events.ts';

const lastRead = new WeakMap<DataLayer, readonly Event[]>();

// Off the path of the render that shows the list (serialising the first pages costs a few
// milliseconds), and not tied to the component: the next render must not cancel it.
let saveTimer: ReturnType<typeof setTimeout> | null = null;
function scheduleSave(items: readonly Event[]): void {
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = null;
    saveSnapshot(items);
  }, 300);
}
const NONE: readonly Event[] = [];

/** The same documents at the same revisions, in the same order. */
export function sameEvents(a: readonly Event[], b: readonly Event[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Event;
    const y = b[i] as Event;
    if (x._id !== y._id || x._rev !== y._rev) return false;
  }
  return true;
}

export interface EventItems {
  items: readonly Event[];
  loading: boolean;
  /**
   * Only the lists' first pages (from event-list-snapshot.ts) until the full read lands: good for
   * the unfiltered view, not for a search or a filter.
   */
  partial: boolean;
}

export function useEventItems(): EventItems {
  const data = useDataLayer();
  const q = useLiveQuery(() => data.events.all(), [], { dbs: ['catalog'] });
  const kept = lastRead.get(data);
  const fresh = useMemo(() => (q.data !== undefined && !(kept && sameEvents(kept, q.data)) ? q.data : undefined), [kept, q.data]);
  const [snapshot] = useState(() => (kept ? null : readSnapshot()));
  useEffect(() => {
    if (!fresh) return;
    lastRead.set(data, fresh);
    scheduleSave(fresh);
  }, [data, fresh]);
  const full = fresh ?? kept;
  if (full) return { items: full, loading: false, partial: false };
  if (snapshot) return { items: snapshot, loading: false, partial: true };
  return { items: NONE, loading: true, partial: false };
}
