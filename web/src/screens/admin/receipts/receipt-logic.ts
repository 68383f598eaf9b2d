// The pure rules of Manage Receipts: the page's words, a new receipt's defaults, the figures that
// follow amount and amount paid, the check of what the admin typed (the
// shared receipt schema, so the screen says what the server would refuse) and the search.
import {
  DEFAULT_PAYMENT_METHOD, DEFAULT_RECEIPT_STATUS, PAYMENT_METHODS, RECEIPT_STATUSES,
} from '../../../../../design-docs/src/constants.ts';
import type { PaymentMethod, ReceiptStatus } from '../../../../../design-docs/src/constants.ts';
import { receiptFigures, receiptSchema } from '../../../../../design-docs/src/schemas/receipt.ts';
import { REQUIRED_FIELDS_MESSAGE, fieldLimitProblem } from '../../../../../design-docs/src/schemas/common.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { ReceiptInput, ReceiptPerson } from '../../../data/repos/admin-receipts.ts';
import { kitTexts, searchItems } from '../kit/kit-logic.ts';
import type { KitTexts, SearchValue } from '../kit/kit-logic.ts';

export { PAYMENT_METHODS, RECEIPT_STATUSES };

/** The spec's texts; added/deleted follow the "updated successfully" pattern. */
export const RECEIPT_TEXTS = {
  heading: 'Manage Receipts',
  loadFailed: 'Failed to load receipts. Please try again later.',
  addFailed: 'Failed to add receipt',
  updateFailed: 'Failed to update receipt',
  deleteFailed: 'Failed to delete receipt',
  updated: 'Receipt updated successfully',
  added: 'Receipt added successfully',
  deleted: 'Receipt deleted successfully',
  empty: 'No receipts found.',
  noMatch: 'No receipts match your search.',
  deleteQuestion: 'Are you sure you want to delete this receipt?',
  unknownUser: 'Unknown User',
  addHeading: 'Add Receipt',
  numberTaken: 'That receipt number is already used. A new one has been generated: please check it and try again.',
  generateFailed: 'Could not generate a receipt number. Please try again.',
} as const;

/** The admin kit's words: the same texts, built from the thing, with the search's own. */
export const RECEIPT_KIT_TEXTS: KitTexts = { ...kitTexts(RECEIPT_TEXTS.heading, 'receipt', 'receipts'), noMatch: RECEIPT_TEXTS.noMatch };

/** The conflict panel's names of the draft's fields: the form's labels. */
export const RECEIPT_FIELD_LABELS: Readonly<Record<string, string>> = {
  user_id: 'User',
  amount_paid: 'Amount Paid',
  receipt_date: 'Receipt Date',
  receipt_number: 'Receipt Number',
  payment_method: 'Payment Method',
};

/** What the forms hold while the admin types: amounts stay the typed text. */
export interface ReceiptDraft {
  /** A stored receipt's draft: its number was issued and is read-only. A new one's is typed or generated. */
  issued: boolean;
  user_id: string;
  title: string;
  description: string;
  amount: string;
  amount_paid: string;
  receipt_date: string;
  receipt_number: string;
  payment_method: PaymentMethod;
  status: ReceiptStatus;
}

/** Today on the admin's calendar, as YYYY-MM-DD. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new receipt: dated today, Credit Card, paid; no number until Generate or Add. */
export function newReceiptDraft(now: Date): ReceiptDraft {
  return {
    issued: false,
    user_id: '',
    title: '',
    description: '',
    amount: '',
    amount_paid: '',
    receipt_date: localDate(now),
    receipt_number: '',
    payment_method: DEFAULT_PAYMENT_METHOD,
    status: DEFAULT_RECEIPT_STATUS,
  };
}

/** The edit form of a stored receipt: everything as it is, so Cancel and a failed save lose nothing. */
export function receiptDraftOf(r: {
  user_id: string;
  title: string;
  description?: string | null;
  amount: number;
  amount_paid?: number | null;
  receipt_date: string;
  receipt_number: string;
  payment_method: PaymentMethod;
  status: ReceiptStatus;
}): ReceiptDraft {
  return {
    issued: true,
    user_id: r.user_id,
    title: r.title,
    description: r.description ?? '',
    amount: String(r.amount),
    amount_paid: String(r.amount_paid ?? r.amount),
    receipt_date: r.receipt_date,
    receipt_number: r.receipt_number,
    payment_method: r.payment_method,
    status: r.status,
  };
}

/** "12", " 12.5 ", "0.99" → the number; "", "-1", "1e3", "1.234", "ten" → null. */
export function parseMoney(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  return Number(t);
}

/** What the read-only balance shows: computed while the amounts are numbers, else blank. */
export function draftBalance(d: Pick<ReceiptDraft, 'amount' | 'amount_paid' | 'status'>): number | null {
  const amount = parseMoney(d.amount);
  if (amount === null) return null;
  const paid = d.amount_paid.trim() === '' ? null : parseMoney(d.amount_paid);
  if (paid === null && d.amount_paid.trim() !== '') return null;
  return receiptFigures({ amount, amount_paid: paid, status: d.status }).balance_owed;
}

/**
 * The draft after amount or amount paid changed: the status follows the amounts (settled
 * is paid, a part payment is pending; otherwise the chosen one stays, so failed is only ever
 * chosen). While either amount is not a number yet, the status is left alone.
 */
