// The Manage Receipts list and the people a receipt can be for, read from the server (ADR 021).
import { useCallback, useMemo, useState } from 'react';
import { useDataLayer } from '../../data/react.ts';
import { useAdminList } from '../admin/kit/use-admin-list.ts';
import type { AdminListState } from '../admin/kit/use-admin-list.ts';
import type { AdminReceipt, ReceiptPerson } from '../../data/repos/admin-receipts.ts';

export interface AdminReceiptsState extends AdminListState<AdminReceipt> {
  people: ReceiptPerson[];
  peopleById: ReadonlyMap<string, ReceiptPerson>;
}

export function useAdminReceipts(): AdminReceiptsState {
  const repo = useDataLayer().admin.receipts;
  const [people, setPeople] = useState<ReceiptPerson[]>([]);
  // The people a receipt can be for come with each read of the list.
  const load = useCallback(async () => {
    const [list, everyone] = await Promise.all([repo.list(), repo.people()]);
    setPeople(everyone);
    return list;
  }, [repo]);
  const list = useAdminList(load);
  const peopleById = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);
  return { ...list, people, peopleById };
}
