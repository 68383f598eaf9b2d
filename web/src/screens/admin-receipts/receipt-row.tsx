// One receipt of the admin list: its view (who it is for, the figures) or, while edited, its
// form with Save Changes and Cancel. The draft lives with the page, so a failed save keeps
// everything typed.
import { Button, FormError } from '../../components/ui/index.ts';
import type { AdminReceipt, ReceiptInput, ReceiptPerson } from '../../data/repos/admin-receipts.ts';
import { formatLongDate } from '../../lib/format.ts';
import { ReceiptFields } from './receipt-fields.tsx';
import { formatMoney, statusLabel, userLabel } from './receipt-rules.ts';
import type { ReceiptDraft } from './receipt-rules.ts';
import { receiptStatusOf } from '../../../../design-docs/src/rules.ts';
import { useReceiptSubmit } from './use-receipt-submit.ts';
import { UpdatedLine } from '../admin/kit/updated-line.tsx';
import type { SaveOutcome } from './use-receipt-submit.ts';

export interface ReceiptRowProps {
  item: AdminReceipt;
  people: readonly ReceiptPerson[];
  peopleById: ReadonlyMap<string, ReceiptPerson>;
  /** Set while the row is in edit mode. */
  draft: ReceiptDraft | null;
  onEdit(): void;
  onDraftChange(next: ReceiptDraft): void;
  onCancel(): void;
  onSave(input: ReceiptInput): Promise<SaveOutcome>;
  onDelete(): void;
}

export function ReceiptRow(props: ReceiptRowProps) {
  const titleId = `receipt-row-${props.item.id}`;
  return (
    <li className="admin-panel cat-admin__row" aria-labelledby={titleId} data-testid="receipt-row">
      {props.draft ? <RowEditor {...props} draft={props.draft} titleId={titleId} /> : <RowView {...props} titleId={titleId} />}
    </li>
  );
}

function RowView({ item, peopleById, onEdit, onDelete, titleId }: ReceiptRowProps & { titleId: string }) {
  const status = receiptStatusOf(item.status);
  return (
    <>
      <div className="cat-admin__row-head">
        <div>
          <h3 id={titleId} className="cat-admin__row-title">
            {item.title}
          </h3>
          <p className="cat-admin__row-subtitle">
            {item.receipt_number} · <span data-testid="receipt-user">{userLabel(peopleById, item.user_id)}</span>
          </p>
        </div>
        <span className={`receipt-admin__status receipt-admin__status--${status}`} data-testid="receipt-status">
          {statusLabel(status)}
        </span>
      </div>
      {item.description?.trim() && <p className="cat-admin__row-description">{item.description}</p>}
      <dl className="cat-admin__facts">
        <div>
          <dt>Date</dt>
          <dd>{formatLongDate(item.receipt_date)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(item.amount)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatMoney(item.amount_paid ?? item.amount)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd data-testid="receipt-balance">{formatMoney(item.balance_owed)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{item.payment_method}</dd>
        </div>
      </dl>
      <UpdatedLine doc={item} />
      <div className="admin-actions">
        <Button variant="secondary" onClick={onEdit} aria-describedby={titleId}>
          Edit
        </Button>
        <Button variant="danger" onClick={onDelete} aria-describedby={titleId}>
          Delete
        </Button>
      </div>
    </>
  );
}

function RowEditor({ item, draft, people, peopleById, onDraftChange, onCancel, onSave, titleId }: ReceiptRowProps & { draft: ReceiptDraft; titleId: string }) {
  const { form, flight, submit } = useReceiptSubmit(draft, onSave);
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-labelledby={titleId} className="cat-admin__form">
      <h3 id={titleId} className="cat-admin__row-title">
        Editing {item.title}
      </h3>
      <FormError message={form.problems?.message} />
      <ReceiptFields draft={draft} onChange={onDraftChange} problems={form.problems} people={people} peopleById={peopleById} />
      <div className="admin-actions">
        <Button type="submit" busy={flight.busy}>
          Save Changes
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={flight.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
