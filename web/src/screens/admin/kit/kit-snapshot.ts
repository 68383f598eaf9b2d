// The first page of a long admin list as the device last saw it, kept in localStorage: read
// synchronously, it is on screen with the page's first paint, before the device's copy (thousands
// of documents from IndexedDB) or the server have answered; either then replaces it. Only what is
// drawn at once is kept (one page and the count), so the record stays small.
import type { StorageLike } from '../../../data/session.ts';

export interface KitSnapshot<T> {
  items: T[];
  /** How many the whole list held. */
  total: number;
}

/** A record past this is not kept (the page then waits for the device's copy, as before). */
export const KIT_SNAPSHOT_MAX_CHARS = 256 * 1024;

export function kitSnapshotKey(testId: string, prefix = 'fete-'): string {
  return `${prefix}admin-kit-first:${testId}`;
}

export function readKitSnapshot<T extends { id: string }>(storage: StorageLike | null, key: string): KitSnapshot<T> | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { items?: unknown; total?: unknown };
    if (!Array.isArray(parsed.items) || typeof parsed.total !== 'number' || !Number.isInteger(parsed.total) || parsed.total < parsed.items.length) return null;
    if (!parsed.items.every((i) => typeof i === 'object' && i !== null && typeof (i as { id?: unknown }).id === 'string')) return null;
    return { items: parsed.items as T[], total: parsed.total };
  } catch {
    return null;
  }
}

export function writeKitSnapshot<T>(storage: StorageLike | null, key: string, items: readonly T[], pageSize: number): void {
  try {
    const text = JSON.stringify({ items: items.slice(0, pageSize), total: items.length });
    if (text.length > KIT_SNAPSHOT_MAX_CHARS) storage?.removeItem(key);
    else storage?.setItem(key, text);
  } catch {
    // full or blocked storage: the next visit waits for the device's copy
  }
}
