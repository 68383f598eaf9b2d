// Shared formatting: 12-hour times, long US dates that never shift a day,
// ranges, prices, ratings and the 'N rating(s)' / 'Showing N band(s)' counts.
import { describe, expect, it } from 'vitest';
import { formatDateRange, formatDateTime, formatLongDate, formatTime12, formatTimeRange } from '../../web/src/lib/dates.ts';
import { formatMoney, formatPrice } from '../../web/src/lib/money.ts';
import { formatRating, formatRatingCount, showingCount } from '../../web/src/lib/format.ts';

const longUs = (y: number, m: number, d: number) => new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

describe('formatTime12', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:30', '12:30 AM'],
    ['06:05', '6:05 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['13:05', '1:05 PM'],
    ['18:30:00', '6:30 PM'],
    ['23:59', '11:59 PM'],
  ])('%s is %s', (input, out) => {
    expect(formatTime12(input)).toBe(out);
  });

  it('leaves a value that is not a time as it was', () => {
    expect(formatTime12('late')).toBe('late');
  });
});

describe('formatLongDate', () => {
  it('writes a date in long US form', () => {
    expect(formatLongDate('2026-03-01')).toBe('March 1, 2026');
    expect(formatLongDate('2025-11-22')).toBe('November 22, 2025');
  });

  it('takes a date-only value as that local day, not UTC midnight (no shift west of Greenwich)', () => {
    // new Date('2026-03-01') is UTC midnight: February 28 in any negative offset.
    expect(formatLongDate('2026-03-01')).toBe(longUs(2026, 3, 1));
    expect(formatLongDate('2026-01-01')).toBe(longUs(2026, 1, 1));
    expect(formatLongDate('2025-12-31')).toBe(longUs(2025, 12, 31));
  });

  it('leaves an unparseable value as it was', () => {
    expect(formatLongDate('someday')).toBe('someday');
  });

  // Written by hand, not by Intl (ADR 059): every day of four years, and years Intl writes itself.
  it('is what Intl writes, day by day', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    const misses: string[] = [];
    for (let d = new Date(2024, 0, 1); d.getFullYear() < 2028; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) {
      if (formatLongDate(d) !== intl.format(d)) misses.push(`${formatLongDate(d)} vs ${intl.format(d)}`);
    }
    expect(misses).toEqual([]);
    for (const y of [1, 999, 9999]) expect(formatLongDate(new Date(y, 5, 1, 12))).toBe(intl.format(new Date(y, 5, 1, 12)));
    const ancient = new Date(0, 0, 1);
    ancient.setFullYear(-44);
    expect(formatLongDate(ancient)).toBe(intl.format(ancient));
  });
});

describe('formatDateTime', () => {
  it('is what Intl writes, hour by hour and minute by minute', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
    const misses: string[] = [];
    for (let h = 0; h < 24; h++) {
      for (const m of [0, 1, 9, 10, 30, 59]) {
        const d = new Date(2026, 1, 14, h, m, 42);
        if (formatDateTime(d) !== intl.format(d)) misses.push(`${formatDateTime(d)} vs ${intl.format(d)}`);
      }
    }
    expect(misses).toEqual([]);
    expect(formatDateTime('2025-11-22T19:30:00')).toBe('November 22, 2025 at 7:30 PM');
    expect(formatDateTime('soon')).toBe('soon');
    const far = new Date(10000, 0, 1, 9, 5);
    expect(formatDateTime(far)).toBe(intl.format(far));
  });
});

describe('formatDateRange', () => {
  it('adds the end date when there is a different one', () => {
    expect(formatDateRange('2026-02-16', '2026-02-17')).toBe('February 16, 2026 - February 17, 2026');
  });

  it('shows one date when the end is missing or the same day', () => {
    expect(formatDateRange('2026-02-16')).toBe('February 16, 2026');
    expect(formatDateRange('2026-02-16', null)).toBe('February 16, 2026');
    expect(formatDateRange('2026-02-16', '2026-02-16')).toBe('February 16, 2026');
  });
});

describe('formatTimeRange', () => {
  it('joins start and end in 12-hour form', () => {
    expect(formatTimeRange('20:00', '04:00')).toBe('8:00 PM - 4:00 AM');
    expect(formatTimeRange('12:00', '17:00')).toBe('12:00 PM - 5:00 PM');
  });

  it('shows either side alone, and nothing when neither is set', () => {
    expect(formatTimeRange('09:00', null)).toBe('9:00 AM');
    expect(formatTimeRange(undefined, '23:00')).toBe('11:00 PM');
    expect(formatTimeRange(null, ' ')).toBe('');
    expect(formatTimeRange()).toBe('');
  });
});

describe('numbers and counts', () => {
  it('money has two decimals and thousands separators', () => {
    expect(formatMoney(25)).toBe('$25.00');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(2450)).toBe('$2,450.00');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney(-40)).toBe('-$40.00');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
  });

  it('a price on a card drops the cents of whole dollars', () => {
    expect(formatPrice(85)).toBe('$85');
    expect(formatPrice(1200)).toBe('$1,200');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(0.99)).toBe('$0.99');
  });

  it('ratings have one decimal, a missing one is 0.0', () => {
    expect(formatRating(4.56)).toBe('4.6');
    expect(formatRating(4.44)).toBe('4.4');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(null)).toBe('0.0');
    expect(formatRating(undefined)).toBe('0.0');
  });

  it("'N rating(s)'", () => {
    expect(formatRatingCount(1)).toBe('1 rating');
    expect(formatRatingCount(3)).toBe('3 ratings');
    expect(formatRatingCount(0)).toBe('0 ratings');
    expect(formatRatingCount(null)).toBe('0 ratings');
  });

  it("'Showing N band(s)'", () => {
    expect(showingCount(1, 'band')).toBe('Showing 1 band');
    expect(showingCount(3, 'band')).toBe('Showing 3 bands');
    expect(showingCount(0, 'provider')).toBe('Showing 0 providers');
    expect(showingCount(2, 'makeup artist', 'makeup artists')).toBe('Showing 2 makeup artists');
  });
});
