// Fete Marqet's price range: whole dollars, 0 to 1000 by
// default, and the minimum never above the maximum. What a person types is kept as typed; the
// range applied is the last valid one, and the reason it is not applied is shown next to it.
import { MARKET_PRICE_DEFAULT } from '../../../design-docs/src/constants.ts';

export interface PriceRange {
  min: number;
  max: number;
}

export const DEFAULT_PRICE_RANGE: PriceRange = { min: MARKET_PRICE_DEFAULT.min, max: MARKET_PRICE_DEFAULT.max };

export type PriceBoundResult = { ok: true; value: number } | { ok: false; error: string };

/** A typed bound: a whole number of dollars, zero or more. Blank means the default bound. */
export function parsePriceBound(text: string, fallback: number): PriceBoundResult {
  const t = text.trim();
  if (t === '') return { ok: true, value: fallback };
  if (!/^\d+$/.test(t)) return { ok: false, error: 'Enter a whole number of dollars' };
  const value = Number(t);
  if (!Number.isSafeInteger(value)) return { ok: false, error: 'Enter a whole number of dollars' };
  return { ok: true, value };
}

export interface PriceRangeCheck {
  range: PriceRange | null;
  minError?: string;
  maxError?: string;
}

/** The range the typed bounds make, or why they make none. */
export function checkPriceRange(minText: string, maxText: string, defaults: PriceRange = DEFAULT_PRICE_RANGE): PriceRangeCheck {
  const min = parsePriceBound(minText, defaults.min);
  const max = parsePriceBound(maxText, defaults.max);
  const out: PriceRangeCheck = { range: null };
  if (!min.ok) out.minError = min.error;
  if (!max.ok) out.maxError = max.error;
  if (!min.ok || !max.ok) return out;
  if (min.value > max.value) return { range: null, minError: 'Min price cannot be above max price' };
  return { range: { min: min.value, max: max.value } };
}

export function inPriceRange(price: number, range: PriceRange): boolean {
  return price >= range.min && price <= range.max;
}

export function isDefaultPriceRange(range: PriceRange, defaults: PriceRange = DEFAULT_PRICE_RANGE): boolean {
  return range.min === defaults.min && range.max === defaults.max;
}
