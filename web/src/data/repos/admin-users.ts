// The Users admin (ADR 026): accounts are the server's alone, so every read and
// change here is a call to `/api/admin/users`, online, with the admin's bearer token. The
// server checks each one (admins only, never on themselves); its message is what the screen shows.
import type { AdminUser, AdminUsersPage } from '../../../../design-docs/src/schemas/api.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { serverError } from './admin-find.ts';

export type { AdminUser, AdminUsersPage };

export const ADMIN_USERS_PATH = '/api/admin/users';

export interface UsersQuery {
  search?: string;
  page?: number;
  perPage?: number;
}

export function createAdminUsersRepo(ctx: RepoContext) {
  async function send<T>(path: string, init: RequestInit = {}): Promise<T> {
    const me = requireMember(ctx);
    if (!me.isAdmin) throw new Error('Only admins can manage users');
    const headers = new Headers(init.headers);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    const res = await ctx.api(path, { ...init, headers });
    if (!res.ok) throw await serverError(res);
    return (await res.json()) as T;
  }
  const userPath = (id: string) => `${ADMIN_USERS_PATH}/${encodeURIComponent(id)}`;
  const post = <T>(path: string, body: unknown) => send<T>(path, { method: 'POST', body: JSON.stringify(body) });

  return {
    /** One page of members matching the search (name or e-mail), by name. */
    list(q: UsersQuery = {}): Promise<AdminUsersPage> {
      const params = new URLSearchParams();
      if (q.search?.trim()) params.set('q', q.search.trim());
      if (q.page) params.set('page', String(q.page));
      if (q.perPage) params.set('per_page', String(q.perPage));
      const qs = params.toString();
      return send<AdminUsersPage>(qs ? `${ADMIN_USERS_PATH}?${qs}` : ADMIN_USERS_PATH);
    },

    setAdmin(userId: string, admin: boolean): Promise<AdminUser> {
      return post<AdminUser>(`${userPath(userId)}/role`, { role: admin ? 'admin' : 'member' });
    },

    extendMembership(userId: string, days?: number): Promise<AdminUser> {
      return post<AdminUser>(`${userPath(userId)}/membership`, days === undefined ? { action: 'extend' } : { action: 'extend', days });
    },

    endMembership(userId: string): Promise<AdminUser> {
      return post<AdminUser>(`${userPath(userId)}/membership`, { action: 'end' });
    },

    /** Makes the member the owner of this restaurant (null: of none); the catalog is pulled after. */
    async assignRestaurant(userId: string, restaurantId: string | null): Promise<void> {
      await post(`${userPath(userId)}/restaurant`, { restaurant_id: restaurantId });
      await ctx.afterCatalogWrite();
    },

    /** Deletes the account and everything the member owns (the delete-user path). */
    async remove(userId: string): Promise<void> {
      await send(userPath(userId), { method: 'DELETE' });
    },
  };
}
