// A receipt's row in the kit's list: its status badge beside the title, then its number, who it
// is for (Unknown User when the profile is missing) and its figures.
import type { AdminReceipt } from '../../../data/repos/admin-receipts.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { receiptStatusOf } from '../../../../../design-docs/src/rules.ts';
import { Fact } from '../kit/kit-view.tsx';
import { statusLabel, userLabel } from './receipt-logic.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useReceiptPeople } from './receipt-people.ts';

export function ReceiptStatusBadge({ item }: { item: AdminReceipt }) {
  const status = receiptStatusOf(item.status);
  return (
    <span className={`receipt-admin__status receipt-admin__status--${status}`} data-testid="receipt-status">
      {statusLabel(status)}
    </span>
  );
}

export function ReceiptView({ item }: { item: AdminReceipt }) {
  const { byId } = useReceiptPeople();
  return (
    <div className="kit__form">
      <p className="receipt-admin__subtitle">
        {item.receipt_number} · <span data-testid="receipt-user">{userLabel(byId, item.user_id)}</span>
      </p>
      {item.description?.trim() && <p className="kit__description">{item.description}</p>}
      <dl className="kit__facts">
        <Fact label="Date" value={formatLongDate(item.receipt_date)} />
        <Fact label="Amount" value={formatMoney(item.amount)} />
        <Fact label="Paid" value={formatMoney(item.amount_paid ?? item.amount)} />
        <div>
          <dt>Balance</dt>
          <dd data-testid="receipt-balance">{formatMoney(item.balance_owed)}</dd>
        </div>
        <Fact label="Payment" value={item.payment_method} />
      </dl>
    </div>
  );
}
