// Small rules shared by the app and the server that need no schema library, so the app shell
// can use them without loading Zod.
import { RECEIPT_STATUSES } from './constants.ts';
import type { ReceiptStatus, SubmissionStatus } from './constants.ts';

/** The fields a member may change on their own profile. */
export const PROFILE_SELF_FIELDS = ['first_name', 'last_name', 'avatar_url', 'territory', 'locality'] as const;

/** The fields a restaurant owner may not change on their restaurant. */
export const RESTAURANT_OWNER_LOCKED_FIELDS = ['owner_id', 'active', 'rating', 'total_ratings'] as const;

/** The spec: an unknown receipt status is treated as paid. */
export function receiptStatusOf(value: unknown): ReceiptStatus {
  return (RECEIPT_STATUSES as readonly unknown[]).includes(value) ? (value as ReceiptStatus) : 'paid';
}

export function notificationText(formTitle: string, status: SubmissionStatus | string): string {
  return `your form submission for ${formTitle} has been ${status}`;
}

/**
 * The home's hero slides as the home shows them: the active ones, by `order` (none counts as 0),
 * then by id. The home screen draws them in this order, and the server carries the first of them
 * with the page (ADR 059, ADR 060).
 */
export function heroSlidesInOrder<T extends { active?: unknown; order?: unknown; _id?: unknown }>(slides: readonly T[]): T[] {
  const order = (s: T) => (typeof s.order === 'number' ? s.order : 0);
  const id = (s: T) => (typeof s._id === 'string' ? s._id : '');
  return slides.filter((s) => s.active === true).sort((a, b) => order(a) - order(b) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

/** Compares optional texts by code unit, a missing or empty one last. */
export function compareText(a: string | null | undefined, b: string | null | undefined): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

type Text = string | null | undefined;

/**
 * The catalogue lists' orders: Fete Band by start date (none last) then name, Fete Eats by name,
 * Fete Faces best rated first then by first name. The app's lists sort by these, and the server's
 * preview of a list's first cards (ADR 060) does too.
 */
export function compareBands(a: { start_date?: Text; name?: Text }, b: { start_date?: Text; name?: Text }): number {
  return compareText(a.start_date, b.start_date) || compareText(a.name, b.name);
}

export function compareRestaurants(a: { name?: Text }, b: { name?: Text }): number {
  return compareText(a.name, b.name);
}

export function compareProviders(a: { rating?: number | null; first_name?: Text }, b: { rating?: number | null; first_name?: Text }): number {
  return (b.rating ?? 0) - (a.rating ?? 0) || compareText(a.first_name, b.first_name);
}
