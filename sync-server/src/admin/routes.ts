// `/api/admin/users`: the Users admin (ADR 026). Every call needs an admin's bearer
// token (401 without one, 403 for members); an admin never changes their own role, ends their
// own membership or deletes their own account here. Errors are `{error, message}`.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError, validationError } from '../http-errors.ts';
import { bearerUser } from '../auth/bearer.ts';
import type { ApiUser } from '../auth/bearer.ts';
import { parseBody } from '../auth/parse-body.ts';
import { createSlidingWindow } from '../rate-limit/sliding-window.ts';
import { deleteUser } from '../functions/delete-user.ts';
import {
  ADMIN_EXTEND_DAYS, NEVER_EXPIRES_MESSAGE, RESTAURANT_NOT_FOUND_MESSAGE, SELF_DELETE_MESSAGE, SELF_END_MEMBERSHIP_MESSAGE,
  SELF_ROLE_MESSAGE, USER_NOT_FOUND_MESSAGE, adminMembershipBodySchema, adminRestaurantBodySchema, adminRoleBodySchema,
  adminSubmissionsQuerySchema, adminUsersQuerySchema,
} from '../../../design-docs/src/schemas/api.ts';
import { submissionsPage } from './submissions-page.ts';
import { extendedExpiry, pageOfUsers } from './users-rules.ts';
import { allUsers, assignRestaurant, changeMembershipFields, oneUser } from './users-store.ts';

/**
 * Calls to `/api/admin` (users and form submissions together) per admin per minute: a search is
 * one call per pause in typing.
 */
export const ADMIN_CALLS_PER_MINUTE = 200;

const USER_ID = /^[^:\s/]{1,300}$/;
const FORM_ID = /^[^\s/]{1,300}$/;

