// Shared formatting: dates in long US form, times in 12-hour AM/PM (spec section 9).

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

// Made once: each toLocaleDateString call builds a formatter (≈ 1 ms), which a list of cards
// would pay per card per keystroke.
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** "November 22, 2025"; an unparseable value comes back as it was. */
export function formatLongDate(value: string | Date): string {
  const d = parse(value);
  return d ? LONG_DATE.format(d) : String(value);
}

/** "November 22, 2025, 7:30 PM". */
export function formatDateTime(value: string | Date): string {
  const d = parse(value);
  return d ? d.toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }) : String(value);
}

/** "18:30" or "18:30:00" → "6:30 PM". */
export function formatTime12(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm.trim());
  if (!m) return hhmm;
  const h = Number(m[1]) % 24;
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${suffix}`;
}

/**
 * Spec section 9, relative time in chat: under a minute 'Just now'; minutes under 60; hours
 * under 24; days under 7; otherwise a locale date.
 */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const d = parse(value);
  if (!d) return String(value);
  const s = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000));
  if (s < 60) return 'Just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ago`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ago`;
  const days = Math.floor(h / 24);
  if (days < 7) return `${days}d ago`;
  return d.toLocaleDateString();
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

/** Prices with two decimals: "$25.00". */
export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** Ratings to one decimal: "4.5". */
export function formatRating(rating: number | null | undefined): string {
  return (rating ?? 0).toFixed(1);
}

/** "1 rating", "12 ratings" (the spec's 'N rating(s)'). */
export function formatRatingCount(count: number | null | undefined): string {
  const n = count ?? 0;
  return `${n} ${n === 1 ? 'rating' : 'ratings'}`;
}

/** "Showing 3 bands", "Showing 1 provider" (the spec's 'Showing N band(s)'). */
export function showingCount(n: number, singular: string, plural = `${singular}s`): string {
  return `Showing ${n} ${n === 1 ? singular : plural}`;
}

/**
 * A place from its parts ("Crown Point, Tobago"): blank parts dropped, spaces tidied, and a part
 * that repeats an earlier one (a state named like its country) said once.
 */
export function joinPlace(...parts: Array<string | null | undefined>): string {
  const out: string[] = [];
  for (const part of parts) {
    const v = part?.replace(/\s+/g, ' ').trim();
    if (v && !out.some((p) => p.toLowerCase() === v.toLowerCase())) out.push(v);
  }
  return out.join(', ');
}
