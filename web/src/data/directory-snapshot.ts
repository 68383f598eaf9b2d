// The first screenful of Fete Nation, kept in localStorage per member. On a reload the
// directory's full read of every profile from IndexedDB takes over a second with 10,000 members
// on a phone (npm run bench -- fete-nation); the unfiltered first cards are what the person sees
// first, so they are drawn from this small copy at once and replaced when the full read lands
// (first-screen-snapshot.ts).
import type { ProfileDoc } from '../../../design-docs/src/schemas/profile.ts';
import { defaultStorage } from './storage.ts';
import { isListOf, readSnapshot, writeSnapshot } from './first-screen-snapshot.ts';

/**
 * What Fete Nation shows of another member: the spec's profile fields a directory needs, and
 * nothing else. Profiles never hold an e-mail (it lives in `accounts`, server only), and role
 * and membership expiry stay out so a screen cannot show them by accident.
 */
export interface DirectoryEntry {
  id: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  territory: string;
  locality: string;
  membership_type: ProfileDoc['membership_type'];
  created_at: string;
  /** The full name in lower case, made once so a keystroke compares strings only. */
  search_key: string;
}

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
