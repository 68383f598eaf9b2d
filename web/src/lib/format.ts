// Shared formatting: dates in long US form, times in 12-hour AM/PM (spec section 9).

function parse(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "November 22, 2025"; an unparseable value comes back as it was. */
export function formatLongDate(value: string | Date): string {
  const d = parse(value);
  return d ? d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : String(value);
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
