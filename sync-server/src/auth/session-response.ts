// What sign-up, sign-in and refresh answer: a fresh access token, the user, and the
// membership warning if one is due; the refresh token goes into the cookie.
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { ROLE_ADMIN, ROLE_MEMBER } from '../../../design-docs/src/databases.ts';
import { profileId } from '../../../design-docs/src/ids.ts';
import type { ProfileDoc } from '../../../design-docs/src/schemas/profile.ts';
import type { AccountDoc } from './accounts-repo.ts';
import { getDoc } from './doc-store.ts';
import { setRefreshCookie } from './cookies.ts';
import { issueRefresh } from './sessions.ts';
import type { MembershipWarning } from './membership.ts';

export interface SessionBody {
  access_token: string;
  expires_at: number;
  user: {
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    role: 'member' | 'admin';
    is_admin: boolean;
    membership_type: string;
    membership_expires_at: string | null;
  };
  warning?: MembershipWarning;
}

export function rolesFor(role: string): string[] {
  return role === ROLE_ADMIN ? [ROLE_MEMBER, ROLE_ADMIN] : [ROLE_MEMBER];
}

async function sessionBody(ctx: ServerContext, userId: string, account: AccountDoc, sid: string, warning?: MembershipWarning): Promise<SessionBody> {
  const access = await ctx.tokens.signAccess(userId, rolesFor(account.role), undefined, sid);
  // Members rename themselves on their profile; the account keeps the names given at sign-up.
  const profile = await getDoc<ProfileDoc>(ctx.adminCall, 'members', profileId(userId)).catch(() => null);
  const role = account.role === 'admin' ? 'admin' : 'member';
  const body: SessionBody = {
    access_token: access.token,
    expires_at: access.expires_at,
    user: {
      id: userId,
      email: account.email,
      first_name: profile?.first_name ?? account.first_name ?? '',
      last_name: profile?.last_name ?? account.last_name ?? '',
      role,
      is_admin: role === 'admin',
      membership_type: account.membership_type,
      membership_expires_at: account.membership_expires_at ?? null,
    },
  };
  if (warning) body.warning = warning;
  return body;
}

/**
 * Issues the refresh token (a new family, or the next in `family`, which started at `startedAt`),
 * sets the cookie, builds the body. Neither the token nor the cookie outlives SESSION_MAX_DAYS
 * from the family's start (ADR 056).
 */
export async function startSession(
  c: Context,
  ctx: ServerContext,
  userId: string,
  account: AccountDoc,
  opts: { warning?: MembershipWarning; family?: string; startedAt?: Date; token?: string; shared?: boolean } = {},
): Promise<SessionBody> {
  const now = new Date();
  const bound = { startedAt: opts.startedAt ?? now, maxDays: ctx.config.SESSION_MAX_DAYS };
  const refresh = await issueRefresh(ctx.adminCall, userId, ctx.config.REFRESH_TOKEN_DAYS, opts.family, now, opts.token, opts.shared, bound);
  setRefreshCookie(c, ctx.config, refresh.token, refresh.expiresAt);
  return sessionBody(ctx, userId, account, refresh.sid, opts.warning);
}
