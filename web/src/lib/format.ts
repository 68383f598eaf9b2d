// Shared formatting of ratings, counts and places. Dates are in dates.ts, amounts in money.ts.

import { enUsFixed } from './en-us-digits.ts';

// Made on first need, for what en-us-digits.ts leaves to Intl (ADR 059).
let count: Intl.NumberFormat | undefined;

/** A count with thousands separators: "12,000". */
export function formatCount(n: number): string {
  return enUsFixed(n, 0) ?? (count ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(n);
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
