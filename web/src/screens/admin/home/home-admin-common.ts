// Rules the three home-page admin sections share (hero slides, ads, partners): the order typed
// as text, a new item's order (after the last), links that must be absolute http(s) addresses,
// the list's order and the clean-up of a checked document into what the repository takes.
import { fieldLimitProblem } from '../../../../../design-docs/src/schemas/common.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import { compareText } from '../../../data/repos/query.ts';

export const ORDER_MESSAGE = 'Order must be a whole number';
export const LINK_MESSAGE = 'Links must start with http:// or https://';
/** Site artwork (hero, ads, partner logos) lives in events-images: there is no home bucket. */
export const HOME_BUCKET = 'events-images';

/** '3' → 3, '' → 0, anything else stays the text so the check refuses it. */
export function parseOrder(text: string): number | string {
  const t = text.trim();
  if (t === '') return 0;
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/** A new item goes after the last: one above the highest order (0 when there is none). */
export function nextOrder(items: ReadonlyArray<{ order?: number | null }>): number {
  return items.length === 0 ? 0 : Math.max(...items.map((i) => i.order ?? 0)) + 1;
}

/**
 * An optional link typed by an admin: blank is fine, else an absolute http:// or https://
 * address (a path or another scheme is refused, as these end up in a visitor's `href`).
 */
export function isWebLink(text: string): boolean {
  const t = text.trim();
  if (t === '') return true;
  if (!/^https?:\/\//i.test(t)) return false;
  try {
    return Boolean(new URL(t).hostname);
  } catch {
    return false;
  }
}

/** By order, then by name, so equal orders keep one sequence. */
export function compareByOrder(a: { order?: number | null }, b: { order?: number | null }, nameA: string, nameB: string): number {
  return (a.order ?? 0) - (b.order ?? 0) || compareText(nameA, nameB);
}

export function fail<T>(field: string, message: string): CheckResult<T> {
  return { ok: false, message, fields: { [field]: message }, first: field };
}

/** A checked document as the repository takes it: no `_id`, `type` or timestamps; within the limits. */
export function toInput<I>(doc: Record<string, unknown>): CheckResult<I> {
  const { _id, _rev, type, created_at, updated_at, ...input } = doc;
  const tooLong = fieldLimitProblem(input);
  if (tooLong) return { ok: false, message: tooLong, fields: {}, first: null };
  return { ok: true, data: input as I };
}
