// Fete Marqet's price range: whole dollars, blank means the default bound, the minimum never above
// the maximum; and the screen's typed-text state, which keeps the last valid range applied.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_RANGE, checkPriceRange, inPriceRange, isDefaultPriceRange, parsePriceBound } from '../../web/src/lib/price-range.ts';
import { DEFAULT_PRICE_FILTER, priceFilterActive, priceFilterErrors, typePriceBound } from '../../web/src/screens/market/price-filter.ts';

describe('parsePriceBound', () => {
  it('takes whole numbers of dollars, trimmed', () => {
    expect(parsePriceBound('50', 0)).toEqual({ ok: true, value: 50 });
    expect(parsePriceBound(' 0 ', 7)).toEqual({ ok: true, value: 0 });
    expect(parsePriceBound('007', 0)).toEqual({ ok: true, value: 7 });
  });

  it('uses the fallback for a blank bound', () => {
    expect(parsePriceBound('', 1000)).toEqual({ ok: true, value: 1000 });
    expect(parsePriceBound('   ', 0)).toEqual({ ok: true, value: 0 });
  });

  it.each(['12.5', '-3', 'abc', '1e3', '10$', '+5', '0x10'])('refuses %j', (text) => {
    const r = parsePriceBound(text, 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe('Enter a whole number of dollars');
  });

  it('takes large whole numbers up to the safe integer limit and refuses beyond it', () => {
    expect(parsePriceBound('1000000', 0)).toEqual({ ok: true, value: 1_000_000 });
    expect(parsePriceBound(String(Number.MAX_SAFE_INTEGER), 0)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
    expect(parsePriceBound('99999999999999999999', 0).ok).toBe(false);
  });
});

describe('checkPriceRange', () => {
  it('defaults to 0 to 1000 when both are blank', () => {
    expect(DEFAULT_PRICE_RANGE).toEqual({ min: 0, max: 1000 });
    expect(checkPriceRange('', '')).toEqual({ range: { min: 0, max: 1000 } });
  });

  it('makes a range of two valid bounds, equal ones included', () => {
    expect(checkPriceRange('10', '50')).toEqual({ range: { min: 10, max: 50 } });
    expect(checkPriceRange('25', '25')).toEqual({ range: { min: 25, max: 25 } });
    expect(checkPriceRange('0', '5000')).toEqual({ range: { min: 0, max: 5000 } });
  });

  it('refuses a minimum above the maximum, with the reason on the minimum', () => {
    expect(checkPriceRange('60', '50')).toEqual({ range: null, minError: 'Min price cannot be above max price' });
    // A blank max is the default 1000.
    expect(checkPriceRange('1001', '')).toEqual({ range: null, minError: 'Min price cannot be above max price' });
  });

  it('gives each invalid field its own reason', () => {
    const r = checkPriceRange('12.5', 'abc');
    expect(r.range).toBeNull();
    expect(r.minError).toBe('Enter a whole number of dollars');
    expect(r.maxError).toBe('Enter a whole number of dollars');
    expect(checkPriceRange('5', '-3')).toEqual({ range: null, maxError: 'Enter a whole number of dollars' });
  });
});

describe('inPriceRange', () => {
  it('includes both ends', () => {
    const r = { min: 10, max: 50 };
    expect(inPriceRange(10, r)).toBe(true);
    expect(inPriceRange(50, r)).toBe(true);
    expect(inPriceRange(49.99, r)).toBe(true);
    expect(inPriceRange(9.99, r)).toBe(false);
    expect(inPriceRange(50.01, r)).toBe(false);
  });

  it('knows the default range', () => {
    expect(isDefaultPriceRange({ min: 0, max: 1000 })).toBe(true);
    expect(isDefaultPriceRange({ min: 0, max: 999 })).toBe(false);
  });
});

describe('the typed price filter', () => {
  it('starts at 0 and 1000, not active', () => {
    expect(DEFAULT_PRICE_FILTER).toEqual({ minText: '0', maxText: '1000', applied: { min: 0, max: 1000 } });
    expect(priceFilterActive(DEFAULT_PRICE_FILTER)).toBe(false);
    expect(priceFilterErrors(DEFAULT_PRICE_FILTER)).toEqual({ minError: undefined, maxError: undefined });
  });

  it('applies a valid range as it is typed', () => {
    const s = typePriceBound(DEFAULT_PRICE_FILTER, 'max', '50');
    expect(s).toEqual({ minText: '0', maxText: '50', applied: { min: 0, max: 50 } });
    expect(priceFilterActive(s)).toBe(true);
  });

  it('keeps the text as typed and the last valid range when the typed range is refused', () => {
    const valid = typePriceBound(DEFAULT_PRICE_FILTER, 'max', '50');
    const bad = typePriceBound(valid, 'min', '60');
    expect(bad.minText).toBe('60');
    expect(bad.applied).toEqual({ min: 0, max: 50 });
    expect(priceFilterErrors(bad).minError).toBe('Min price cannot be above max price');

    const worse = typePriceBound(bad, 'max', '12.5');
    expect(worse).toEqual({ minText: '60', maxText: '12.5', applied: { min: 0, max: 50 } });
    expect(priceFilterErrors(worse).maxError).toBe('Enter a whole number of dollars');

    // Fixing it applies the new range.
    expect(typePriceBound(worse, 'max', '80').applied).toEqual({ min: 60, max: 80 });
  });

  it('counts typed text that differs from the defaults as active, even when the range is the default', () => {
    const blank = typePriceBound(DEFAULT_PRICE_FILTER, 'min', '');
    expect(blank.applied).toEqual({ min: 0, max: 1000 });
    expect(priceFilterActive(blank)).toBe(true);
    const refused = typePriceBound(DEFAULT_PRICE_FILTER, 'min', 'abc');
    expect(refused.applied).toEqual({ min: 0, max: 1000 });
    expect(priceFilterActive(refused)).toBe(true);
  });
});
