// The Fete Guide's Time of Day filter. The spec names the bands,
// Morning 6 AM-12 PM, Afternoon 12-5 PM, Evening 5-9 PM, Night 9 PM-6 AM, but not how they
// apply. Decision (docs/decisions/010-time-of-day-bands.md): an event is in the one band that
// holds its start_time, each band including its start and excluding its end, so Night runs from
// 21:00 through midnight to 05:59. An event without a start time is in no band.

export const TIME_OF_DAY = ['morning', 'afternoon', 'evening', 'night'] as const;
export type TimeOfDay = (typeof TIME_OF_DAY)[number];

export const TIME_OF_DAY_LABELS: Record<TimeOfDay, string> = {
  morning: 'Morning (6 AM - 12 PM)',
  afternoon: 'Afternoon (12 - 5 PM)',
  evening: 'Evening (5 - 9 PM)',
  night: 'Night (9 PM - 6 AM)',
};

/** Minutes after midnight of `HH:MM` (or `HH:MM:SS`), or null when it is not a clock time. */
export function minutesOf(time: string | null | undefined): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time?.trim() ?? '');
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

/** The band an event starting at `startTime` belongs to. */
export function timeOfDayOf(startTime: string | null | undefined): TimeOfDay | null {
  const t = minutesOf(startTime);
  if (t === null) return null;
  if (t >= 6 * 60 && t < 12 * 60) return 'morning';
  if (t >= 12 * 60 && t < 17 * 60) return 'afternoon';
  if (t >= 17 * 60 && t < 21 * 60) return 'evening';
  return 'night';
}

export function inTimeOfDay(startTime: string | null | undefined, band: TimeOfDay): boolean {
  return timeOfDayOf(startTime) === band;
}

export function isTimeOfDay(value: unknown): value is TimeOfDay {
  return typeof value === 'string' && (TIME_OF_DAY as readonly string[]).includes(value);
}
