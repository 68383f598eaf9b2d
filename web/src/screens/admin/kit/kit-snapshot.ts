// The first page of a long admin list as the device last saw it (first-screen-snapshot.ts):
// drawn with the page's first paint, before the device's copy (thousands of documents from
// IndexedDB) or the server have answered; either then replaces it. Only what is drawn at once is
// kept (one page and the count), so the record stays small.
import type { StorageLike } from '../../../data/storage.ts';
import { SNAPSHOT_MAX_CHARS, isListOf, readSnapshot, writeSnapshot } from '../../../data/first-screen-snapshot.ts';

export interface KitSnapshot<T> {
  items: T[];
  /** How many the whole list held. */
  total: number;
}

const VERSION = 2;
/** A record past this is not kept (the page then waits for the device's copy, as before). */
export const KIT_SNAPSHOT_MAX_CHARS = SNAPSHOT_MAX_CHARS;

const isItemList = isListOf('id');

function isKitSnapshot(value: unknown): value is KitSnapshot<{ id: string }> {
  const v = value as { items?: unknown; total?: unknown } | null;
  return (
    typeof v === 'object' && v !== null && isItemList(v.items) && typeof v.total === 'number' && Number.isInteger(v.total) && v.total >= v.items.length
  );
}

export function kitSnapshotKey(testId: string, prefix = 'fete-'): string {
  return `${prefix}admin-kit-first:${testId}`;
}

export function readKitSnapshot<T extends { id: string }>(storage: StorageLike | null, key: string): KitSnapshot<T> | null {
  return readSnapshot(storage, key, VERSION, isKitSnapshot) as KitSnapshot<T> | null;
}

export function writeKitSnapshot<T>(storage: StorageLike | null, key: string, items: readonly T[], pageSize: number): void {
  writeSnapshot(storage, key, VERSION, { items: items.slice(0, pageSize), total: items.length }, KIT_SNAPSHOT_MAX_CHARS);
}
