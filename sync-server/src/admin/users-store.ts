// The Users admin's reads and writes (ADR 026). Accounts live in the server-only
// `accounts` database and profiles in `members`; both carry the role and the membership, so
// every change writes both (the account first: sign-in and refresh read it).
import type { ServerContext } from '../context.ts';
import type { AdminCall } from '../../../couch/src/provision.ts';
import type { AdminUser } from '../../../design-docs/src/schemas/api.ts';
import type { ProfileDoc } from '../../../design-docs/src/schemas/profile.ts';
import { docId, idOf, profileId } from '../../../design-docs/src/ids.ts';
import { ACCOUNTS_DB, getAccount, updateAccount } from '../auth/accounts-repo.ts';
import type { AccountDoc } from '../auth/accounts-repo.ts';
import { getDoc, updateDoc, updateWhere } from '../auth/doc-store.ts';
import { couchFor, eachInRange, prefixRange, type Doc } from '../workers/couch.ts';

function toUser(userId: string, a: AccountDoc, p: ProfileDoc | undefined): AdminUser {
  return {
    id: userId,
    // Members rename themselves on their profile; the account keeps the sign-up names.
    first_name: p?.first_name ?? a.first_name ?? '',
    last_name: p?.last_name ?? a.last_name ?? '',
    email: a.email,
    role: a.role === 'admin' ? 'admin' : 'member',
    membership_type: a.membership_type,
    membership_expires_at: a.membership_expires_at ?? null,
    created_at: a.created_at ?? null,
  };
}

/** Every account, joined with its profile's names. */
export async function allUsers(call: AdminCall): Promise<AdminUser[]> {
  const profiles = new Map<string, ProfileDoc>();
  await eachInRange<ProfileDoc & Doc>(couchFor(call), 'members', prefixRange('profile:'), (p) => {
    if (p.type === 'profile') profiles.set(idOf(p._id), p);
  });
  const out: AdminUser[] = [];
  await eachInRange<AccountDoc & Doc>(couchFor(call), ACCOUNTS_DB, prefixRange('account:'), (a) => {
    if (a.type !== 'account') return;
    const id = idOf(a._id);
    out.push(toUser(id, a, profiles.get(id)));
  });
  return out;
}

export async function oneUser(call: AdminCall, userId: string): Promise<AdminUser | null> {
  const account = await getAccount(call, userId);
  if (!account) return null;
  const profile = await getDoc<ProfileDoc>(call, 'members', profileId(userId));
  return toUser(userId, account, profile ?? undefined);
}

/** Writes the change to the account, then to the profile (which may be missing). */
export async function changeMembershipFields(
  ctx: ServerContext,
  userId: string,
  fields: Partial<Pick<AccountDoc, 'role' | 'membership_expires_at'>>,
  adminId: string,
): Promise<AdminUser | null> {
  const call = ctx.adminCall;
  const at = new Date().toISOString();
  const account = await updateAccount(call, userId, (a) => ({ ...a, ...fields, updated_at: at, updated_by: adminId }));
  if (!account) return null;
  await updateDoc<ProfileDoc>(call, 'members', profileId(userId), (p) => ({ ...p, ...fields }));
  return oneUser(call, userId);
}

/**
 * Makes `userId` the owner of one restaurant, or of none (`restaurantId` null). A member owns at
 * most one (the owner's page manages "your restaurant"), so any other they own is released.
 * 'not_found' when the restaurant does not exist.
 */
export async function assignRestaurant(ctx: ServerContext, userId: string, restaurantId: string | null, adminId: string): Promise<'ok' | 'not_found'> {
  const call = ctx.adminCall;
  const at = new Date().toISOString();
  const target = restaurantId === null ? null : docId('restaurant', restaurantId);
  if (target !== null) {
    const written = await updateDoc<{ type: string; owner_id?: string | null }>(call, 'catalog', target, (r) =>
      r.type !== 'restaurant' || r._deleted ? null : r.owner_id === userId ? null : { ...r, owner_id: userId, updated_at: at, updated_by: adminId },
    );
    if (!written) {
      const r = await getDoc<{ type: string }>(call, 'catalog', target);
      if (!r || r.type !== 'restaurant') return 'not_found';
    }
  }
  await updateWhere(call, 'catalog', { type: 'restaurant', owner_id: userId, ...(target ? { _id: { $ne: target } } : {}) }, (r) => ({
    ...r,
    owner_id: null,
    updated_at: at,
    updated_by: adminId,
  }));
  return 'ok';
}
