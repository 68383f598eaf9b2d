// The pure rules the detail lists share (ADR 029: a restaurant's menu, photos and
// discounts, a provider's testimonials, an event's discount codes): the numbers typed as text
// (price, percentage, order), the validity dates, and how one change to a sub-list is applied to
// the newest stored list without overwriting another admin's work.

export const PRICE_MESSAGE = 'Price must be a number of 0 or more, with at most two decimals';
export const PERCENTAGE_MESSAGE = 'Percentage must be a number from 1 to 100';
export const DATES_MESSAGE = 'Valid until cannot be before valid from';

/** '' → null (missing), '12.5' → 12.5; a negative or malformed price stays the text so the check refuses it. */
export function parsePrice(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : t;
}

/** '' → null (missing), '15' → 15; outside 1–100 or malformed stays the text so the check refuses it. */
export function parsePercentage(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+(\.\d+)?$/.test(t)) return t;
  const n = Number(t);
  return n >= 1 && n <= 100 ? n : t;
}

/** Date inputs give YYYY-MM-DD (or ''): the end may be open, else not before the start. */
export function datesInOrder(from: string, until: string): boolean {
  const a = from.trim();
  const b = until.trim();
  return a === '' || b === '' || b >= a;
}

/** Date inputs take YYYY-MM-DD: a stored date-time keeps its date part. */
export function dateOf(value: string | null | undefined): string {
  return (value ?? '').slice(0, 10);
}

/** A number as the form shows it: '' for none. */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

// The sub-list changes live in the data layer: the owner's written-ahead edits replay them too.
export { SubItemConflictError, applySubListChange } from '../../../data/repos/sub-lists.ts';
export type { SubItem, SubListChange } from '../../../data/repos/sub-lists.ts';
