// A dashboard tab's content as the device last drew it (first-screen-snapshot.ts): on a reload
// the tab shows it with the card, while the device's copy (hundreds of likes, attendances or
// receipts and their catalogue items, read from IndexedDB) is read; that answer then replaces it
// and is stored for the next time. Measured by npm run bench -- dashboard-render.
import { useEffect, useMemo } from 'react';
import { useDataLayer } from '../../data/react.ts';
import { defaultStorage } from '../../data/storage.ts';
import { isListOf, readSnapshot, writeSnapshot } from '../../data/first-screen-snapshot.ts';
import type { ItemLink } from './item-links.tsx';

const VERSION = 1;

/** Sections of item links (the liked and attending tabs), by section name. */
export type LinkSections = Record<string, ItemLink[]>;

const isLinkList = isListOf('key');

export function isLinkSections(value: unknown): value is LinkSections {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isLinkList);
}

/**
 * `current`: the tab's live answer (undefined until the first read lands), memoised by the
 * caller. Returns what to draw: the answer once there is one, the snapshot before. `keep` (a
 * module-level function) trims the answer to what is stored.
 */
export function useTabSnapshot<T>(name: string, current: T | undefined, valid: (value: unknown) => value is T, keep: (value: T) => T = same): T | undefined {
  const data = useDataLayer();
  const key = data.memberKey(`dashboard-${name}`);
  // Read once per member (the key names them): never another member's rows.
  const stored = useMemo(() => (key ? readSnapshot(defaultStorage(), key, VERSION, valid) : null), [key, valid]);
  useEffect(() => {
    if (key && current !== undefined) writeSnapshot(defaultStorage(), key, VERSION, keep(current));
  }, [key, current, keep]);
  return current ?? stored ?? undefined;
}

function same<T>(value: T): T {
  return value;
}
