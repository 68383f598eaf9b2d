// The search of the event lists, over an already filtered and sorted list. It means exactly what
// guideEvents/travelEvents mean by `search` (a case-insensitive substring of the title, the
// description or the location; blank matches all), but lower-cases each event's text once rather
// than on every keystroke: with 5,000 events that is most of a keystroke's filtering time.
import type { Event } from '../../data/repos/events.ts';

const haystacks = new WeakMap<Event, string>();

function haystack(e: Event): string {
  let text = haystacks.get(e);
  if (text === undefined) {
    // A newline cannot be typed into the search box, so no match can span two fields.
    text = [e.title, e.description, e.location].map((f) => (typeof f === 'string' ? f.toLowerCase() : '')).join('\n');
    haystacks.set(e, text);
  }
  return text;
}

/** Keeps the order of `events`; returns the same array when the search is blank. */
export function searchEvents(events: readonly Event[], search: string): readonly Event[] {
  const q = search.trim().toLowerCase();
  if (q === '') return events;
  return events.filter((e) => haystack(e).includes(q));
}
