// Manage Receipts (/admin/receipts) on the admin kit: drafts kept on the device, saves over the
// version the edit began from (a conflict shown, never overwritten), the 'Updated … by …' line.
// Beyond the kit: the people a receipt can be for come with each load of the list; a new
// receipt's number, left empty, is generated on Add; a number already used is refused, the form
// saying so and offering a fresh one. A saved receipt reaches its member through the receipts mirror.
import { useMemo, useState } from 'react';
import { useDataLayer } from '../../../data/react.ts';
import { ReceiptNumberTakenError, byReceiptDateDesc } from '../../../data/repos/admin-receipts.ts';
import type { AdminReceipt, ReceiptInput, ReceiptPerson } from '../../../data/repos/admin-receipts.ts';
import { AdminKitScreen } from '../kit/admin-kit.tsx';
import type { KitPage } from '../kit/admin-kit.tsx';
import { ReceiptFields } from './receipt-fields.tsx';
import { ReceiptPeopleContext } from './receipt-people.ts';
import { ReceiptStatusBadge, ReceiptView } from './receipt-view.tsx';
import { RECEIPT_FIELD_LABELS, RECEIPT_KIT_TEXTS, RECEIPT_TEXTS, checkReceiptForm, newReceiptDraft, receiptDraftOf, receiptSearchFields } from './receipt-logic.ts';
import type { ReceiptDraft } from './receipt-logic.ts';
import './admin-receipts.css';

/** No number could be generated on Add: the form says so, the admin tries again. */
class NoNumberError extends Error {}

export function ManageReceiptsScreen() {
  const repo = useDataLayer().admin.receipts;
  const [people, setPeople] = useState<ReceiptPerson[]>([]);
  const shared = useMemo(() => ({ people, byId: new Map(people.map((p) => [p.id, p])) }), [people]);
  const page = useMemo<KitPage<AdminReceipt, ReceiptDraft, ReceiptInput>>(
    () => ({
      texts: RECEIPT_KIT_TEXTS,
      testId: 'receipt',
      load: async () => {
        const [list, everyone] = await Promise.all([repo.list(), repo.people()]);
        setPeople(everyone);
        return list;
      },
      add: async (input) => {
        const receipt_number = input.receipt_number || (await repo.unusedNumber().catch(() => Promise.reject(new NoNumberError())));
        return repo.add({ ...input, receipt_number });
      },
      update: (item, input) => repo.update(item, input),
      remove: async (id) => {
        const current = await repo.byId(id);
        if (current) await repo.remove(current);
      },
      byId: (id) => repo.byId(id),
      newDraft: () => newReceiptDraft(new Date()),
      draftOf: receiptDraftOf,
      check: checkReceiptForm,
      searchFields: receiptSearchFields,
      compare: byReceiptDateDesc,
      titleOf: (r) => r.title,
      Fields: ReceiptFields,
      View: ReceiptView,
      Actions: ReceiptStatusBadge,
      fieldLabels: RECEIPT_FIELD_LABELS,
      addRefused: async (err) => {
        if (err instanceof NoNumberError) return { message: RECEIPT_TEXTS.generateFailed };
        if (!(err instanceof ReceiptNumberTakenError)) return null;
        // Another admin took it meanwhile (or it was typed): offer a fresh one, keep the rest.
        const fresh = await repo.unusedNumber().catch(() => '');
        return { message: RECEIPT_TEXTS.numberTaken, change: (d: ReceiptDraft) => ({ ...d, receipt_number: fresh }) };
      },
    }),
    [repo],
  );
  return (
    <ReceiptPeopleContext.Provider value={shared}>
      <AdminKitScreen page={page} />
    </ReceiptPeopleContext.Provider>
  );
}
