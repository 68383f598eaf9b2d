// Counts and amounts are written by hand in en-US form (ADR 059: the first Intl formatter costs a
// slow phone hundreds of milliseconds at start-up). These hold the hand-written form to Intl's own
// output, value by value, including the ties Intl rounds on the shortest decimal form.
import { describe, expect, it } from 'vitest';
import { enUsFixed } from '../../web/src/lib/en-us-digits.ts';
import { formatCount } from '../../web/src/lib/format.ts';
import { formatMoney, formatPrice } from '../../web/src/lib/money.ts';

const intlCount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const intlCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const intlWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** A fixed spread of values: ties at each digit, carries, separators, the small and the large. */
function values(): number[] {
  const out = [0, 0.5, 1.5, 2.5, 0.005, 0.015, 1.005, 1.115, 2.675, 8.345, 9.995, 99.995, 999.5, 999.995, 1000, 1234.5, 12345.675, 999999.995, 1e15 + 0.5, 2 ** 53, 1e20, 0.1 + 0.2, 1 / 3, 2 / 3, 1e-7, 123456789.125];
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 3000; i++) {
    const scale = 10 ** Math.floor(random() * 9);
    out.push(Math.round(random() * scale * 1000) / 1000, Math.round(random() * scale * 100) / 100, Math.floor(random() * scale));
  }
  return [...out, ...out.map((x) => -x)];
}

describe('en-US digits by hand', () => {
  it('a count is what Intl writes, for every value tried', () => {
    const misses = values().filter((x) => formatCount(x) !== intlCount.format(x));
    expect(misses.map((x) => `${x}: ${formatCount(x)} vs ${intlCount.format(x)}`).slice(0, 10)).toEqual([]);
  });

  it('money with cents is what Intl writes, for every value tried', () => {
    const misses = values().filter((x) => formatMoney(x) !== intlCents.format(x));
    expect(misses.map((x) => `${x}: ${formatMoney(x)} vs ${intlCents.format(x)}`).slice(0, 10)).toEqual([]);
  });

  it('a price is what Intl writes, whole or with cents', () => {
    const misses = values().filter((x) => formatPrice(x) !== (Number.isInteger(x) ? intlWhole : intlCents).format(x));
    expect(misses.slice(0, 10)).toEqual([]);
  });

  it('leaves to Intl what it does not write itself, and Intl answers', () => {
    for (const x of [Number.NaN, Infinity, -Infinity, -0, 1e21, -1e25]) expect(enUsFixed(x, 2)).toBeNull();
    expect(formatCount(-0)).toBe(intlCount.format(-0));
    expect(formatCount(1e21)).toBe(intlCount.format(1e21));
    expect(formatPrice(1e21)).toBe(intlWhole.format(1e21));
    expect(formatCount(Infinity)).toBe(intlCount.format(Infinity));
  });

  it('rounds ties away from zero on the shortest decimal form', () => {
    expect(enUsFixed(1.005, 2)).toBe('1.01');
    expect(enUsFixed(-2.5, 0)).toBe('-3');
    expect(enUsFixed(999.995, 2, '$')).toBe('$1,000.00');
    expect(enUsFixed(-0.001, 2, '$')).toBe('-$0.00');
  });
});
