// Reading helpers: every list is an `_id` range (`type:` to `type:\ufff0`) filtered in memory.
// That is ~30 ms for 500 docs and needs no index, where a Mango index costs seconds to build.
import type { Database } from '../pouch.ts';
import { isNotFound } from '../pouch.ts';
import { idOf } from '../../../../design-docs/src/ids.ts';

/** A document with the spec's `id`: its own `id` field (forms keep a uuid), else the part of `_id` after `{type}:`. */
export type Item<T> = T & { id: string };

export function toItem<T extends { _id: string }>(doc: T): Item<T> {
  return { id: idOf(doc._id), ...doc } as Item<T>;
}

/** Rows asked at a time: a list of any length is read in answers of bounded size. */
export const LIST_PAGE_ROWS = 500;

/**
 * Every document in the `_id` range, read a page at a time. A server answer may also end early at
 * its byte budget (ADR 037, with `next`), so only a short page without `next` is the end.
 */
export async function listRange<T extends { _id: string }>(db: Database, startkey: string, endkey: string = `${startkey}\ufff0`, limit?: number): Promise<Item<T>[]> {
  const out: Item<T>[] = [];
  let from: string | null = null;
  for (;;) {
    const want = limit === undefined ? LIST_PAGE_ROWS : Math.min(LIST_PAGE_ROWS, limit - out.length);
    if (want <= 0) return out;
    const res: { rows: { id: string; doc?: unknown }[]; next?: unknown } = await db.allDocs({ include_docs: true, startkey: from ?? startkey, endkey, limit: want, ...(from === null ? {} : { skip: 1 }) });
    for (const row of res.rows) if (row.doc) out.push(toItem(row.doc as unknown as T));
    const last = res.rows[res.rows.length - 1];
    if (!last || (res.rows.length < want && res.next === undefined)) return out;
    from = last.id;
  }
}

export function listType<T extends { _id: string }>(db: Database, type: string): Promise<Item<T>[]> {
  return listRange<T>(db, `${type}:`);
}

export async function getItem<T extends { _id: string }>(db: Database, id: string): Promise<Item<T> | null> {
  try {
    return toItem((await db.get(id)) as unknown as T);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

export async function getItems<T extends { _id: string }>(db: Database, ids: readonly string[]): Promise<Map<string, Item<T>>> {
  const out = new Map<string, Item<T>>();
  if (ids.length === 0) return out;
  const res = await db.allDocs({ include_docs: true, keys: [...ids] });
  for (const row of res.rows) {
    const doc = (row as { doc?: unknown }).doc as T | undefined | null;
    if (doc) out.set(doc._id, toItem(doc));
  }
  return out;
}

/** Case-insensitive substring over the fields; an empty query matches everything. */
export function matchesText(query: string | null | undefined, ...fields: unknown[]): boolean {
  const q = query?.trim().toLowerCase();
  if (!q) return true;
  return fields.some((f) =>
    Array.isArray(f) ? f.some((x) => String(x).toLowerCase().includes(q)) : typeof f === 'string' && f.toLowerCase().includes(q),
  );
}

export function byOrder(a: { order?: number | null }, b: { order?: number | null }): number {
  return (a.order ?? 0) - (b.order ?? 0);
}

// One text order for the app and the server (design-docs/src/rules.ts).
export { compareText } from '../../../../design-docs/src/rules.ts';

/** A date (`YYYY-MM-DD`, taken as a whole UTC day) or a date-time, as milliseconds. */
export function instant(value: string | null | undefined, edge: 'start' | 'end'): number | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Within [from, until], either side open when missing. */
export function validAt(from: string | null | undefined, until: string | null | undefined, now: Date): boolean {
  const t = now.getTime();
  const start = instant(from, 'start');
  const end = instant(until, 'end');
  return (start === null || start <= t) && (end === null || t <= end);
}
