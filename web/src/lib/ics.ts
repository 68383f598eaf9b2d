// "Add to calendar": an RFC 5545 .ics file built on the device, so it works offline. Events store
// a wall-clock date and time with no time zone, so the times are floating (no TZID, no Z): a
// calendar shows 8 PM as 8 PM wherever the traveller's phone happens to be, as the poster does.
import { minutesOf } from './time-of-day.ts';
import { placeLabel } from './directions.ts';

/** The fields of an event the calendar entry uses (an event document fits). */
export interface CalendarEvent {
  id: string;
  title: string;
  description?: string | null;
  location?: string | null;
  state?: string | null;
  country?: string | null;
  /** `YYYY-MM-DD` */
  date: string;
  end_date?: string | null;
  /** `HH:MM` */
  start_time?: string | null;
  end_time?: string | null;
}

export interface LocalDateTime {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM` */
  time: string;
}

/**
 * When an event happens, in its own wall-clock time. Timed: from start to end (null when no end
 * time is stored), `lastDay` being the last calendar day it runs on. All-day: no start time.
 */
export type EventSchedule =
  | { kind: 'timed'; start: LocalDateTime; end: LocalDateTime | null; lastDay: string }
  | { kind: 'all-day'; firstDay: string; lastDay: string };

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string | null | undefined): value is string {
  const m = DATE_RE.exec(value?.trim() ?? '');
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Calendar arithmetic in UTC, so the day never shifts with the device's zone. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Decision: the end is on `end_date` when there is a later one, otherwise on `date`; an end
 * that would not come after the start (an end_time earlier than start_time, e.g. 20:00-04:00)
 * is on the next day. So a one-day fete 20:00-04:00 ends at 04:00 the morning after, and a
 * cruise from the 6th 16:00 to the 10th 10:00 ends on the 10th.
 */
export function eventSchedule(event: Pick<CalendarEvent, 'date' | 'end_date' | 'start_time' | 'end_time'>): EventSchedule {
  const date = event.date.trim();
  if (!isDate(date)) throw new Error(`An event date must be YYYY-MM-DD, got "${event.date}"`);
  const endDate = event.end_date?.trim();
  const lastDay = isDate(endDate) && endDate > date ? endDate : date;
  const start = minutesOf(event.start_time);
  if (start === null) return { kind: 'all-day', firstDay: date, lastDay };
  const end = minutesOf(event.end_time);
  if (end === null) return { kind: 'timed', start: { date, time: clock(start) }, end: null, lastDay };
  const endDay = lastDay === date && end <= start ? addDays(date, 1) : lastDay;
  return { kind: 'timed', start: { date, time: clock(start) }, end: { date: endDay, time: clock(end) }, lastDay: endDay };
}

/** RFC 5545 3.3.11 TEXT: backslash, ';' and ',' escaped, any line break as `\n`. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // Other control characters are not allowed in TEXT (a tab is).
    // oxlint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * RFC 5545 3.1: lines longer than 75 octets are folded with CRLF and one space. Octets, not
 * characters: a multi-byte character is never split, so each physical line stays valid UTF-8.
 */
export function foldIcsLine(line: string, limit = 75): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Length(ch.codePointAt(0) ?? 0);
    // A continuation line starts with the space, which counts toward its 75.
    const room = parts.length === 0 ? limit : limit - 1;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function icsDate(day: string): string {
  return day.replace(/-/g, '');
}

function icsFloating(at: LocalDateTime): string {
  return `${icsDate(at.date)}T${at.time.replace(':', '')}00`;
}

/** DTSTAMP is UTC: `20260214T093000Z`. */
export function icsUtc(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

function timeLines(schedule: EventSchedule): string[] {
  if (schedule.kind === 'all-day') {
    // DTEND of a date is exclusive: the day after the last one.
    return [`DTSTART;VALUE=DATE:${icsDate(schedule.firstDay)}`, `DTEND;VALUE=DATE:${icsDate(addDays(schedule.lastDay, 1))}`];
  }
  const lines = [`DTSTART:${icsFloating(schedule.start)}`];
  if (schedule.end) lines.push(`DTEND:${icsFloating(schedule.end)}`);
  // No end time but more days: it runs to the end of its last day.
  else if (schedule.lastDay > schedule.start.date) lines.push(`DTEND:${icsFloating({ date: addDays(schedule.lastDay, 1), time: '00:00' })}`);
  return lines;
}

export const ICS_PRODID = '-//Fete//Fete Guide//EN';

/** The whole calendar file: CRLF line endings, folded lines, one VEVENT. */
export function eventToIcs(event: CalendarEvent, opts: { url: string; now: Date }): string {
  const description = [event.description?.trim(), opts.url].filter(Boolean).join('\n\n');
  const place = placeLabel(event.location, event.state, event.country);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.id)}@fete`,
    `DTSTAMP:${icsUtc(opts.now)}`,
    ...timeLines(eventSchedule(event)),
    `SUMMARY:${escapeIcsText(event.title.trim())}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    ...(place ? [`LOCATION:${escapeIcsText(place)}`] : []),
    // A URI, not TEXT: no escaping, and the caller hands a well-formed URL.
    `URL:${opts.url.replace(/[\r\n]/g, '')}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map((l) => foldIcsLine(l)).join('\r\n')}\r\n`;
}

/** "Trinidad Carnival J'ouvert" → "trinidad-carnival-j-ouvert.ics". */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}
