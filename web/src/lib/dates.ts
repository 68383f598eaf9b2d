// Every date and time the app shows, in one place (dates in long US form, times
// in 12-hour AM/PM). Relative times ("5 min ago") are for timelines only: chat contacts
// and the bell. A screen never formats a date on its own (a unit test greps for it).

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date (`YYYY-MM-DD`) is that day where the reader is: `new Date('2026-03-01')` would
 * be UTC midnight, which is the evening before anywhere west of Greenwich.
 */
function parse(value: string | Date): Date | null {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value.trim());
    if (m) {
      const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      return Number.isNaN(d.getTime()) ? null : d;
    }
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

// Written by hand, not by Intl (ADR 059): the first Intl.DateTimeFormat a page makes loads the
// locale's data, 60–90 ms on this machine and four times that on a slow phone, inside the task
// that starts the app. Years outside 1–9999 go to Intl, made on first need.
// tests/unit/format-logic.test.ts holds both forms to Intl's output.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
let longDateIntl: Intl.DateTimeFormat | undefined;
let dateTimeIntl: Intl.DateTimeFormat | undefined;

const plainYear = (d: Date) => d.getFullYear() >= 1 && d.getFullYear() <= 9999;
const longDate = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;

/** "November 22, 2025"; an unparseable value comes back as it was. */
export function formatLongDate(value: string | Date): string {
  const d = parse(value);
  if (!d) return String(value);
  if (plainYear(d)) return longDate(d);
  return (longDateIntl ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' })).format(d);
}

/** "November 22, 2025 at 7:30 PM"; an unparseable value comes back as it was. */
export function formatDateTime(value: string | Date): string {
  const d = parse(value);
  if (!d) return String(value);
  if (plainYear(d)) return `${longDate(d)} at ${formatTime12(`${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}`)}`;
  return (dateTimeIntl ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true })).format(d);
}

/** "18:30" or "18:30:00" → "6:30 PM". */
export function formatTime12(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm.trim());
  if (!m) return hhmm;
  const h = Number(m[1]) % 24;
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${suffix}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative time: under a minute 'Just now'; minutes under 60; hours under 24;
 * days under 7; then the long date. '' for a value that is not a time.
 */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const d = parse(value);
  if (!d) return '';
  const age = Math.max(0, now.getTime() - d.getTime());
  if (age < MINUTE) return 'Just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) {
    const h = Math.floor(age / HOUR);
    return `${h} ${h === 1 ? 'hour' : 'hours'} ago`;
  }
  if (age < 7 * DAY) {
    const n = Math.floor(age / DAY);
    return `${n} ${n === 1 ? 'day' : 'days'} ago`;
  }
  return formatLongDate(d);
}

/** "March 1, 2026", or "March 1, 2026 - March 3, 2026" when there is a different end date. */
export function formatDateRange(start: string, end?: string | null): string {
  const from = formatLongDate(start);
  return end && end !== start ? `${from} - ${formatLongDate(end)}` : from;
}

/** "6:00 PM - 11:00 PM"; either side alone; '' when neither is set. */
export function formatTimeRange(start?: string | null, end?: string | null): string {
  return [start, end].filter((t): t is string => !!t && t.trim() !== '').map(formatTime12).join(' - ');
}