export function withAmounts(d: ReceiptDraft, change: Partial<Pick<ReceiptDraft, 'amount' | 'amount_paid'>>): ReceiptDraft {
  const next = { ...d, ...change };
  const amount = parseMoney(next.amount);
  const paidBlank = next.amount_paid.trim() === '';
  const paid = paidBlank ? null : parseMoney(next.amount_paid);
  if (amount === null || (!paidBlank && paid === null)) return next;
  return { ...next, status: receiptFigures({ amount, amount_paid: paid, status: next.status }).status };
}

const MONEY_MESSAGE = 'Enter an amount such as 25 or 25.50';

/**
 * The draft as the repository takes it, or the problems: the spec's "Please fill in all required
 * fields" (title, user, amount) first, then a malformed amount or number, a field over its limit.
 * Amount paid left blank is the whole amount (paid in full). The balance is always recomputed.
 */
export function checkReceiptDraft(d: ReceiptDraft): CheckResult<ReceiptInput> {
  const missing = (['title', 'user_id', 'amount'] as const).filter((k) => d[k].trim() === '');
  if (missing.length > 0) {
    const fields = Object.fromEntries(missing.map((k) => [k, REQUIRED_FIELDS_MESSAGE]));
    return { ok: false, message: REQUIRED_FIELDS_MESSAGE, fields, first: missing[0] ?? null };
  }
  const amount = parseMoney(d.amount);
  const paid = d.amount_paid.trim() === '' ? null : parseMoney(d.amount_paid);
  const bad = [...(amount === null ? ['amount'] : []), ...(paid === null && d.amount_paid.trim() !== '' ? ['amount_paid'] : [])];
  if (bad.length > 0) return { ok: false, message: MONEY_MESSAGE, fields: Object.fromEntries(bad.map((k) => [k, MONEY_MESSAGE])), first: bad[0] ?? null };
  const figures = receiptFigures({ amount: amount as number, amount_paid: paid, status: d.status });
  const candidate = {
    _id: 'receipt:draft',
    type: 'receipt',
    user_id: d.user_id,
    receipt_number: d.receipt_number.trim(),
    receipt_date: d.receipt_date,
    // The status followed the amounts as they were typed (withAmounts); a choice made after
    // that, failed included, is the admin's and stays.
    status: d.status,
    title: d.title.trim(),
    description: d.description.trim() === '' ? null : d.description.trim(),
    payment_method: d.payment_method,
    amount,
    amount_paid: figures.amount_paid,
    balance_owed: figures.balance_owed,
    created_at: '2000-01-01T00:00:00.000Z',
  };
  const checked = checkForm(receiptSchema, candidate);
  if (!checked.ok) return checked;
  const r = checked.data;
  const input: ReceiptInput = {
    user_id: r.user_id,
    title: r.title,
    description: r.description ?? null,
    amount: r.amount,
    amount_paid: r.amount_paid ?? r.amount,
    balance_owed: r.balance_owed,
    receipt_date: r.receipt_date,
    receipt_number: r.receipt_number,
    payment_method: r.payment_method,
    status: r.status,
  };
  const tooLong = fieldLimitProblem(input);
  if (tooLong) return { ok: false, message: tooLong, fields: {}, first: null };
  return { ok: true, data: input };
}

/** Stands in for a number not generated yet, so the rest of the draft is checked first. */
const NUMBER_TO_COME = 'REC-10000';

/**
 * The forms' check: a new receipt may leave its number empty, and one is generated on Add (the
 * input then holds ''), after the required fields are checked, as if Generate had been pressed.
 */
export function checkReceiptForm(d: ReceiptDraft): CheckResult<ReceiptInput> {
  if (d.issued || d.receipt_number.trim() !== '') return checkReceiptDraft(d);
  const checked = checkReceiptDraft({ ...d, receipt_number: NUMBER_TO_COME });
  return checked.ok ? { ok: true, data: { ...checked.data, receipt_number: '' } } : checked;
}

/** The fields searched for a receipt. */
export function receiptSearchFields(r: { title: string; description?: string | null; receipt_number: string }): readonly SearchValue[] {
  return [r.title, r.description, r.receipt_number];
}

/** Receipts are searched over title, description and receipt number. */
export function searchReceipts<T extends { title: string; description?: string | null; receipt_number: string }>(list: readonly T[], query: string): T[] {
  return searchItems(list, query, receiptSearchFields);
}

export function personName(p: Pick<ReceiptPerson, 'first_name' | 'last_name'>): string {
  return [p.first_name, p.last_name].filter((s) => s.trim() !== '').join(' ');
}

/** The owner's full name, or the spec's Unknown User when the profile is missing (or nameless). */
export function userLabel(people: ReadonlyMap<string, ReceiptPerson>, userId: string): string {
  const p = people.get(userId);
  return (p && personName(p)) || RECEIPT_TEXTS.unknownUser;
}

/** The user picker's search: a case-insensitive substring of the full name. */
export function searchPeople(people: readonly ReceiptPerson[], query: string): ReceiptPerson[] {
  const q = query.trim().toLowerCase();
  if (!q) return people.slice();
  return people.filter((p) => personName(p).toLowerCase().includes(q));
}

export function statusLabel(s: ReceiptStatus): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
