// Demo accounts, made through sign-up's own createMember so they are real accounts that sign
// in like any other. Safe to re-run, including after a crash inside createMember: an existing
// account is reused, an e-mail claim left without an account is released, and the profile,
// userdb and avatar are made sure of.
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import type { AdminCall } from '../../../couch/src/provision.ts';
import { provisionDatabase } from '../../../couch/src/provision.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { emailId, profileId } from '../../../design-docs/src/ids.ts';
import { goldExpiry } from '../../../design-docs/src/membership.ts';
import { ACCOUNTS_DB, findAccountByEmail, getAccount, releaseEmail, userIdOf } from '../auth/accounts-repo.ts';
import type { AccountDoc } from '../auth/accounts-repo.ts';
import type { EmailIndexDoc } from '../../../design-docs/src/schemas/account.ts';
import { createMember } from '../auth/create-member.ts';
import { getDoc, putDoc, updateDoc } from '../auth/doc-store.ts';
import { hashPassword } from '../auth/passwords.ts';

export interface DemoAccountSpec {
  email: string;
  /** Omitted for community members nobody signs in as: they get a random one. */
  password?: string;
  first_name: string;
  last_name: string;
  territory: string;
  locality: string;
  role: 'member' | 'admin';
  /** Path in the avatars bucket. */
  avatar_url: string;
}

async function create(ctx: ServerContext, spec: DemoAccountSpec): Promise<string> {
  const input = {
    email: spec.email,
    passwordHash: await hashPassword(spec.password ?? randomBytes(24).toString('base64url')),
    first_name: spec.first_name,
    last_name: spec.last_name,
    territory: spec.territory,
    locality: spec.locality,
    role: spec.role,
    membership_expires_at: spec.role === 'admin' ? null : goldExpiry(new Date()),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await createMember(ctx, input);
    if (res.kind === 'created') return res.userId;
    // Sign-up treats a fresh orphan claim as taken for a minute; a restarted seed knows better.
    const claim = await getDoc<EmailIndexDoc>(ctx.adminCall, ACCOUNTS_DB, emailId(spec.email));
    if (claim && !(await getAccount(ctx.adminCall, claim.user_id))) await releaseEmail(ctx.adminCall, spec.email, claim.user_id);
  }
  throw new Error(`demo account ${spec.email} could not be created: the e-mail is claimed`);
}

/** The profile createMember would have written, for an account whose start died before it. */
async function ensureProfile(call: AdminCall, userId: string, account: AccountDoc, spec: DemoAccountSpec): Promise<void> {
  const id = profileId(userId);
  const changed = await updateDoc<{ avatar_url?: string | null }>(call, 'members', id, (p) => (p.avatar_url ? null : { ...p, avatar_url: spec.avatar_url }));
  if (changed || (await getDoc(call, 'members', id))) return;
  await putDoc(call, 'members', {
    _id: id,
    type: 'profile',
    user_id: userId,
    first_name: account.first_name,
    last_name: account.last_name,
    avatar_url: spec.avatar_url,
    territory: spec.territory,
    locality: spec.locality,
    membership_type: account.membership_type,
    membership_expires_at: account.membership_expires_at,
    role: account.role,
    created_at: account.created_at,
  });
}

export async function ensureDemoAccount(ctx: ServerContext, spec: DemoAccountSpec): Promise<string> {
  const call = ctx.adminCall;
  const existing = await findAccountByEmail(call, spec.email);
  const userId = existing ? userIdOf(existing) : await create(ctx, spec);
  const account = existing ?? (await getAccount(call, userId));
  if (!account) throw new Error(`demo account ${spec.email} vanished while it was being set up`);
  await provisionDatabase(call, userDbName(userId));
  await ensureProfile(call, userId, account, spec);
  return userId;
}
