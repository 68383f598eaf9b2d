// Every event on the device for the Fete Guide and Fete Travel, read once and kept live by
// useEvents (which keeps the last answer for the next visit). Reading 5,000 events
// out of IndexedDB is most of a reload's start-up time, so until that first read lands the lists'
// first screenful comes from a small local copy.
import { useEffect, useState } from 'react';
import { useEvents } from '../../data/hooks/use-events.ts';
import type { Event } from '../../data/repos/events.ts';
import { readSnapshot, saveSnapshot } from './event-list-snapshot.ts';

const NONE: readonly Event[] = [];

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
  const { items, loading } = useEvents();
  const [snapshot] = useState(() => (loading ? readSnapshot() : null));
  useEffect(() => {
    if (!loading) scheduleSave(items);
  }, [items, loading]);
  if (!loading) return { items, loading: false, partial: false };
  if (snapshot) return { items: snapshot, loading: false, partial: true };
  return { items: NONE, loading: true, partial: false };
}
