// The first screenful of Fete Nation, kept in localStorage per member. On a reload the
// directory's full read of every profile from IndexedDB takes over a second with 10,000 members
// on a phone (npm run bench -- fete-nation); the unfiltered first cards are what the person sees
// first, so they are drawn from this small copy at once and replaced when the full read lands.
// It is members' data: its key starts like the member's databases (`{prefix}-u-{id}-`), and
// sign-out removes every such key (local-dbs.ts).
import type { DirectoryEntry } from './repos/profiles.ts';

const VERSION = 1;
/** About two screens of cards: small enough to read and draw at once. */
export const DIRECTORY_FIRST_PAGE = 24;

interface Stored {
  v: number;
  sig: string;
  entries: DirectoryEntry[];
}

function storage(): Storage | null {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage ?? null;
  } catch {
    return null;
  }
}

export function readDirectorySnapshot(key: string): DirectoryEntry[] | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return parsed.v === VERSION && Array.isArray(parsed.entries) && parsed.entries.length > 0 ? parsed.entries : null;
  } catch {
    return null;
  }
}

/** Saves the first cards of a full read (already in directory order), unless already stored. */
export function saveDirectorySnapshot(key: string, entries: readonly DirectoryEntry[]): void {
  const s = storage();
  if (!s) return;
  const first = entries.slice(0, DIRECTORY_FIRST_PAGE);
  const sig = first.map((e) => JSON.stringify(e)).join('|');
  try {
    const raw = s.getItem(key);
    if (raw && (JSON.parse(raw) as Partial<Stored>).sig === sig) return;
    if (first.length === 0) s.removeItem(key);
    else s.setItem(key, JSON.stringify({ v: VERSION, sig, entries: first } satisfies Stored));
  } catch {
    // Full or refused storage: the directory simply waits for the full read.
  }
}
