// Password-reset tokens: `reset:{sha256(token)}` in `accounts`, valid for one hour, once, and
// only until the password next changes (ADR 056).
import type { AdminCall } from '../../../couch/src/provision.ts';
import type { AccountDoc, ResetTokenDoc } from '../../../design-docs/src/schemas/account.ts';
import { resetId } from '../../../design-docs/src/ids.ts';
import { ACCOUNTS_DB } from './accounts-repo.ts';
import { getDoc, putDoc } from './doc-store.ts';
import type { StoredDoc } from './doc-store.ts';
import { putExclusive } from '../backend/exclusive-write.ts';
import { randomToken, sha256Hex } from './crypto.ts';

export const RESET_TOKEN_MS = 60 * 60 * 1000;

export type ResetDoc = Omit<ResetTokenDoc, '_id' | '_rev'> & StoredDoc;

const resetDocId = (token: string): string => resetId(sha256Hex(token));

export async function createResetToken(call: AdminCall, userId: string, now = new Date()): Promise<string> {
  const token = randomToken();
  const doc: ResetDoc = {
    _id: resetDocId(token),
    type: 'reset',
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + RESET_TOKEN_MS).toISOString(),
    used_at: null,
  };
  if ((await putDoc(call, ACCOUNTS_DB, doc)) === 'conflict') throw new Error('reset token collision');
  return token;
}

/** The token's document if it is unused and unexpired, else null. */
export async function checkResetToken(call: AdminCall, token: string, now = new Date()): Promise<ResetDoc | null> {
  if (token.length === 0 || token.length > 200) return null;
  const doc = await getDoc<ResetDoc>(call, ACCOUNTS_DB, resetDocId(token));
  if (!doc || doc.type !== 'reset' || doc.used_at) return null;
  if (!(Date.parse(doc.expires_at) > now.getTime())) return null;
  return doc;
}

/** Spends the token; false if another request spent it first. */
export async function spendResetToken(call: AdminCall, doc: ResetDoc, now = new Date()): Promise<boolean> {
  return (await putExclusive(call, ACCOUNTS_DB, { ...doc, used_at: now.toISOString() })) !== 'conflict';
}

/**
 * False for a link asked for before the account's password last changed, by a reset (with this
 * link's newer sibling) or a change in Settings: the account records when, in `accounts`, so
 * every server refuses the older links alike, with no list of links to find and spend.
 */
export function resetLinkStillGood(doc: Pick<ResetDoc, 'created_at'>, account: Pick<AccountDoc, 'password_changed_at'>): boolean {
  const changed = account.password_changed_at;
  return changed === undefined || Date.parse(doc.created_at) > Date.parse(changed);
}
