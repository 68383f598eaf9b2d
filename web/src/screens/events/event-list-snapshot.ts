// The first page of each event list, kept in localStorage. On a reload the list's full read of
// every event from IndexedDB takes hundreds of milliseconds on a phone (≈ 380 ms for 5,000);
// the unfiltered first page is what the person sees first, so it is drawn from this small copy
// at once and replaced when the full read lands (normally by the same cards). It is only used
// for the unfiltered view: any search or filter waits for the full read.
import { guideEvents, travelEvents } from '../../data/repos/events.ts';
import type { Event } from '../../data/repos/events.ts';
import { localDay } from '../../lib/past-events.ts';

const KEY = 'fete-event-lists-first-page';
const VERSION = 1;
/**
 * About a screenful, not a whole page of 48: the first render competes with the app's start-up
 * (session, sync status) and a smaller one commits before it is interrupted. The full read then
 * fills the page.
 */
export const FIRST_PAGE_COPY = 12;

interface Stored {
  v: number;
  sig: string;
  events: Event[];
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The first page of the Fete Guide and of Fete Travel on `today`: what a reload shows first. The
 * screens apply the lists' rules to the copy again, so one saved before midnight shows no event
 * that has since ended.
 */
export function firstPages(items: readonly Event[], today: string, pageSize = FIRST_PAGE_COPY): Event[] {
  return [...guideEvents(items, today).slice(0, pageSize), ...travelEvents(items, today).slice(0, pageSize)];
}

function signature(events: readonly Event[]): string {
  return events.map((e) => `${e._id}@${e._rev ?? ''}`).join('|');
}

export function readSnapshot(): Event[] | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return parsed.v === VERSION && Array.isArray(parsed.events) && parsed.events.length > 0 ? parsed.events : null;
  } catch {
    return null;
  }
}

/** Saves the first pages of a full read, unless they are what is stored already. */
export function saveSnapshot(items: readonly Event[], today: string = localDay(new Date())): void {
  const s = storage();
  if (!s) return;
  const events = firstPages(items, today);
  const sig = signature(events);
  try {
    const raw = s.getItem(KEY);
    if (raw && (JSON.parse(raw) as Partial<Stored>).sig === sig) return;
    if (events.length === 0) s.removeItem(KEY);
    else s.setItem(KEY, JSON.stringify({ v: VERSION, sig, events } satisfies Stored));
  } catch {
    // Full or refused storage: the lists simply wait for the full read.
  }
}