export function createAdminRoutes(ctx: ServerContext, opts: { rate?: { limit: number; windowMs: number } } = {}): Hono {
  const app = new Hono();
  const limiter = createSlidingWindow({ limit: opts.rate?.limit ?? ADMIN_CALLS_PER_MINUTE, windowMs: opts.rate?.windowMs ?? 60_000, maxKeys: 1000 });

  /** The calling admin; throws the 401, 403 (saying what only admins may do) or 429 otherwise. */
  async function requireAdmin(c: Context, refusal = 'Only admins can manage users'): Promise<ApiUser> {
    const user = await bearerUser(c, ctx.tokens);
    if (!user) throw new ApiError(401, 'unauthorized', 'Please sign in again');
    if (!user.isAdmin) throw new ApiError(403, 'forbidden', refusal);
    const verdict = limiter.hit(user.id);
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfter));
      throw new ApiError(429, 'rate_limited', `Too many requests. Please try again in ${verdict.retryAfter} s.`);
    }
    return user;
  }

  function targetId(c: Context): string {
    const id = c.req.param('id') ?? '';
    if (!USER_ID.test(id)) throw new ApiError(400, 'invalid_id', 'That is not a user id');
    return id;
  }

  app.get('/users', async (c) => {
    await requireAdmin(c);
    const parsed = adminUsersQuerySchema.safeParse({ q: c.req.query('q'), page: c.req.query('page'), per_page: c.req.query('per_page') });
    if (!parsed.success) throw validationError(parsed.error);
    const { q, page, per_page } = parsed.data;
    return c.json(pageOfUsers(await allUsers(ctx.adminCall), q, page, per_page), 200);
  });

  // A form's submissions, a page at a time, searched on the server (ADR 038).
  app.get('/forms/:formid/submissions', async (c) => {
    await requireAdmin(c, 'Only admins can read form submissions');
    const formid = c.req.param('formid') ?? '';
    if (!FORM_ID.test(formid)) throw new ApiError(400, 'invalid_id', 'That is not a form id');
    const parsed = adminSubmissionsQuerySchema.safeParse({ q: c.req.query('q'), cursor: c.req.query('cursor'), limit: c.req.query('limit') });
    if (!parsed.success) throw validationError(parsed.error);
    const { q, cursor, limit } = parsed.data;
    return c.json(await submissionsPage(ctx.adminCall, formid, q, cursor, limit), 200);
  });

  app.get('/users/:id', async (c) => {
    await requireAdmin(c);
    const user = await oneUser(ctx.adminCall, targetId(c));
    if (!user) throw new ApiError(404, 'not_found', USER_NOT_FOUND_MESSAGE);
    return c.json(user, 200);
  });

  app.post('/users/:id/role', async (c) => {
    const me = await requireAdmin(c);
    const id = targetId(c);
    const { role } = await parseBody(c, adminRoleBodySchema);
    if (id === me.id) throw new ApiError(403, 'self_change', SELF_ROLE_MESSAGE);
    const user = await changeMembershipFields(ctx, id, { role }, me.id);
    if (!user) throw new ApiError(404, 'not_found', USER_NOT_FOUND_MESSAGE);
    // Their access tokens still carry the old role for up to 15 minutes: they end now. The
    // refresh session stays, so the app refreshes once and the new token carries the new role.
    await ctx.revocations.revoke(id);
    ctx.log('info', 'admin role changed', { admin: me.id, user: id, role });
    return c.json(user, 200);
  });

  app.post('/users/:id/membership', async (c) => {
    const me = await requireAdmin(c);
    const id = targetId(c);
    const body = await parseBody(c, adminMembershipBodySchema);
    if (body.action === 'end' && id === me.id) throw new ApiError(403, 'self_change', SELF_END_MEMBERSHIP_MESSAGE);
    const current = await oneUser(ctx.adminCall, id);
    if (!current) throw new ApiError(404, 'not_found', USER_NOT_FOUND_MESSAGE);
    const now = new Date();
    let expires: string | null;
    if (body.action === 'extend') {
      if (current.membership_expires_at === null) throw new ApiError(409, 'never_expires', NEVER_EXPIRES_MESSAGE);
      expires = extendedExpiry(current.membership_expires_at, body.days ?? ADMIN_EXTEND_DAYS, now);
    } else {
      expires = now.toISOString();
    }
    const user = await changeMembershipFields(ctx, id, { membership_expires_at: expires }, me.id);
    if (!user) throw new ApiError(404, 'not_found', USER_NOT_FOUND_MESSAGE);
    // An ended membership takes effect now: refresh then refuses an expired gold member.
    if (body.action === 'end') await ctx.revocations.revoke(id);
    ctx.log('info', 'membership changed by an admin', { admin: me.id, user: id, action: body.action, expires });
    return c.json(user, 200);
  });

  app.post('/users/:id/restaurant', async (c) => {
    const me = await requireAdmin(c);
    const id = targetId(c);
    const { restaurant_id } = await parseBody(c, adminRestaurantBodySchema);
    if (!(await oneUser(ctx.adminCall, id))) throw new ApiError(404, 'not_found', USER_NOT_FOUND_MESSAGE);
    if ((await assignRestaurant(ctx, id, restaurant_id, me.id)) === 'not_found') throw new ApiError(404, 'not_found', RESTAURANT_NOT_FOUND_MESSAGE);
    ctx.log('info', 'restaurant owner set by an admin', { admin: me.id, user: id, restaurant: restaurant_id });
    return c.json({ success: true, restaurant_id }, 200);
  });

  app.delete('/users/:id', async (c) => {
    const me = await requireAdmin(c);
    const id = targetId(c);
    if (id === me.id) throw new ApiError(403, 'self_delete', SELF_DELETE_MESSAGE);
    if (!(await oneUser(ctx.adminCall, id))) throw new ApiError(404, 'not_found', USER_NOT_FOUND_MESSAGE);
    await deleteUser(ctx, id);
    // A restaurant they owned no longer names a missing member.
    await assignRestaurant(ctx, id, null, me.id);
    ctx.log('info', 'account deleted by an admin', { admin: me.id, user: id });
    return c.json({ success: true }, 200);
  });

  return app;
}
