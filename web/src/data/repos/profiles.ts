// Member profiles: one's own (settings, dashboard card) and the Fete Nation directory.
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import { PROFILE_SELF_FIELDS } from '../../../../design-docs/src/rules.ts';
import { profileId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { getItem, listRange, listType } from './query.ts';
import type { Item } from './query.ts';
import { readDirectorySnapshot, saveDirectorySnapshot } from '../directory-snapshot.ts';
import type { DirectoryEntry } from '../directory-snapshot.ts';

/** The directory's entry type lives with its snapshot (the lower module); screens import it from here. */
export type { DirectoryEntry };

export type Profile = Item<ProfileDoc>;
export type ProfilePatch = Partial<Pick<ProfileDoc, (typeof PROFILE_SELF_FIELDS)[number]>>;

export function fullName(p: { first_name?: string | null; last_name?: string | null }): string {
  return [p.first_name, p.last_name].filter(Boolean).join(' ');
}

/**
 * How many profiles the device reads into the directory (ADR 020): the same bound as the
 * catalogue a device holds (ARCHITECTURE section 8), and the size the directory bench measures.
 * Past it the directory says it is partial, and the server-side search of ADR 020 takes over.
 */
export const DIRECTORY_DEVICE_LIMIT = 10_000;

export interface DirectoryFilter {
  /** One territory, or every one when blank. */
  territory?: string | null;
  /** Matched anywhere in the full name, case-insensitively. */
  search?: string;
}

export interface Directory {
  entries: DirectoryEntry[];
  /** False when the device holds more profiles than DIRECTORY_DEVICE_LIMIT. */
  complete: boolean;
}

export function toDirectoryEntry(p: Profile): DirectoryEntry {
  return {
    id: p.id,
    first_name: p.first_name,
    last_name: p.last_name,
    avatar_url: p.avatar_url ?? null,
    territory: p.territory ?? '',
    locality: p.locality ?? '',
    membership_type: p.membership_type,
    created_at: p.created_at,
    search_key: fullName(p).toLowerCase(),
  };
}

// One collator for all comparisons: localeCompare builds one per call, too slow for 10,000. Made
// on first need: the first Intl object a page makes loads the locale's data, which a slow phone
// would pay in the task that starts the app (ADR 059).
let collator: Intl.Collator | undefined;

/** By first name, then last name; the id keeps namesakes in a stable order. */
export function compareMembers(a: DirectoryEntry, b: DirectoryEntry): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base' });
  return collator.compare(a.first_name, b.first_name) || collator.compare(a.last_name, b.last_name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Pure, for each keystroke: `entries` come sorted (directoryEntries), and filtering keeps the order. */
export function filterDirectory(entries: readonly DirectoryEntry[], filter: DirectoryFilter = {}): DirectoryEntry[] {
  const territory = filter.territory || null;
  const q = filter.search?.trim().toLowerCase() ?? '';
  if (!territory && !q) return entries.slice();
  return entries.filter((e) => (!territory || e.territory === territory) && (!q || e.search_key.includes(q)));
}

const DIRECTORY_SNAPSHOT = 'directory-first-page';

export function createProfilesRepo(ctx: RepoContext) {
  async function all(): Promise<Profile[]> {
    const me = ctx.member();
    return me ? listType<ProfileDoc>(me.dbs.members, 'profile') : [];
  }

  /**
   * Fete Nation from the device: every member (up to DIRECTORY_DEVICE_LIMIT) by first name,
   * reduced to the directory's fields. The screen filters this on each keystroke.
   */
  async function directoryEntries(limit: number = DIRECTORY_DEVICE_LIMIT): Promise<Directory> {
    const me = ctx.member();
    if (!me) return { entries: [], complete: true };
    // One more than the bound tells whether the device holds more.
    const profiles = await listRange<ProfileDoc>(me.dbs.members, 'profile:', 'profile:\ufff0', limit + 1);
    const complete = profiles.length <= limit;
    const entries = (complete ? profiles : profiles.slice(0, limit)).map(toDirectoryEntry).sort(compareMembers);
    saveDirectorySnapshot(ctx.memberKey(me.userId, DIRECTORY_SNAPSHOT), entries);
    return { entries, complete };
  }

  return {
    async byUserId(userId: string): Promise<Profile | null> {
      const me = ctx.member();
      return me ? getItem<ProfileDoc>(me.dbs.members, profileId(userId)) : null;
    },

    async mine(): Promise<Profile | null> {
      const me = ctx.member();
      return me ? getItem<ProfileDoc>(me.dbs.members, profileId(me.userId)) : null;
    },

    directoryEntries,

    /** The first cards of the last full read, for a reload to draw at once; null when none. */
    directoryFirstPage(userId: string): DirectoryEntry[] | null {
      return readDirectorySnapshot(ctx.memberKey(userId, DIRECTORY_SNAPSHOT));
    },

    /** Fete Nation: everyone by first name, optionally one territory, searched on full name. */
    async directory(filter: DirectoryFilter = {}): Promise<DirectoryEntry[]> {
      return filterDirectory((await directoryEntries()).entries, filter);
    },

    /** One member's page: the directory's fields only, or null when not on the device. */
    async member(userId: string): Promise<DirectoryEntry | null> {
      const me = ctx.member();
      const p = me ? await getItem<ProfileDoc>(me.dbs.members, profileId(userId)) : null;
      return p ? toDirectoryEntry(p) : null;
    },

    /** Everyone but me (chat contacts). */
    async others(): Promise<Profile[]> {
      const me = ctx.member();
      return (await all()).filter((p) => p.user_id !== me?.userId).sort((a, b) => a.first_name.localeCompare(b.first_name));
    },

    /** Settings: only the fields a member may change on their own profile. */
    async updateMine(patch: ProfilePatch): Promise<void> {
      const me = requireMember(ctx);
      const current = await me.dbs.members.get(profileId(me.userId));
      const allowed: Record<string, unknown> = {};
      for (const f of PROFILE_SELF_FIELDS) if (f in patch) allowed[f] = patch[f];
      // Nothing else may change, not even updated_at: the validator allows these fields only.
      await me.write.put('members', { ...current, ...allowed });
    },
  };
}
