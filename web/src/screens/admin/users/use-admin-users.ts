// One page of the Users list, read from the server as the admin types (debounced); an older
// answer never replaces a newer one, and the last list stays on screen while the next loads.
import { useCallback } from 'react';
import { useQuery } from '../../../data/hooks/use-query.ts';
import { useDataLayer } from '../../../data/react.ts';
import type { AdminUser } from '../../../data/repos/admin-users.ts';
import { PER_PAGE } from './users-logic.ts';

const DEBOUNCE_MS = 300;

export function useAdminUsers(search: string, page: number) {
  const data = useDataLayer();
  const query = useQuery(() => data.admin.users.list({ search, page, perPage: PER_PAGE }), [data, search, page], { delayMs: DEBOUNCE_MS });
  const { set } = query;

  /** Replaces one user in the list at once (the server's answer after a change). */
  const patch = useCallback((user: AdminUser) => set((r) => (r ? { ...r, users: r.users.map((u) => (u.id === user.id ? user : u)) } : r)), [set]);
  const drop = useCallback(
    (id: string) => set((r) => (r ? { ...r, users: r.users.filter((u) => u.id !== id), total: Math.max(0, r.total - 1) } : r)),
    [set],
  );

  return { result: query.data ?? null, loading: query.loading, failed: query.error !== undefined, reload: query.reload, patch, drop };
}
