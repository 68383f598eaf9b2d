// Creates a member the way sign-up does: e-mail claim, account, profile and userdb. Each
// step is undone if a later one fails, so a half-made member never blocks the e-mail.
import type { ServerContext } from '../context.ts';
import { destroyDatabase, provisionDatabase } from '../../../couch/src/provision.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { accountId, newId, normaliseEmail, profileId } from '../../../design-docs/src/ids.ts';
import { ACCOUNTS_DB, claimEmail, insertAccount, releaseEmail } from './accounts-repo.ts';
import type { Account, AccountDoc } from './accounts-repo.ts';
import { deleteDoc, putDoc } from './doc-store.ts';

export interface NewMember {
  email: string;
  passwordHash: string;
  first_name: string;
  last_name: string;
  territory: string;
  locality: string;
  role: 'member' | 'admin';
  membership_expires_at: string | null;
}

export type CreateResult = { kind: 'created'; userId: string; account: AccountDoc } | { kind: 'email_taken' };

export async function createMember(ctx: ServerContext, m: NewMember, now = new Date()): Promise<CreateResult> {
  const call = ctx.adminCall;
  const userId = newId();
  const email = normaliseEmail(m.email);
  if ((await claimEmail(call, email, userId, now)) === 'taken') return { kind: 'email_taken' };

  const createdAt = now.toISOString();
  const account: Account = {
    type: 'account',
    email,
    password_hash: m.passwordHash,
    role: m.role,
    membership_type: 'gold',
    membership_expires_at: m.membership_expires_at,
    created_at: createdAt,
    first_name: m.first_name,
    last_name: m.last_name,
  };
  const undo: (() => Promise<unknown>)[] = [() => releaseEmail(call, email, userId)];
  try {
    await insertAccount(call, userId, account);
    undo.push(() => deleteDoc(call, ACCOUNTS_DB, accountId(userId)));

    const profile = {
      _id: profileId(userId),
      type: 'profile',
      user_id: userId,
      first_name: m.first_name,
      last_name: m.last_name,
      avatar_url: '',
      territory: m.territory,
      locality: m.locality,
      membership_type: 'gold',
      membership_expires_at: m.membership_expires_at,
      role: m.role,
      created_at: createdAt,
    };
    if ((await putDoc(call, 'members', profile)) === 'conflict') throw new Error(`profile ${userId} already exists`);
    undo.push(() => deleteDoc(call, 'members', profile._id));

    undo.push(() => destroyDatabase(call, userDbName(userId)));
    await provisionDatabase(call, userDbName(userId));
  } catch (err) {
    for (const step of undo.reverse()) {
      await step().catch((e: unknown) => ctx.log('error', 'sign-up clean-up step failed', e));
    }
    throw err;
  }
  return { kind: 'created', userId, account: { ...account, _id: accountId(userId) } };
}
