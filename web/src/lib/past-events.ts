// When an event is over, for every event list (Fete Guide, Fete Travel, the home rows). Decision
// (docs/decisions/017-past-events-home-rows-and-bell.md): an event drops off the lists once the day
// after its last day has begun on the device's calendar. Whole days, not clock times, because an
// event's date and times are the venue's local time and the device may be elsewhere: a day's
// events stay listed all of that day.
import { minutesOf } from './time-of-day.ts';

/** The fields of an event that say when it runs. */
export interface EventDates {
  date?: string | null;
  end_date?: string | null;
  start_time?: string | null;
  end_time?: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The calendar day of `now` in the device's own time zone, `YYYY-MM-DD`. */
export function localDay(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The last calendar day an event runs on: its end date (never before its date), or its date.
 * A night that ends earlier on the clock than it started (21:00 to 03:00) runs into the next
 * morning, so that morning is its last day. Null when the event has no usable date.
 */
export function lastDayOf(e: EventDates): string | null {
  if (!e.date || !DAY.test(e.date)) return null;
  const end = e.end_date && DAY.test(e.end_date) && e.end_date > e.date ? e.end_date : e.date;
  const start = minutesOf(e.start_time);
  const finish = minutesOf(e.end_time);
  return start !== null && finish !== null && finish < start ? nextDay(end) : end;
}

/**
 * Whether the event is over on `today` (`YYYY-MM-DD`): its last day is before today. An event
 * without a usable date is never past, so a malformed one is still visible to be fixed.
 */
export function isPastEvent(e: EventDates, today: string): boolean {
  const last = lastDayOf(e);
  return last !== null && last < today;
}
