// Every amount the app shows, in one place (a $ sign; with thousands
// separators). A screen never formats an amount on its own (a unit test greps for it).

import { enUsFixed } from './en-us-digits.ts';

// Made on first need, for what en-us-digits.ts leaves to Intl (ADR 059).
const intl = new Map<number, Intl.NumberFormat>();
function dollars(amount: number, digits: 0 | 2): string {
  const fast = enUsFixed(amount, digits, '$');
  if (fast !== null) return fast;
  let f = intl.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits });
    intl.set(digits, f);
  }
  return f.format(amount);
}

/** Money with cents, for receipts, balances and totals: "$2,450.00". A missing amount is $0.00. */
export function formatMoney(amount: number | null | undefined): string {
  return dollars(Number.isFinite(amount) ? (amount as number) : 0, 2);
}

/** A price as cards show it: whole dollars without cents ("$85", "$1,200"), else "$12.50". */
export function formatPrice(amount: number): string {
  return dollars(amount, Number.isInteger(amount) ? 0 : 2);
}
