// Sign-up, sign-in, refresh and sign-out (ARCHITECTURE.md sections 4 and 5).
import type { Context, Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { removeAllDevices, removeDevices } from '../push/subscriptions.ts';
import { apiError } from '../http-errors.ts';
import { createHash } from 'node:crypto';
import { COMMON_PASSWORD_MESSAGE, signinBodySchema, signoutBodySchema, signupBodySchema } from '../../../design-docs/src/schemas/api.ts';
import { bearerUser } from './bearer.ts';
import { isTooCommon } from './common-passwords.ts';
import { isKnownDevice, rememberDevice } from './known-device.ts';
import { goldExpiry } from '../../../design-docs/src/membership.ts';
import { normaliseEmail } from '../../../design-docs/src/ids.ts';
import type { AuthLimits } from '../rate-limit/auth-limits.ts';
import { rateLimited } from '../rate-limit/auth-limits.ts';
import { clientIp } from '../rate-limit/client-ip.ts';
import { findAccountByEmail, getAccount, setPasswordHash, userIdOf } from './accounts-repo.ts';
import { clearRefreshCookie, readRefreshCookie } from './cookies.ts';
import { createMember } from './create-member.ts';
import { MEMBERSHIP_EXPIRED_MESSAGE, sessionMembership } from './membership.ts';
import { parseBody } from './parse-body.ts';
import { burnVerify, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { startSession } from './session-response.ts';
import { inspectRefresh, isSameRotation, markRotated, pruneExpiredSessions, revokeAccountSessions, revokeFamily, sessionIdOf, sessionStartOf, successorToken } from './sessions.ts';
import type { Hashing } from './hash-gate.ts';
import { randomToken } from './crypto.ts';
import type { RefreshDoc } from './sessions.ts';

/** The header naming one refresh attempt of the app; a retry of a lost answer sends it again. */
export const REFRESH_ATTEMPT_HEADER = 'x-refresh-attempt';

function refreshAttemptOf(c: Context): string | null {
  const value = c.req.header(REFRESH_ATTEMPT_HEADER) ?? '';
  return /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null;
}

const INVALID_CREDENTIALS = 'Invalid email or password';
const SIGN_IN_AGAIN = 'Please sign in again';

export function membershipExpired(c: Context) {
  return apiError(c, 403, 'membership_expired', MEMBERSHIP_EXPIRED_MESSAGE);
}

export function addSessionRoutes(app: Hono, ctx: ServerContext, limits: AuthLimits, hashing: Hashing): void {
  const call = ctx.adminCall;
  const ipOf = (c: Context) => clientIp(c, ctx.config.TRUST_PROXY);
  // Its own key, derived from the signing secret: a device cookie is never a token.
  const deviceKey = new Uint8Array(createHash('sha256').update('fete-known-device\n').update(new Uint8Array(Buffer.from(ctx.tokens.secretBase64, 'base64'))).digest());
  const successorKey = new Uint8Array(createHash('sha256').update('fete-refresh-successor\n').update(new Uint8Array(Buffer.from(ctx.tokens.secretBase64, 'base64'))).digest());

  /** Best-effort housekeeping must never cost the member their sign-in. */
  const quietly = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      ctx.log('warn', what, err);
    }
  };

  app.post('/signup', async (c) => {
    const verdict = limits.signupPerIp.hit(ipOf(c));
    if (!verdict.allowed) return rateLimited(c, verdict);
    const body = await parseBody(c, signupBodySchema);
    if (await isTooCommon(body.password)) return apiError(c, 400, 'weak_password', COMMON_PASSWORD_MESSAGE);
    const hashed = await hashing(c, () => hashPassword(body.password));
    if (hashed instanceof Response) return hashed;
    const now = new Date();
    const result = await createMember(
      ctx,
      {
        email: body.email,
        passwordHash: hashed.value,
        first_name: body.first_name,
        last_name: body.last_name,
        territory: body.territory,
        locality: body.locality,
        role: 'member',
        membership_expires_at: goldExpiry(now),
      },
      now,
    );
    if (result.kind === 'email_taken') return apiError(c, 409, 'email_taken', 'An account with this email already exists');
    rememberDevice(c, ctx.config, deviceKey, result.userId);
    return c.json(await startSession(c, ctx, result.userId, result.account), 201);
  });

  app.post('/signin', async (c) => {
    const ipVerdict = limits.signinPerIp.hit(ipOf(c));
    if (!ipVerdict.allowed) return rateLimited(c, ipVerdict);
    const body = await parseBody(c, signinBodySchema);
    const key = normaliseEmail(body.email);
    const pairKey = `${key}\n${ipOf(c)}`;
    // Checked before the password, so that the answer past the limit says nothing about it.
    const pairVerdict = limits.signinPerAccount.peek(pairKey);
    if (!pairVerdict.allowed) return rateLimited(c, pairVerdict);

    const account = await findAccountByEmail(call, key);
    // Under a flood from many addresses only devices that signed in to this account before pass.
    const wideVerdict = limits.signinPerAccountAll.peek(key);
    if (!wideVerdict.allowed && !(account && isKnownDevice(c, ctx.config, deviceKey, userIdOf(account)))) return rateLimited(c, wideVerdict);

    // An unknown e-mail still spends a hash, so that timing does not tell which accounts exist;
    // a refusal for want of a free slot comes before either, and says nothing either.
    const checked = await hashing(c, () => (account ? verifyPassword(account.password_hash, body.password) : burnVerify(body.password)));
    if (checked instanceof Response) return checked;
    const ok = checked.value;
    if (!account || !ok) {
      limits.signinPerAccount.record(pairKey);
      limits.signinPerAccountAll.record(key);
      return apiError(c, 401, 'invalid_credentials', INVALID_CREDENTIALS);
    }
    const membership = sessionMembership(account);
    if (membership.kind === 'expired') return membershipExpired(c);

    const userId = userIdOf(account);
    if (needsRehash(account.password_hash)) {
      // Best effort: with no free slot the upgrade waits for the next sign-in.
      await quietly('password rehash failed', async () => {
        const rehashed = await hashing(c, () => hashPassword(body.password));
        if (!(rehashed instanceof Response)) await setPasswordHash(call, userId, rehashed.value);
      });
    }
    await quietly('pruning expired sessions failed', () => pruneExpiredSessions(call, userId));
    rememberDevice(c, ctx.config, deviceKey, userId);
    return c.json(await startSession(c, ctx, userId, account, { warning: membership.warning }), 200);
  });

  app.post('/refresh', async (c) => {
    const cookie = readRefreshCookie(c, ctx.config);
    const signedOut = (code: string) => {
      clearRefreshCookie(c, ctx.config);
      return apiError(c, 401, code, SIGN_IN_AGAIN);
    };
    if (!cookie) return signedOut('unauthorized');
    const token = cookie.token;

    const presented = await inspectRefresh(call, token);
    if (presented.kind === 'invalid') return signedOut('unauthorized');
    const doc: RefreshDoc = presented.doc;
    // The plain name on https is accepted only for a session begun before the prefix (ADR 056):
    // one planted by another host under that name cannot start a session here.
    if (cookie.legacy && doc.session_started_at !== undefined) return signedOut('unauthorized');
    const startedAt = sessionStartOf(doc);
    const attempt = refreshAttemptOf(c);
    // One successor per attempt: racing requests of one app (two tabs, a retry and its
    // original, a retry of a lost answer) all get the same one.
    const next = attempt ? successorToken(successorKey, token, attempt) : randomToken();
    /** The rotation this attempt already made (or is making): answer with its successor. */
    const sameRotation = async (): Promise<Response | null> => {
      const current = await inspectRefresh(call, token);
      if (current.kind !== 'reused' || !(await isSameRotation(call, current.doc, attempt, next))) return null;
      const account = await getAccount(call, doc.user_id);
      if (!account || sessionMembership(account).kind === 'expired') return null;
      return c.json(await startSession(c, ctx, doc.user_id, account, { family: doc.family, startedAt, token: next, shared: true }), 200);
    };
    if (presented.kind === 'reused') {
      const same = await sameRotation();
      if (same) return same;
      await revokeFamily(call, doc.user_id, doc.family);
      ctx.log('warn', 'refresh token reused; family revoked', { user: doc.user_id });
      return signedOut('refresh_reused');
    }

    const account = await getAccount(call, doc.user_id);
    if (!account) {
      await revokeFamily(call, doc.user_id, doc.family);
      return signedOut('unauthorized');
    }
    const membership = sessionMembership(account);
    if (membership.kind === 'expired') {
      await revokeFamily(call, doc.user_id, doc.family);
      clearRefreshCookie(c, ctx.config);
      return membershipExpired(c);
    }
    if (!(await markRotated(call, doc, next, attempt))) {
      const same = await sameRotation();
      if (same) return same;
      await revokeFamily(call, doc.user_id, doc.family);
      return signedOut('refresh_reused');
    }
    const body = await startSession(c, ctx, doc.user_id, account, { warning: membership.warning, family: doc.family, startedAt, token: next, shared: attempt !== null });
    // A reuse detected while this request ran may have revoked the family before the new
    // token existed; revoking again catches the token just issued.
    const after = await inspectRefresh(call, token);
    if (after.kind === 'invalid') {
      await revokeFamily(call, doc.user_id, doc.family);
      return signedOut('refresh_reused');
    }
    return c.json(body, 200);
  });

  app.post('/signout', async (c) => {
    // The body is optional: `{everywhere: true}` ends every session of the account.
    const hasBody = (c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding') !== undefined;
    const { everywhere, endpoint } = hasBody ? await parseBody(c, signoutBodySchema) : { everywhere: false, endpoint: undefined };
    const token = readRefreshCookie(c, ctx.config)?.token;
    let userId: string | null = null;
    if (token) {
      const presented = await inspectRefresh(call, token);
      if (presented.kind !== 'invalid') {
        userId = presented.doc.user_id;
        // The family first, so that no token of this session is issued after its revocation.
        await revokeFamily(call, presented.doc.user_id, presented.doc.family);
        // This device's access tokens end now, not when they expire; other devices keep theirs.
        await ctx.revocations.revokeSession(presented.doc.user_id, sessionIdOf(presented.doc.family));
      }
    }
    if (everywhere) {
      userId ??= (await bearerUser(c, ctx.tokens))?.id ?? null;
      if (!userId) return apiError(c, 401, 'unauthorized', SIGN_IN_AGAIN);
      await revokeAccountSessions(call, userId);
      await ctx.revocations.revoke(userId);
      await removeAllDevices(call, userId);
    } else if (endpoint !== undefined) {
      // This device's notifications end with its session; a stale cookie still names whose they were.
      userId ??= (await bearerUser(c, ctx.tokens))?.id ?? null;
      if (userId) await removeDevices(call, userId, [endpoint]);
    }
    clearRefreshCookie(c, ctx.config);
    return c.json({ success: true }, 200);
  });
}
