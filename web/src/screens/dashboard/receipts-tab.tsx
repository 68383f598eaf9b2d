// 'Receipts': the member's receipts, newest first. Each downloads as a plain-text file named by
// its receipt number, made on the device, so it works offline. The support address comes from
// the server's settings (the copy kept on the device when offline).
import { useEffect } from 'react';
import { useDataLayer } from '../../data/react.ts';
import { useReceipts } from '../../data/hooks/use-receipts.ts';
import type { Receipt } from '../../data/repos/receipts.ts';
import { Button, Spinner, useToast } from '../../components/ui/index.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { NO_RECEIPTS_TEXT, receiptFileName, receiptText } from './dashboard-logic.ts';
import { isListOf } from '../../data/first-screen-snapshot.ts';
import { useTabSnapshot } from './use-tab-snapshot.ts';

/** About two screens of receipt cards, drawn from the snapshot while the full list is read. */
const RECEIPTS_FIRST_SCREEN = 20;
const isReceiptList = isListOf('_id') as (value: unknown) => value is Receipt[];
const firstReceipts = (receipts: Receipt[]) => receipts.slice(0, RECEIPTS_FIRST_SCREEN);

function saveText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The click starts the download synchronously; the URL only has to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ReceiptsTab({ userId }: { userId: string }) {
  const data = useDataLayer();
  const toast = useToast();
  const { data: receipts, loading } = useReceipts(userId);
  const shown = useTabSnapshot('receipts', receipts, isReceiptList, firstReceipts);
  const newest = receipts?.reduce((max, r) => (r.created_at > max ? r.created_at : max), '') ?? '';

  // Opening Receipts resets the last-check time; so does a receipt that
  // arrives while the member is looking at the list.
  useEffect(() => {
    data.receipts.markChecked().catch(() => undefined);
  }, [data, userId, newest]);

  async function download(r: Receipt) {
    try {
      const { support_email } = await data.publicConfig.get();
      saveText(receiptFileName(r.receipt_number), receiptText(r, support_email));
    } catch {
      toast.error('Failed to download receipt');
    }
  }

  if (!shown) return loading ? <Spinner label="Loading..." /> : <p className="dash-empty">{NO_RECEIPTS_TEXT}</p>;
  if (shown.length === 0) return <p className="dash-empty">{NO_RECEIPTS_TEXT}</p>;
  return (
    <ul className="dash-cards" aria-label="Receipts">
      {shown.map((r) => (
        <li key={r._id} className="dash-card receipt-card" data-testid="receipt-card">
          <div className="dash-card__head">
            <h3 className="dash-card__title" id={`receipt-${r.id}`}>
              {r.title}
            </h3>
            <span className={`status-pill status-pill--${r.status}`}>{r.status.charAt(0).toUpperCase() + r.status.slice(1)}</span>
          </div>
          <p className="receipt-card__number">{r.receipt_number}</p>
          {r.description && <p className="dash-card__text">{r.description}</p>}
          <dl className="receipt-card__figures">
            <div>
              <dt>Date</dt>
              <dd>{formatLongDate(r.receipt_date)}</dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>{formatMoney(r.amount)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{formatMoney(r.amount_paid ?? r.amount)}</dd>
            </div>
            <div>
              <dt>Balance</dt>
              <dd>{formatMoney(r.balance_owed)}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>{r.payment_method}</dd>
            </div>
          </dl>
          <Button variant="secondary" className="btn--small" aria-describedby={`receipt-${r.id}`} onClick={() => void download(r)}>
            Download {r.receipt_number}
          </Button>
        </li>
      ))}
    </ul>
  );
}
