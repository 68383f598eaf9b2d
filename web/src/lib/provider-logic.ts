// Fete Faces rules: the rating filters, and cards that
// show the first two services then '+N'.
import { PROVIDER_RATING_FILTERS } from '../../../design-docs/src/constants.ts';

export const CARD_SERVICES = 2;

export const RATING_FILTER_OPTIONS = PROVIDER_RATING_FILTERS.map((min) => ({ value: String(min), label: `${min.toFixed(1)}+` }));

/** A rating meets "4.5+" when it is 4.5 or more; an unrated provider (0) meets none. */
export function meetsRating(rating: number | null | undefined, min: number | null | undefined): boolean {
  if (min === null || min === undefined) return true;
  return (rating ?? 0) >= min;
}

/** The value of a rating filter option ('4.5'), or null for "any rating" and unknown values. */
export function parseRatingFilter(value: string | null | undefined): number | null {
  const n = Number(value);
  return value && (PROVIDER_RATING_FILTERS as readonly number[]).includes(n) ? n : null;
}

/** The services a card shows, and how many more there are ('+N' when more > 0). */
export function cardServices(services: readonly string[] | null | undefined, shown = CARD_SERVICES): { visible: string[]; more: number } {
  const list = (services ?? []).filter((s) => s.trim() !== '');
  return { visible: list.slice(0, shown), more: Math.max(0, list.length - shown) };
}
