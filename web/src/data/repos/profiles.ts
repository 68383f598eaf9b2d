// Member profiles: one's own (settings, dashboard card) and the Fete Nation directory.
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import { PROFILE_SELF_FIELDS } from '../../../../design-docs/src/rules.ts';
import { profileId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { getItem, listType, matchesText } from './query.ts';
import type { Item } from './query.ts';

export type Profile = Item<ProfileDoc>;
export type ProfilePatch = Partial<Pick<ProfileDoc, (typeof PROFILE_SELF_FIELDS)[number]>>;

export function fullName(p: { first_name?: string | null; last_name?: string | null }): string {
  return [p.first_name, p.last_name].filter(Boolean).join(' ');
}

export function createProfilesRepo(ctx: RepoContext) {
  async function all(): Promise<Profile[]> {
    const me = ctx.member();
    return me ? listType<ProfileDoc>(me.dbs.members, 'profile') : [];
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

    /** Fete Nation: everyone by first name, optionally one territory, searched on full name. */
    async directory(filter: { territory?: string | null; search?: string } = {}): Promise<Profile[]> {
      return (await all())
        .filter((p) => !filter.territory || p.territory === filter.territory)
        .filter((p) => matchesText(filter.search, fullName(p)))
        .sort((a, b) => a.first_name.localeCompare(b.first_name) || a.last_name.localeCompare(b.last_name));
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
