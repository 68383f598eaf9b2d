// A screen's first screenful as the device last drew it, kept in device storage. Read
// synchronously, it is on screen with the page's first paint, before the device's own copy (a
// read of hundreds or thousands of documents from IndexedDB, 100 ms to over a second on a phone)
// has answered; that read then replaces it and stores the next snapshot. Kept per member: the
// key starts like the member's databases (`{prefix}-u-{id}-`), so sign-out removes it
// (local-dbs.ts). Used by Fete Chat, Fete Nation, the admin lists and the dashboard's tabs.
import type { StorageLike } from './storage.ts';

/** A record past this is not kept: the screen then waits for the device's copy. */
export const SNAPSHOT_MAX_CHARS = 256 * 1024;

interface Stored {
  v: number;
  value: unknown;
}

/** The value stored at `key` when it is of `version` and `valid` accepts it; null otherwise. */
export function readSnapshot<T>(storage: StorageLike | null, key: string, version: number, valid: (value: unknown) => value is T): T | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored> | null;
    return parsed?.v === version && valid(parsed.value) ? parsed.value : null;
  } catch {
    return null;
  }
}

/**
 * Stores `value` unless the very same is stored already (a live query answers often, mostly
 * unchanged). `null`, or a record past `maxChars`, removes the key.
 */
export function writeSnapshot(storage: StorageLike | null, key: string, version: number, value: unknown, maxChars = SNAPSHOT_MAX_CHARS): void {
  if (!storage) return;
  try {
    if (value === null) {
      storage.removeItem(key);
      return;
    }
    const text = JSON.stringify({ v: version, value } satisfies Stored);
    if (text.length > maxChars) storage.removeItem(key);
    else if (storage.getItem(key) !== text) storage.setItem(key, text);
  } catch {
    // Full or refused storage: the screen simply waits for the device's copy.
  }
}

/** A list of objects each with a string `key` field (`id`, `_id`), as the lists above hold. */
export function isListOf(field: string): (value: unknown) => value is Array<Record<string, unknown>> {
  return (value): value is Array<Record<string, unknown>> =>
    Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && typeof (item as Record<string, unknown>)[field] === 'string');
}
