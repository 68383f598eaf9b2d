// Refresh sessions: `refresh:{sha256(token)}` in `accounts`. Each token is used once; using
// it issues the next one in the same family. Presenting a used token means it was copied,
// so the whole family is revoked and both holders must sign in again. A family ends at the
// latest SESSION_MAX_DAYS after its first sign-in, whatever its refreshes (ADR 056).
import type { AdminCall } from '../../../couch/src/provision.ts';
import type { RefreshSessionDoc } from '../../../design-docs/src/schemas/account.ts';
import { refreshId } from '../../../design-docs/src/ids.ts';
import { ACCOUNTS_DB } from './accounts-repo.ts';
import { deleteWhere, getDoc, putDoc, updateWhere } from './doc-store.ts';
import type { StoredDoc } from './doc-store.ts';
import { putExclusive } from '../backend/exclusive-write.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import { createHash, createHmac } from 'node:crypto';

export type RefreshDoc = Omit<RefreshSessionDoc, '_id' | '_rev'> & StoredDoc;

export const refreshDocId = (token: string): string => refreshId(sha256Hex(token));

export interface IssuedRefresh {
  token: string;
  family: string;
  expiresAt: Date;
  /** The `sid` claim of this session's access tokens. */
  sid: string;
}

/** The absolute bound of a family: its first sign-in, and how long a session may last from it. */
export interface SessionBound {
  startedAt: Date;
  maxDays: number;
}

/**
 * The `sid` claim of a family's access tokens, which a plain sign-out revokes (ADR 056). Derived,
 * so the family's own name never leaves the server.
 */
export function sessionIdOf(family: string): string {
  return createHash('sha256').update('fete-session\n').update(family).digest('base64url').slice(0, 22);
}

/** When a family started: its first sign-in, or for a family older than ADR 056 this token's issue. */
export function sessionStartOf(doc: Pick<RefreshDoc, 'session_started_at' | 'created_at'>): Date {
  return new Date(doc.session_started_at ?? doc.created_at);
}

/**
 * Starts a new family (sign-in) or continues one (rotation), with `token` when it was chosen
 * before. `shared`: the token is one another request of the same rotation may have stored
 * already (successorToken); finding it there, unused and of the same family, is success.
 */
export async function issueRefresh(
  call: AdminCall,
  userId: string,
  days: number,
  family?: string,
  now = new Date(),
  token = randomToken(),
  shared = false,
  bound?: SessionBound,
): Promise<IssuedRefresh> {
  const fam = family ?? randomToken(16);
  const startedAt = bound?.startedAt ?? now;
  const absolute = bound ? startedAt.getTime() + bound.maxDays * 86_400_000 : Infinity;
  const expiresAt = new Date(Math.min(now.getTime() + days * 86_400_000, absolute));
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
    session_started_at: startedAt.toISOString(),
  };
  const sid = sessionIdOf(fam);
  if ((await putDoc(call, ACCOUNTS_DB, doc)) === 'conflict') {
    const stored = shared ? await getDoc<RefreshDoc>(call, ACCOUNTS_DB, doc._id) : null;
    if (!stored || stored.user_id !== userId || stored.family !== fam || stored.rotated_at || stored.revoked_at) throw new Error('refresh token collision');
    return { token, family: fam, expiresAt: new Date(stored.expires_at), sid };
  }
  return { token, family: fam, expiresAt, sid };
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
  // Racing requests of one app (same attempt) rotate to the same successor: not rivals.
  const same = (rival: StoredDoc) => attempt !== null && rival.rotated_attempt === attempt && rival.rotated_to === rotated.rotated_to;
  return (await putExclusive(call, ACCOUNTS_DB, rotated, same)) !== 'conflict';
}

/**
 * The successor of `token` for one attempt of the app (its attempt id, kept in the app's own
 * storage, never in a cookie). Every request of that attempt gets the same successor: two tabs
 * refreshing together, or a retry racing its original, share one rotation instead of looking
 * like a copied cookie (ADR 034). Keyed by a server secret, so nobody else can compute it.
 */
export function successorToken(key: Uint8Array, token: string, attempt: string): string {
  return createHmac('sha256', key).update('fete-refresh-successor\n').update(token).update('\n').update(attempt).digest('base64url');
}

/**
 * A used token presented again by the attempt that rotated it, within the retry window, while
 * the successor is unused (or not yet written by the request that won the race): the same
 * rotation, not a copy. Anything else is reuse.
 */
export async function isSameRotation(call: AdminCall, doc: RefreshDoc, attempt: string | null, successor: string, now = new Date()): Promise<boolean> {
  if (!attempt || doc.rotated_attempt !== attempt || doc.rotated_to !== refreshDocId(successor) || !doc.rotated_at) return false;
  if (!(now.getTime() - Date.parse(doc.rotated_at) < LOST_ROTATION_RETRY_MS)) return false;
  const next = await getDoc<RefreshDoc>(call, ACCOUNTS_DB, doc.rotated_to);
  return !next || (!next.rotated_at && !next.revoked_at && next.family === doc.family && next.user_id === doc.user_id);
}

/** How long a client may retry a rotation whose answer it never got (a dropped signal). */
export const LOST_ROTATION_RETRY_MS = 24 * 60 * 60 * 1000;

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
