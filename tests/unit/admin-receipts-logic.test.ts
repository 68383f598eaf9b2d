// Manage Receipts: the balance and status rules for paid, partial and
// unpaid receipts and a failed one chosen by hand; the number format; the required fields; the
// search scope; Unknown User; the list order.
import { formatMoney } from '../../web/src/lib/money.ts';
import { describe, expect, it } from 'vitest';
import {
  RECEIPT_TEXTS,
  checkReceiptDraft,
  checkReceiptForm,
  draftBalance,
  newReceiptDraft,
  parseMoney,
  receiptDraftOf,
  searchPeople,
  searchReceipts,
  userLabel,
  withAmounts,
} from '../../web/src/screens/admin/receipts/receipt-logic.ts';
import type { ReceiptDraft } from '../../web/src/screens/admin/receipts/receipt-logic.ts';
import { byReceiptDateDesc } from '../../web/src/data/repos/admin-receipts.ts';
import { newReceiptNumber, RECEIPT_NUMBER_PATTERN } from '../../design-docs/src/schemas/receipt.ts';

const NOW = new Date(2026, 1, 14, 9, 30);
const filled = (over: Partial<ReceiptDraft> = {}): ReceiptDraft => ({
  ...newReceiptDraft(NOW),
  title: 'Carnival package deposit',
  user_id: 'u1',
  amount: '100',
  receipt_number: 'REC-12345',
  ...over,
});

describe('a new receipt', () => {
  it('is dated today, Credit Card, paid, with no number yet', () => {
    expect(newReceiptDraft(NOW)).toMatchObject({ receipt_date: '2026-02-14', payment_method: 'Credit Card', status: 'paid', receipt_number: '', amount: '', amount_paid: '' });
  });
});

describe('balance and status follow the amounts', () => {
  it('paid in full: amount paid left empty means the whole amount, balance 0, paid', () => {
    const d = withAmounts(filled({ status: 'pending' }), { amount: '250.50' });
    expect(d.status).toBe('paid');
    expect(draftBalance(d)).toBe(0);
    const checked = checkReceiptDraft(d);
    expect(checked.ok && checked.data).toMatchObject({ amount: 250.5, amount_paid: 250.5, balance_owed: 0, status: 'paid' });
  });

  it('overpaid is paid too (the balance is 0 or less)', () => {
    const d = withAmounts(filled({ status: 'failed' }), { amount_paid: '120' });
    expect(d.status).toBe('paid');
    expect(draftBalance(d)).toBe(-20);
  });

  it('a part payment is pending, with the rest owed', () => {
    const d = withAmounts(filled(), { amount_paid: '40' });
    expect(d.status).toBe('pending');
    expect(draftBalance(d)).toBe(60);
    const checked = checkReceiptDraft(d);
    expect(checked.ok && checked.data).toMatchObject({ amount: 100, amount_paid: 40, balance_owed: 60, status: 'pending' });
  });

  it('unpaid owes the whole amount and keeps the chosen status', () => {
    const pending = withAmounts(filled({ status: 'pending' }), { amount_paid: '0' });
    expect(pending.status).toBe('pending');
    expect(draftBalance(pending)).toBe(100);
    const checked = checkReceiptDraft(pending);
    expect(checked.ok && checked.data).toMatchObject({ amount_paid: 0, balance_owed: 100, status: 'pending' });
  });

  it('failed is only ever chosen: an unpaid receipt keeps it, a payment replaces it', () => {
    const failed = withAmounts(filled({ status: 'failed' }), { amount_paid: '0' });
    expect(failed.status).toBe('failed');
    expect(checkReceiptDraft(failed)).toMatchObject({ ok: true, data: { status: 'failed', balance_owed: 100 } });
    expect(withAmounts(failed, { amount_paid: '10' }).status).toBe('pending');
    expect(withAmounts(failed, { amount_paid: '100' }).status).toBe('paid');
    // Chosen by hand after the amounts (a payment that bounced), it is kept: the rule runs when an amount changes.
    expect(checkReceiptDraft({ ...withAmounts(filled(), { amount_paid: '100' }), status: 'failed' })).toMatchObject({ ok: true, data: { status: 'failed', balance_owed: 0 } });
  });

  it('leaves the status alone while an amount is not a number yet', () => {
    const d = withAmounts(filled({ status: 'failed', amount_paid: '0' }), { amount: '' });
    expect(d.status).toBe('failed');
    expect(draftBalance(d)).toBeNull();
  });

  it('rounds to cents', () => {
    expect(draftBalance(filled({ amount: '10.10', amount_paid: '0.20' }))).toBe(9.9);
  });
});

