// The operator's admin from ADMIN_EMAIL / ADMIN_PASSWORD, made sure of at every start: the
// account exists, is an admin whose membership never expires, and has that password. An
// existing member with the same e-mail is promoted rather than duplicated.
import type { ServerContext } from '../context.ts';
import { provisionDatabase } from '../../../couch/src/provision.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { profileId } from '../../../design-docs/src/ids.ts';
import { findAccountByEmail, updateAccount, userIdOf } from './accounts-repo.ts';
import { createMember } from './create-member.ts';
import { getDoc, putDoc, updateDoc } from './doc-store.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { revokeAccountSessions } from './sessions.ts';

export async function ensureAdminAccount(ctx: ServerContext): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = ctx.config;
  if (!email || !password) return;
  const call = ctx.adminCall;

  const existing = await findAccountByEmail(call, email);
  if (!existing) {
    const res = await createMember(ctx, {
      email,
      passwordHash: await hashPassword(password),
      first_name: 'Fete',
      last_name: 'Admin',
      territory: '',
      locality: '',
      role: 'admin',
      membership_expires_at: null,
    });
    if (res.kind === 'email_taken') throw new Error('ADMIN_EMAIL is claimed by an account that cannot be read');
    ctx.log('info', 'admin account created', { user: res.userId });
    return;
  }

  const userId = userIdOf(existing);
  const matches = await verifyPassword(existing.password_hash, password);
  const newHash = matches && !needsRehash(existing.password_hash) ? null : await hashPassword(password);
  await updateAccount(call, userId, (a) => {
    if (a.role === 'admin' && a.membership_expires_at === null && newHash === null) return null;
    const now = new Date().toISOString();
    return {
      ...a,
      role: 'admin',
      membership_expires_at: null,
      ...(newHash ? { password_hash: newHash, password_changed_at: now } : {}),
      updated_at: now,
    };
  });

  // A new ADMIN_PASSWORD is a credential rotation: sessions made with the old one end.
  if (!matches) await revokeAccountSessions(call, userId);

  // A promoted member keeps their profile; it only has to say admin and never expire.
  const pid = profileId(userId);
  const profile = await getDoc(call, 'members', pid);
  if (profile) {
    await updateDoc(call, 'members', pid, (p) =>
      p.role === 'admin' && p.membership_expires_at === null ? null : { ...p, role: 'admin', membership_expires_at: null },
    );
  } else {
    await putDoc(call, 'members', {
      _id: pid,
      type: 'profile',
      user_id: userId,
      first_name: existing.first_name || 'Fete',
      last_name: existing.last_name || 'Admin',
      avatar_url: '',
      territory: '',
      locality: '',
      membership_type: existing.membership_type,
      membership_expires_at: null,
      role: 'admin',
      created_at: existing.created_at,
    });
  }
  await provisionDatabase(call, userDbName(userId));
}
