// Every amount the app shows, in one place (spec section 9: a $ sign; with thousands
// separators). A screen never formats an amount on its own (a unit test greps for it).

// Made once: building a formatter costs about a millisecond.
const CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Money with cents, for receipts, balances and totals: "$2,450.00". A missing amount is $0.00. */
export function formatMoney(amount: number | null | undefined): string {
  return CENTS.format(Number.isFinite(amount) ? (amount as number) : 0);
}

/** A price as cards show it: whole dollars without cents ("$85", "$1,200"), else "$12.50". */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? WHOLE.format(amount) : CENTS.format(amount);
}
