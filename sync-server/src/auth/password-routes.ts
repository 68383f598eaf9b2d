// Password reset by e-mail and password change (ARCHITECTURE.md sections 4 and 5).
import type { Context, Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { removeAllDevices } from '../push/subscriptions.ts';
import { apiError } from '../http-errors.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  passwordChangeBodySchema,
  resetBodySchema,
  resetRequestBodySchema,
} from '../../../design-docs/src/schemas/api.ts';
import { isTooCommon } from './common-passwords.ts';
import { normaliseEmail } from '../../../design-docs/src/ids.ts';
import type { AuthLimits } from '../rate-limit/auth-limits.ts';
import { rateLimited } from '../rate-limit/auth-limits.ts';
import { clientIp } from '../rate-limit/client-ip.ts';
import { findAccountByEmail, getAccount, setPasswordHash, userIdOf } from './accounts-repo.ts';
import { bearerUser } from './bearer.ts';
import { readRefreshCookie } from './cookies.ts';
import { parseBody } from './parse-body.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { resetLink, resetMail } from './reset-mail.ts';
import { checkResetToken, createResetToken, resetLinkStillGood, spendResetToken } from './reset-tokens.ts';
import { inspectRefresh, revokeAccountSessions } from './sessions.ts';
import type { Hashing } from './hash-gate.ts';

export const RESET_SENT_MESSAGE = 'If an account exists with this email, you will receive password reset instructions shortly.';
const INVALID_RESET = 'This reset link is invalid or has expired';

export function addPasswordRoutes(app: Hono, ctx: ServerContext, limits: AuthLimits, hashing: Hashing): void {
  const call = ctx.adminCall;
  const ipOf = (c: Context) => clientIp(c, ctx.config.TRUST_PROXY);

  async function sendResetIfAccount(email: string): Promise<void> {
    const account = await findAccountByEmail(call, email);
    if (!account) return;
    const userId = userIdOf(account);
    const token = await createResetToken(call, userId);
    try {
      await ctx.mailer.send(resetMail(account.email, resetLink(ctx.config.publicUrl, token), ctx.config.SUPPORT_EMAIL));
    } catch (err) {
      // Named by the account: a mail server's error often quotes the address.
      ctx.log('error', 'password reset mail failed', { user: userId, error: err instanceof Error ? err.message : String(err) });
    }
  }

  app.post('/reset-request', async (c) => {
    const ipVerdict = limits.resetPerIp.hit(ipOf(c));
    if (!ipVerdict.allowed) return rateLimited(c, ipVerdict);
    const body = await parseBody(c, resetRequestBodySchema);
    // Keyed by the address asked for, existing or not, so the limit reveals nothing either.
    const key = normaliseEmail(body.email);
    const accountVerdict = limits.resetPerAccount.hit(key);
    if (!accountVerdict.allowed) return rateLimited(c, accountVerdict);
    // The lookup, token and mail run after the answer, so its timing is the same for any address.
    void sendResetIfAccount(key).catch((err: unknown) => ctx.log('error', 'password reset mail failed', err));
    return c.json({ success: true, message: RESET_SENT_MESSAGE }, 200);
  });

  app.post('/reset', async (c) => {
    const ipVerdict = limits.resetPerIp.hit(ipOf(c));
    if (!ipVerdict.allowed) return rateLimited(c, ipVerdict);
    const body = await parseBody(c, resetBodySchema);
    const invalid = () => apiError(c, 400, 'invalid_token', INVALID_RESET);

    const doc = await checkResetToken(call, body.token);
    if (!doc) return invalid();
    if (await isTooCommon(body.password)) return apiError(c, 400, 'weak_password', COMMON_PASSWORD_MESSAGE);
    const account = await getAccount(call, doc.user_id);
    // A reset or a password change ends every link asked for before it (ADR 056).
    if (!account || !resetLinkStillGood(doc, account)) return invalid();
    const hashed = await hashing(c, () => hashPassword(body.password));
    if (hashed instanceof Response) return hashed;
    if (!(await spendResetToken(call, doc))) return invalid();
    if (!(await setPasswordHash(call, doc.user_id, hashed.value))) return invalid();
    // Whoever knew the old password may hold a session; all of them end, access tokens too.
    await revokeAccountSessions(call, doc.user_id);
    await ctx.revocations.revoke(doc.user_id);
    await removeAllDevices(call, doc.user_id);
    return c.json({ success: true, message: 'Your password has been reset. You can now sign in with your new password.' }, 200);
  });

  app.post('/password', async (c) => {
    const user = await bearerUser(c, ctx.tokens);
    if (!user) return apiError(c, 401, 'unauthorized', 'Please sign in again');
    const body = await parseBody(c, passwordChangeBodySchema);
    const account = await getAccount(call, user.id);
    if (!account) return apiError(c, 401, 'unauthorized', 'Please sign in again');
    // A stolen access token alone must not take the account: the current password is asked,
    // and wrong guesses count like failed sign-ins of this account from this address.
    const pairKey = `${normaliseEmail(account.email)}\n${ipOf(c)}`;
    const verdict = limits.signinPerAccount.peek(pairKey);
    if (!verdict.allowed) return rateLimited(c, verdict);
    const checked = await hashing(c, () => verifyPassword(account.password_hash, body.current_password));
    if (checked instanceof Response) return checked;
    if (!checked.value) {
      limits.signinPerAccount.record(pairKey);
      return apiError(c, 403, 'wrong_password', WRONG_PASSWORD_MESSAGE);
    }
    if (await isTooCommon(body.password)) return apiError(c, 400, 'weak_password', COMMON_PASSWORD_MESSAGE);

    const hashed = await hashing(c, () => hashPassword(body.password));
    if (hashed instanceof Response) return hashed;
    if (!(await setPasswordHash(call, user.id, hashed.value))) return apiError(c, 401, 'unauthorized', 'Please sign in again');

    // The device that changed the password stays signed in; every other session ends.
    let keep: string | undefined;
    const token = readRefreshCookie(c, ctx.config)?.token;
    if (token) {
      const presented = await inspectRefresh(call, token);
      if (presented.kind === 'valid' && presented.doc.user_id === user.id) keep = presented.doc.family;
    }
    await revokeAccountSessions(call, user.id, keep);
    // Access tokens issued before now stop at once; this device refreshes with the session it kept.
    await ctx.revocations.revoke(user.id);
    await removeAllDevices(call, user.id, body.endpoint);
    return c.json({ success: true, message: 'Password updated successfully' }, 200);
  });
}
