// The fields of a receipt, shared by the kit's add form and a row's edit form. The user is
// picked from every profile through a search box; the balance is read-only and follows the
// amounts; the status follows them too but can still be chosen, failed
// only by hand. A new receipt's number is typed or generated (REC- and five digits no receipt
// has, checked on the server); a stored receipt's number is its identity and read-only.
import { useId, useState } from 'react';
import { Button, SelectField, TextField, useToast } from '../../../components/ui/index.ts';
import type { SelectOption } from '../../../components/ui/index.ts';
import { REQUIRED_FIELDS_MESSAGE } from '../../../../../design-docs/src/schemas/common.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import { useDataLayer } from '../../../data/react.ts';
import type { PaymentMethod, ReceiptStatus } from '../../../../../design-docs/src/constants.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { TextAreaField } from '../kit/kit-fields.tsx';
import {
  PAYMENT_METHODS, RECEIPT_STATUSES, RECEIPT_TEXTS, draftBalance, personName, searchPeople, statusLabel, userLabel, withAmounts,
} from './receipt-logic.ts';
import type { ReceiptDraft } from './receipt-logic.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useReceiptPeople } from './receipt-people.ts';

type TextKey = Exclude<keyof ReceiptDraft, 'issued'>;

export function ReceiptFields({ draft, onChange, problems }: KitFieldsProps<ReceiptDraft>) {
  const { people, byId } = useReceiptPeople();
  const repo = useDataLayer().admin.receipts;
  const toast = useToast();
  const [userQuery, setUserQuery] = useState('');
  const [generating, setGenerating] = useState(false);
  const balanceId = useId();
  const set = <K extends keyof ReceiptDraft>(key: K, value: ReceiptDraft[K]) => onChange({ ...draft, [key]: value });
  // A required field once filled in stops saying so; the form's own message stays until the next try.
  const err = (name: TextKey) => {
    const text = fieldError(problems, name, draft[name]);
    return text === REQUIRED_FIELDS_MESSAGE && draft[name].trim() !== '' ? undefined : text;
  };

  const generate = async () => {
    setGenerating(true);
    try {
      const n = await repo.unusedNumber();
      onChange({ ...draft, receipt_number: n });
    } catch {
      toast.error(RECEIPT_TEXTS.generateFailed);
    } finally {
      setGenerating(false);
    }
  };

  const matches = searchPeople(people, userQuery);
  // The chosen member stays in the list whatever the search, or the select would show another.
  const chosenHidden = draft.user_id !== '' && !matches.some((p) => p.id === draft.user_id);
  const userOptions: SelectOption[] = [
    ...(chosenHidden ? [{ value: draft.user_id, label: userLabel(byId, draft.user_id) }] : []),
    ...matches.map((p) => ({ value: p.id, label: personName(p) || p.id })),
  ];
  const balance = draftBalance(draft);

  return (
    <>
      <TextField label="Title" name="title" required value={draft.title} onChange={(e) => set('title', e.target.value)} error={err('title')} />
      <div className="receipt-admin__user">
        <TextField label="Search users" name="user_search" type="search" autoComplete="off" value={userQuery} onChange={(e) => setUserQuery(e.target.value)} hint={`${matches.length} of ${people.length} members`} />
        <SelectField
          label="User"
          name="user_id"
          required
          placeholder="Select a user"
          options={userOptions}
          value={draft.user_id}
          onChange={(e) => set('user_id', e.target.value)}
          error={err('user_id')}
        />
      </div>
      <div className="kit__wide">
        <TextAreaField label="Description" name="description" value={draft.description} onChange={(v) => set('description', v)} error={err('description')} />
      </div>
      <TextField
        label="Amount"
        name="amount"
        required
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        value={draft.amount}
        onChange={(e) => onChange(withAmounts(draft, { amount: e.target.value }))}
        error={err('amount')}
      />
      <TextField
        label="Amount Paid"
        name="amount_paid"
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        hint="Leave empty when paid in full."
        value={draft.amount_paid}
        onChange={(e) => onChange(withAmounts(draft, { amount_paid: e.target.value }))}
        error={err('amount_paid')}
      />
      <TextField id={balanceId} label="Balance Owed" name="balance_owed" readOnly hint="Calculated: amount minus amount paid." value={balance === null ? '' : formatMoney(balance)} />
      <TextField label="Receipt Date" name="receipt_date" type="date" required value={draft.receipt_date} onChange={(e) => set('receipt_date', e.target.value)} error={err('receipt_date')} />
      <div className="receipt-admin__number">
        <TextField
          label="Receipt Number"
          name="receipt_number"
          readOnly={draft.issued}
          placeholder="REC-12345"
          hint={draft.issued ? undefined : 'Generate one, or leave empty and one is generated on Add.'}
          value={draft.receipt_number}
          onChange={(e) => set('receipt_number', e.target.value)}
          error={err('receipt_number')}
        />
        {!draft.issued && (
          <Button variant="secondary" onClick={() => void generate()} busy={generating}>
            Generate
          </Button>
        )}
      </div>
      <SelectField
        label="Payment Method"
        name="payment_method"
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
        value={draft.payment_method}
        onChange={(e) => set('payment_method', e.target.value as PaymentMethod)}
      />
      <SelectField
        label="Status"
        name="status"
        options={RECEIPT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        value={draft.status}
        onChange={(e) => set('status', e.target.value as ReceiptStatus)}
      />
    </>
  );
}
