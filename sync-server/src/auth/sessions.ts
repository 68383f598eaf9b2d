// Refresh sessions: `refresh:{sha256(token)}` in `accounts`. Each token is used once; using
// it issues the next one in the same family. Presenting a used token means it was copied,
// so the whole family is revoked and both holders must sign in again.
import type { AdminCall } from '../../../couch/src/provision.ts';
import type { RefreshSessionDoc } from '../../../design-docs/src/schemas/account.ts';
import { refreshId } from '../../../design-docs/src/ids.ts';
import { ACCOUNTS_DB } from './accounts-repo.ts';
import { deleteWhere, getDoc, putDoc, updateWhere } from './doc-store.ts';
import type { StoredDoc } from './doc-store.ts';
import { randomToken, sha256Hex } from './crypto.ts';

export type RefreshDoc = Omit<RefreshSessionDoc, '_id' | '_rev'> & StoredDoc;

export const refreshDocId = (token: string): string => refreshId(sha256Hex(token));

export interface IssuedRefresh {
  token: string;
  family: string;
  expiresAt: Date;
}

/** Starts a new family (sign-in) or continues one (rotation), with `token` when it was chosen before. */
export async function issueRefresh(call: AdminCall, userId: string, days: number, family?: string, now = new Date(), token = randomToken()): Promise<IssuedRefresh> {
  const fam = family ?? randomToken(16);
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  const doc: RefreshDoc = {
    _id: refreshDocId(token),
    type: 'refresh',
    user_id: userId,
    family: fam,
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    // Explicit nulls, so that Mango selectors can ask for `revoked_at: null`.
    rotated_at: null,
    revoked_at: null,
  };
  if ((await putDoc(call, ACCOUNTS_DB, doc)) === 'conflict') throw new Error('refresh token collision');
  return { token, family: fam, expiresAt };
}

export type Presented = { kind: 'valid'; doc: RefreshDoc } | { kind: 'invalid' } | { kind: 'reused'; doc: RefreshDoc };

/** Looks a presented token up without changing anything. */
export async function inspectRefresh(call: AdminCall, token: string, now = new Date()): Promise<Presented> {
  if (token.length === 0 || token.length > 200) return { kind: 'invalid' };
  const doc = await getDoc<RefreshDoc>(call, ACCOUNTS_DB, refreshDocId(token));
  if (!doc || doc.type !== 'refresh' || doc.revoked_at) return { kind: 'invalid' };
  if (doc.rotated_at) return { kind: 'reused', doc };
  if (!(Date.parse(doc.expires_at) > now.getTime())) return { kind: 'invalid' };
  return { kind: 'valid', doc };
}

/**
 * Marks a valid token used, naming its successor and the client's attempt id. Of two requests
 * racing with the same token only one wins the revision; the loser is treated as reuse, because
 * one of them holds a copy.
 */
export async function markRotated(call: AdminCall, doc: RefreshDoc, successor: string, attempt: string | null, now = new Date()): Promise<boolean> {
  const rotated = { ...doc, rotated_at: now.toISOString(), rotated_to: refreshDocId(successor), rotated_attempt: attempt };
  return (await putDoc(call, ACCOUNTS_DB, rotated)) !== 'conflict';
}

/** How long a client may retry a rotation whose answer it never got (a dropped signal). */
export const LOST_ROTATION_RETRY_MS = 24 * 60 * 60 * 1000;

/**
 * A used token presented again is a copy, unless it is the same client retrying the same
 * rotation (its attempt id, kept in the app's own storage, never in a cookie) whose answer was
 * lost on the way: then the successor it never received is still unused. That successor is
 * revoked and a new one takes its place; `token` is the new one's value. False: it is reuse.
 */
export async function replaceLostSuccessor(call: AdminCall, doc: RefreshDoc, attempt: string | null, token: string, now = new Date()): Promise<boolean> {
  if (!attempt || !doc.rotated_attempt || doc.rotated_attempt !== attempt || !doc.rotated_to || !doc.rotated_at) return false;
  if (!(now.getTime() - Date.parse(doc.rotated_at) < LOST_ROTATION_RETRY_MS)) return false;
  const successor = await getDoc<RefreshDoc>(call, ACCOUNTS_DB, doc.rotated_to);
  if (!successor || successor.rotated_at || successor.revoked_at || successor.family !== doc.family) return false;
  if ((await putDoc(call, ACCOUNTS_DB, { ...successor, revoked_at: now.toISOString() })) === 'conflict') return false;
  return (await putDoc(call, ACCOUNTS_DB, { ...doc, rotated_to: refreshDocId(token) })) !== 'conflict';
}

function revokeWhere(call: AdminCall, selector: Record<string, unknown>, now: Date): Promise<number> {
  const at = now.toISOString();
  return updateWhere(call, ACCOUNTS_DB, { type: 'refresh', revoked_at: null, ...selector }, (d) => ({ ...d, revoked_at: at }));
}

export function revokeFamily(call: AdminCall, userId: string, family: string, now = new Date()): Promise<number> {
  return revokeWhere(call, { user_id: userId, family }, now);
}

/** Ends every session of the account, except the family named (the caller's own). */
export function revokeAccountSessions(call: AdminCall, userId: string, keepFamily?: string, now = new Date()): Promise<number> {
  return revokeWhere(call, keepFamily ? { user_id: userId, family: { $ne: keepFamily } } : { user_id: userId }, now);
}

/** Used tokens are kept until they expire (to detect reuse); after that they are noise. */
export function pruneExpiredSessions(call: AdminCall, userId: string, now = new Date()): Promise<number> {
  return deleteWhere(call, ACCOUNTS_DB, { type: 'refresh', user_id: userId, expires_at: { $lt: now.toISOString() } });
}
