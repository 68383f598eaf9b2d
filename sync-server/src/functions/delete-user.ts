// Account deletion: everything the member owns goes, so nothing of theirs outlives the
// account. Submissions and receipts stay with the admins as business records.
import type { ServerContext } from '../context.ts';
import { destroyDatabase } from '../../../couch/src/provision.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { accountId, profileId } from '../../../design-docs/src/ids.ts';
import { ACCOUNTS_DB, getAccount, releaseEmail } from '../auth/accounts-repo.ts';
import { deleteDoc, deleteWhere, docsWithPrefix } from '../auth/doc-store.ts';
import { removeUserUploads } from '../uploads/storage.ts';

interface MessageFields {
  sender_id?: string;
  receiver_id?: string | null;
  is_public?: boolean;
}

/**
 * Safe to run again after a failure: every step tolerates what an earlier run already removed.
 * Sign-in is stopped first and the account document goes last.
 */
export async function deleteUser(ctx: ServerContext, userId: string): Promise<void> {
  const call = ctx.adminCall;
  const userDb = userDbName(userId);
  // First: no token of theirs may write anything while (or after) their data goes.
  await ctx.revocations.revoke(userId);

  const account = await getAccount(call, userId);
  if (account) await releaseEmail(call, account.email, userId);
  // Refresh sessions, reset tokens and the count of their upload bytes carry the user id.
  await deleteWhere(call, ACCOUNTS_DB, { user_id: userId });

  // Copies of the private messages they sent live in the receivers' userdbs; only their own
  // userdb says where, so it is read before it is destroyed.
  const sent = (await docsWithPrefix<MessageFields>(call, userDb, 'message:')).filter(
    (m) => m.sender_id === userId && !m.is_public && typeof m.receiver_id === 'string' && m.receiver_id !== userId,
  );
  // Only their own copy: a document with the same id sent by someone else stays.
  for (const m of sent) await deleteDoc(call, userDbName(m.receiver_id as string), m._id, (copy) => copy.sender_id === userId);

  await deleteWhere(call, 'chat', { type: 'message', sender_id: userId });
  await deleteWhere(call, 'members', { user_id: userId, type: { $in: ['attendance', 'rating'] } });
  await deleteDoc(call, 'members', profileId(userId));
  await destroyDatabase(call, userDb);
  // Their avatar goes with them, and its records (ADR 055); event and restaurant images may
  // outlive the account, and keep theirs, so the sweep removes them once nothing shows them.
  await removeUserUploads(ctx.config.dataDir, userId);
  const records = await docsWithPrefix<{ bucket?: string }>(call, ACCOUNTS_DB, `upload:${userId}/`);
  for (const r of records) if (r.bucket === 'avatars') await deleteDoc(call, ACCOUNTS_DB, r._id);
  await deleteDoc(call, ACCOUNTS_DB, accountId(userId));
}
