// The Manage Receipts list and the people a receipt can be for, read from the server (ADR 021).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataLayer } from '../../data/react.ts';
import type { AdminReceipt, ReceiptPerson } from '../../data/repos/admin-receipts.ts';

export interface AdminReceiptsState {
  items: AdminReceipt[];
  people: ReceiptPerson[];
  peopleById: ReadonlyMap<string, ReceiptPerson>;
  loading: boolean;
  /** Set when the first load failed: the page shows its Error panel. */
  failed: boolean;
  /** Loads again. `quiet` keeps the current list on screen (and on failure). */
  reload(quiet?: boolean): Promise<void>;
  /** Shows a change the server has just taken, before the reload brings it (or if it fails). */
  patch(change: (items: AdminReceipt[]) => AdminReceipt[]): void;
}

export function useAdminReceipts(): AdminReceiptsState {
  const repo = useDataLayer().admin.receipts;
  const [items, setItems] = useState<AdminReceipt[]>([]);
  const [people, setPeople] = useState<ReceiptPerson[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // Only the newest answer counts: a slow first load must not overwrite a reload after a save.
  const latest = useRef(0);

  const reload = useCallback(
    async (quiet = false) => {
      const ticket = ++latest.current;
      if (!quiet) {
        setLoading(true);
        setFailed(false);
      }
      try {
        const [list, everyone] = await Promise.all([repo.list(), repo.people()]);
        if (ticket !== latest.current) return;
        setItems(list);
        setPeople(everyone);
        setFailed(false);
      } catch {
        if (ticket !== latest.current) return;
        if (!quiet) setFailed(true);
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [repo],
  );

  useEffect(() => {
    void reload();
    return () => {
      latest.current++;
    };
  }, [reload]);

  const patch = useCallback((change: (items: AdminReceipt[]) => AdminReceipt[]) => setItems((list) => change(list)), []);
  const peopleById = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);

  return { items, people, peopleById, loading, failed, reload, patch };
}
