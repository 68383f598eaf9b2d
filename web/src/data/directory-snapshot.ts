// The first screenful of Fete Nation, kept in localStorage per member. On a reload the
// directory's full read of every profile from IndexedDB takes over a second with 10,000 members
// on a phone (npm run bench -- fete-nation); the unfiltered first cards are what the person sees
// first, so they are drawn from this small copy at once and replaced when the full read lands
// (first-screen-snapshot.ts).
import type { DirectoryEntry } from './repos/profiles.ts';
import { defaultStorage } from './session.ts';
import { isListOf, readSnapshot, writeSnapshot } from './first-screen-snapshot.ts';

const VERSION = 2;
/** About two screens of cards: small enough to read and draw at once. */
export const DIRECTORY_FIRST_PAGE = 24;

const isEntryList = isListOf('id');

export function readDirectorySnapshot(key: string): DirectoryEntry[] | null {
  const entries = readSnapshot(defaultStorage(), key, VERSION, isEntryList) as DirectoryEntry[] | null;
  return entries && entries.length > 0 ? entries : null;
}

/** Saves the first cards of a full read (already in directory order), unless already stored. */
export function saveDirectorySnapshot(key: string, entries: readonly DirectoryEntry[]): void {
  const first = entries.slice(0, DIRECTORY_FIRST_PAGE);
  writeSnapshot(defaultStorage(), key, VERSION, first.length > 0 ? first : null);
}
