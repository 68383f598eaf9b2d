// Accounts in the server-only `accounts` database (ARCHITECTURE.md section 4):
// `account:{id}` holds the credentials and membership, `email:{normalised}` points to the id.
// Document shapes are design-docs/src/schemas/account.ts.
import type { AdminCall } from '../../../couch/src/provision.ts';
import type { AccountDoc as AccountShape, EmailIndexDoc } from '../../../design-docs/src/schemas/account.ts';
import { accountId, emailId } from '../../../design-docs/src/ids.ts';
import { deleteDoc, getDoc, putDoc, updateDoc } from './doc-store.ts';
import type { StoredDoc } from './doc-store.ts';
import { putExclusive } from '../backend/exclusive-write.ts';

export const ACCOUNTS_DB = 'accounts';

/** The names are kept with the credentials so sign-in can answer without reading `members`. */
export type Account = Omit<AccountShape, '_id' | '_rev'> & { first_name: string; last_name: string };
export type AccountDoc = Account & StoredDoc;

/** An e-mail claim with no account behind it after this long was left by a failed sign-up. */
const STALE_CLAIM_MS = 60_000;

export function userIdOf(account: AccountDoc): string {
  return account._id.slice('account:'.length);
}

export function getAccount(call: AdminCall, userId: string): Promise<AccountDoc | null> {
  return getDoc<Account>(call, ACCOUNTS_DB, accountId(userId));
}

export async function findAccountByEmail(call: AdminCall, email: string): Promise<AccountDoc | null> {
  const index = await getDoc<EmailIndexDoc>(call, ACCOUNTS_DB, emailId(email));
  if (!index) return null;
  return getAccount(call, index.user_id);
}

/**
 * Reserves the e-mail for this user id. The database's 409 on `email:{normalised}` is what
 * makes e-mails unique, so this runs before the account is written.
 */
export async function claimEmail(call: AdminCall, email: string, userId: string, now = new Date()): Promise<'claimed' | 'taken'> {
  const doc: StoredDoc = { _id: emailId(email), type: 'email', user_id: userId, created_at: now.toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    if ((await putExclusive(call, ACCOUNTS_DB, doc)) !== 'conflict') return 'claimed';
    const existing = await getDoc<EmailIndexDoc>(call, ACCOUNTS_DB, doc._id);
    // Our own claim can only be the revision putExclusive withdrew, still shown by a copy that
    // lags (the user id is new to this sign-up): taking it for a win gave one e-mail two accounts.
    if (!existing || existing.user_id === userId) continue;
    const owner = await getAccount(call, existing.user_id);
    const age = now.getTime() - Date.parse(existing.created_at ?? '');
    if (owner || !(age > STALE_CLAIM_MS)) return 'taken';
    // Only that stale claim: a sign-up that claimed the address meanwhile keeps it.
    await deleteDoc(call, ACCOUNTS_DB, doc._id, (d) => d._rev === existing._rev);
  }
  return 'taken';
}

/** Frees the e-mail, but only if this user still holds it. */
export async function releaseEmail(call: AdminCall, email: string, userId: string): Promise<void> {
  await deleteDoc(call, ACCOUNTS_DB, emailId(email), (d) => d.user_id === userId);
}

export async function insertAccount(call: AdminCall, userId: string, account: Account): Promise<void> {
  const res = await putDoc(call, ACCOUNTS_DB, { ...account, _id: accountId(userId) });
  if (res === 'conflict') throw new Error(`account ${userId} already exists`);
}

export function updateAccount(call: AdminCall, userId: string, change: (a: AccountDoc) => AccountDoc | null): Promise<AccountDoc | null> {
  return updateDoc<Account>(call, ACCOUNTS_DB, accountId(userId), change);
}

export function setPasswordHash(call: AdminCall, userId: string, passwordHash: string, now = new Date()): Promise<AccountDoc | null> {
  const at = now.toISOString();
  return updateAccount(call, userId, (a) => ({ ...a, password_hash: passwordHash, updated_at: at, password_changed_at: at }));
}

