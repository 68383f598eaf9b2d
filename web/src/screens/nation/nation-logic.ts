// Fete Nation's pure rules, apart from React so they are tested on their own.
import { TERRITORIES } from '../../../../design-docs/src/territories.ts';
import { formatCount, joinPlace, showingCount } from '../../lib/format.ts';
import type { DirectoryEntry } from '../../data/repos/profiles.ts';

export const NATION_TITLE = 'Fete Nation';
export const NO_USERS_TEXT = 'No users found';
export const USER_NOT_FOUND_TEXT = 'User not found';
export const START_CHAT_LABEL = 'Start Chat';
export const MEMBERS_ONLY_TITLE = 'Members Only';
export const NATION_SIGN_IN_TEXT = 'Sign in to meet the members of Fete Nation.';
/** Beyond DIRECTORY_DEVICE_LIMIT the device reads part of the directory (ADR 020): say so, never hide it. */
export function partialDirectoryText(limit: number): string {
  return `This device holds the first ${formatCount(limit)} members of Fete Nation; the others are not shown.`;
}
/** The dashboard's word for a blank territory or locality. */
export const NOT_SET = 'Not Set';

export interface NationFilter {
  search: string;
  /** '' is All Territories. */
  territory: string;
}

export const DEFAULT_NATION_FILTER: NationFilter = { search: '', territory: '' };

export const TERRITORY_OPTIONS = [{ value: '', label: 'All Territories' }, ...TERRITORIES.map((t) => ({ value: t, label: t }))];

/** The search or the territory differs from its default: the reset button shows. */
export function nationFilterActive(filter: NationFilter): boolean {
  return filter.search.trim() !== '' || filter.territory !== '';
}

/** "Showing 12 members", "Showing 1 member". */
export function memberCountText(n: number): string {
  return showingCount(n, 'member');
}

/** Where a member lives, "Brooklyn, United States"; '' when neither is set. */
export function memberPlace(m: Pick<DirectoryEntry, 'locality' | 'territory'>): string {
  return joinPlace(m.locality, m.territory);
}

/** Chat opens on the member: the id is in the query (a shared link keeps it) and in the navigation state (the spec's). */
export function startChatTarget(userId: string): { pathname: string; search: string; state: { selectedUserId: string } } {
  return { pathname: '/fete-chat', search: `?${new URLSearchParams({ selectedUserId: userId }).toString()}`, state: { selectedUserId: userId } };
}

/** "Gold", "Premium". */
export function membershipLabel(type: string): string {
  return type ? type[0]!.toUpperCase() + type.slice(1) : '';
}
