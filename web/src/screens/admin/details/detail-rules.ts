// The pure rules the detail lists share (issue 14, item 5: a restaurant's menu, photos and
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

/** A sub-item: every entry of an embedded list has its own id. */
export interface SubItem {
  id: string;
}

/** One admin's change to a sub-list, with the version they edited (`base`) for an update. */
export type SubListChange<S extends SubItem> =
  | { kind: 'add'; item: S }
  | { kind: 'update'; base: S; next: S }
  | { kind: 'remove'; id: string };

/**
 * Refused when the entry an admin edited was changed or removed by someone else meanwhile:
 * the kit shows it as a conflict (status 409), like a whole document's.
 */
export class SubItemConflictError extends Error {
  readonly status = 409;
  constructor() {
    super('This entry was changed by someone else');
    this.name = 'SubItemConflictError';
  }
}

function sameEntry(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) {
    // A missing field and a null one are the same stored value.
    if (JSON.stringify(x[k] ?? null) !== JSON.stringify(y[k] ?? null)) return false;
  }
  return true;
}

/**
 * The list after `change`, applied to the newest stored `list`: an add goes at the end, a
 * removal of an entry already gone changes nothing, and an update replaces its entry only if
 * that entry is still the version the admin edited (else SubItemConflictError). Other entries,
 * and so other admins' changes to them, are kept as they are.
 */
export function applySubListChange<S extends SubItem>(list: readonly S[], change: SubListChange<S>): S[] {
  switch (change.kind) {
    case 'add':
      return [...list, change.item];
    case 'remove':
      return list.filter((s) => s.id !== change.id);
    case 'update': {
      const current = list.find((s) => s.id === change.base.id);
      if (!current || !sameEntry(current, change.base)) throw new SubItemConflictError();
      return list.map((s) => (s.id === change.base.id ? change.next : s));
    }
  }
}
