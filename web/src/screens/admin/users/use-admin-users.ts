// One page of the Users list, read from the server as the admin types (debounced); an older
// answer never replaces a newer one, and the last list stays on screen while the next loads.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataLayer } from '../../../data/react.ts';
import type { AdminUser, AdminUsersPage } from '../../../data/repos/admin-users.ts';
import { PER_PAGE } from './users-logic.ts';

const DEBOUNCE_MS = 300;

export function useAdminUsers(search: string, page: number) {
  const data = useDataLayer();
  const [result, setResult] = useState<AdminUsersPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);

  const load = useCallback(
    async (q: string, p: number) => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const answer = await data.admin.users.list({ search: q, page: p, perPage: PER_PAGE });
        if (mine !== seq.current) return;
        setResult(answer);
        setFailed(false);
      } catch {
        if (mine === seq.current) setFailed(true);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [data],
  );

  useEffect(() => {
    const t = setTimeout(() => void load(search, page), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [load, search, page]);

  /** Replaces one user in the list at once (the server's answer after a change). */
  const patch = useCallback((user: AdminUser) => {
    setResult((r) => (r ? { ...r, users: r.users.map((u) => (u.id === user.id ? user : u)) } : r));
  }, []);
  const drop = useCallback((id: string) => {
    setResult((r) => (r ? { ...r, users: r.users.filter((u) => u.id !== id), total: Math.max(0, r.total - 1) } : r));
  }, []);

  return { result, loading, failed, reload: () => void load(search, page), patch, drop };
}
