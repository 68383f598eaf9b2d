// The market's price range as a person types it: the text is kept as typed, the range applied
// is the last valid one (checkPriceRange), and the reasons a typed range is refused are shown.
import { DEFAULT_PRICE_RANGE, checkPriceRange, isDefaultPriceRange } from '../../lib/price-range.ts';
import type { PriceRange, PriceRangeCheck } from '../../lib/price-range.ts';

export interface PriceFilter {
  minText: string;
  maxText: string;
  /** The range the list uses: the last one the typed bounds made. */
  applied: PriceRange;
}

export const DEFAULT_PRICE_FILTER: PriceFilter = {
  minText: String(DEFAULT_PRICE_RANGE.min),
  maxText: String(DEFAULT_PRICE_RANGE.max),
  applied: DEFAULT_PRICE_RANGE,
};

/** One bound retyped: a valid pair becomes the applied range, an invalid one keeps the last. */
export function typePriceBound(state: PriceFilter, bound: 'min' | 'max', text: string): PriceFilter {
  const next = bound === 'min' ? { ...state, minText: text } : { ...state, maxText: text };
  const check = checkPriceRange(next.minText, next.maxText);
  return check.range ? { ...next, applied: check.range } : next;
}

/** Why the typed bounds are not applied, per field (empty when they are). */
export function priceFilterErrors(state: PriceFilter): Pick<PriceRangeCheck, 'minError' | 'maxError'> {
  const { minError, maxError } = checkPriceRange(state.minText, state.maxText);
  return { minError, maxError };
}

/** The range, or what is typed, differs from the defaults: the reset button shows. */
export function priceFilterActive(state: PriceFilter): boolean {
  return (
    !isDefaultPriceRange(state.applied) ||
    state.minText.trim() !== DEFAULT_PRICE_FILTER.minText ||
    state.maxText.trim() !== DEFAULT_PRICE_FILTER.maxText
  );
}
