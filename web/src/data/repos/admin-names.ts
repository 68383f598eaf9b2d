// Who changed what (ADR 030): the name behind an `updated_by`. Admins are few, so their
// profiles are read from the server's `members` once and kept; any other writer (a restaurant
// owner, an admin promoted since) is read once by id. Admins work online (ADR 021).
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import { profileId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { findAll } from './admin-find.ts';
import { getItem } from './query.ts';

type Named = Pick<ProfileDoc, 'user_id' | 'first_name' | 'last_name'>;

const fullName = (p: Partial<Named>) => `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim();

export function createAdminNamesRepo(ctx: RepoContext) {
  let admins: Promise<Map<string, string>> | null = null;
  const others = new Map<string, Promise<string | null>>();

  function names(): Promise<Map<string, string>> {
    requireMember(ctx);
    admins ??= findAll<Named>(ctx, 'members', {
      selector: { type: 'profile', role: 'admin' },
      fields: ['user_id', 'first_name', 'last_name'],
    }).then(
      (list) => new Map(list.map((p) => [p.user_id, fullName(p)] as const).filter(([, name]) => name !== '')),
      (err: unknown) => {
        admins = null; // the next page tries again
        throw err;
      },
    );
    return admins;
  }

  return {
    /** The admins' full names by user id, read once. */
    names,
    /** One writer's full name; null for an id with no profile (a deleted account) or no name. */
    async nameOf(userId: string): Promise<string | null> {
      const known = (await names().catch(() => new Map<string, string>())).get(userId);
      if (known) return known;
      let one = others.get(userId);
      if (!one) {
        one = getItem<ProfileDoc>(ctx.remote('members'), profileId(userId)).then((p) => (p ? fullName(p) || null : null));
        others.set(userId, one);
        one.catch(() => others.delete(userId));
      }
      return one;
    },
  };
}
export type AdminNamesRepo = ReturnType<typeof createAdminNamesRepo>;