describe('the check of the form', () => {
  it.each([['title'], ['user_id'], ['amount']] as const)('%s is required: "Please fill in all required fields"', (field) => {
    const checked = checkReceiptDraft(filled({ [field]: '  ' }));
    expect(checked).toMatchObject({ ok: false, message: 'Please fill in all required fields', first: field });
  });

  it('names every missing field, in the order of the form', () => {
    const checked = checkReceiptDraft(newReceiptDraft(NOW));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.fields)).toEqual(['title', 'user_id', 'amount']);
  });

  it('refuses an amount that is not money, and a malformed number', () => {
    expect(checkReceiptDraft(filled({ amount: '-5' }))).toMatchObject({ ok: false, first: 'amount' });
    expect(checkReceiptDraft(filled({ amount_paid: 'ten' }))).toMatchObject({ ok: false, first: 'amount_paid' });
    expect(checkReceiptDraft(filled({ receipt_number: 'REC-123' }))).toMatchObject({ ok: false, message: 'Receipt number must look like REC-12345' });
  });

  it('a new receipt may leave its number empty (generated on Add), after the required fields; a stored one may not', () => {
    expect(checkReceiptForm(filled({ receipt_number: '' }))).toMatchObject({ ok: true, data: { receipt_number: '', title: 'Carnival package deposit' } });
    expect(checkReceiptForm(filled({ receipt_number: '', title: '' }))).toMatchObject({ ok: false, first: 'title' });
    expect(checkReceiptForm(filled({ receipt_number: 'REC-123' }))).toMatchObject({ ok: false, message: 'Receipt number must look like REC-12345' });
    expect(checkReceiptForm(filled({ issued: true, receipt_number: '' })).ok).toBe(false);
  });

  it('an edit keeps its issued number read-only; a new receipt has none issued', () => {
    expect(newReceiptDraft(NOW).issued).toBe(false);
    expect(receiptDraftOf({ user_id: 'u1', title: 'T', amount: 5, receipt_date: '2026-01-02', receipt_number: 'REC-55555', payment_method: 'Cash', status: 'paid' }).issued).toBe(true);
  });

  it('trims and keeps the rest of the record', () => {
    const checked = checkReceiptDraft(filled({ title: '  Deposit ', description: ' ', payment_method: 'PayPal', receipt_date: '2026-01-31' }));
    expect(checked).toEqual({
      ok: true,
      data: { user_id: 'u1', title: 'Deposit', description: null, amount: 100, amount_paid: 100, balance_owed: 0, receipt_date: '2026-01-31', receipt_number: 'REC-12345', payment_method: 'PayPal', status: 'paid' },
    });
  });

  it('an edit starts from the stored record; a missing amount paid is the whole amount', () => {
    const d = receiptDraftOf({ user_id: 'u1', title: 'T', description: null, amount: 80, amount_paid: null, receipt_date: '2026-01-02', receipt_number: 'REC-55555', payment_method: 'Cash', status: 'paid' });
    expect(d).toMatchObject({ amount: '80', amount_paid: '80', description: '', receipt_number: 'REC-55555', payment_method: 'Cash' });
  });

  it('parses money with at most two decimals', () => {
    expect([parseMoney('12'), parseMoney(' 12.5 '), parseMoney('0.99'), parseMoney(''), parseMoney('1.234'), parseMoney('1e3')]).toEqual([12, 12.5, 0.99, null, null, null]);
  });
});

describe('receipt numbers', () => {
  it('are REC- and a number from 10000 to 99999', () => {
    expect(newReceiptNumber(() => 0)).toBe('REC-10000');
    expect(newReceiptNumber(() => 0.999999)).toBe('REC-99999');
    for (let i = 0; i < 200; i++) expect(newReceiptNumber()).toMatch(RECEIPT_NUMBER_PATTERN);
  });
});

describe('search, names and order', () => {
  const list = [
    { title: 'Band deposit', description: 'Frontline costume', receipt_number: 'REC-11111' },
    { title: 'Cooler fete', description: null, receipt_number: 'REC-22222' },
    { title: 'Shuttle', description: 'Monday', receipt_number: 'REC-33333', user_id: 'band' },
  ];

  it('matches title, description and receipt number, case-insensitively, and nothing else', () => {
    expect(searchReceipts(list, 'BAND').map((r) => r.receipt_number)).toEqual(['REC-11111']);
    expect(searchReceipts(list, 'frontline').map((r) => r.receipt_number)).toEqual(['REC-11111']);
    expect(searchReceipts(list, 'rec-222').map((r) => r.receipt_number)).toEqual(['REC-22222']);
    expect(searchReceipts(list, '  ')).toHaveLength(3);
    expect(searchReceipts(list, 'paypal')).toEqual([]);
  });

  it('names the owner, or Unknown User', () => {
    const people = new Map([['u1', { id: 'u1', first_name: 'Ana', last_name: 'Lee' }], ['u2', { id: 'u2', first_name: '', last_name: '' }]]);
    expect(userLabel(people, 'u1')).toBe('Ana Lee');
    expect(userLabel(people, 'u2')).toBe(RECEIPT_TEXTS.unknownUser);
    expect(userLabel(people, 'gone')).toBe('Unknown User');
    expect(searchPeople([...people.values()], 'lee').map((p) => p.id)).toEqual(['u1']);
  });

  it('shows money with two decimals and a $', () => {
    expect([formatMoney(5), formatMoney(12.5), formatMoney(0)]).toEqual(['$5.00', '$12.50', '$0.00']);
  });

  it('lists the newest receipt date first', () => {
    const rs = [
      { receipt_date: '2026-01-01', created_at: '2026-01-05T00:00:00Z', n: 'a' },
      { receipt_date: '2026-03-01', created_at: '2026-01-01T00:00:00Z', n: 'b' },
      { receipt_date: '2026-01-01', created_at: '2026-01-06T00:00:00Z', n: 'c' },
    ];
    expect(rs.sort(byReceiptDateDesc).map((r) => r.n)).toEqual(['b', 'c', 'a']);
  });
});
