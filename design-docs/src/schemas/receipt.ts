import * as z from 'zod';
import { PAYMENT_METHODS, RECEIPT_STATUSES, type ReceiptStatus } from '../constants.ts';
import { REQUIRED_FIELDS_MESSAGE, docBase, isoDate, requiredText, text, timestamps, writtenAt } from './common.ts';

export const RECEIPT_NUMBER_PATTERN = /^REC-\d{5}$/;

export const receiptSchema = z
  .strictObject({
    ...docBase('receipt'),
    /** The member who owns it; the mirror worker copies it into that member's userdb. */
    user_id: requiredText(REQUIRED_FIELDS_MESSAGE).regex(/^[^:\s]+$/, { error: 'Expected a user id' }),
    receipt_number: z.string().regex(RECEIPT_NUMBER_PATTERN, { error: 'Receipt number must look like REC-12345' }),
    receipt_date: isoDate,
    status: z.enum(RECEIPT_STATUSES, { error: 'Status must be paid, pending or failed' }).default('paid'),
    title: requiredText(REQUIRED_FIELDS_MESSAGE),
    description: text,
    payment_method: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }).default('Credit Card'),
    amount: z.number({ error: REQUIRED_FIELDS_MESSAGE }).min(0, { error: 'Amounts cannot be negative' }),
    /** Missing means paid in full. */
    amount_paid: z.number().min(0, { error: 'Amounts cannot be negative' }).nullish(),
    balance_owed: z.number(),
    created_at: writtenAt,
    updated_at: timestamps.updated_at,
    updated_by: timestamps.updated_by,
  })
  .refine((r) => Math.abs(r.balance_owed - balanceOf(r.amount, r.amount_paid)) < 0.005, {
    error: 'Balance must equal amount minus amount paid',
    path: ['balance_owed'],
  });
export type ReceiptDoc = z.infer<typeof receiptSchema>;

function balanceOf(amount: number, amountPaid: number | null | undefined): number {
  return Math.round((amount - (amountPaid ?? amount)) * 100) / 100;
}

/**
 * The admin form's rule: the balance follows amount and amount paid; settled means paid, a part
 * payment means pending, and otherwise the chosen status (failed is only ever chosen) stays.
 */
export function receiptFigures(r: { amount: number; amount_paid?: number | null; status: ReceiptStatus }): {
  amount_paid: number;
  balance_owed: number;
  status: ReceiptStatus;
} {
  const amountPaid = r.amount_paid ?? r.amount;
  const balance = balanceOf(r.amount, amountPaid);
  const status = balance <= 0 ? 'paid' : amountPaid > 0 ? 'pending' : r.status;
  return { amount_paid: amountPaid, balance_owed: balance, status };
}

/** In ids.ts, so the app's data layer makes receipt numbers without loading Zod. */
export { newReceiptNumber } from '../ids.ts';

/** Older data may hold other statuses; the spec shows them as paid. */
export { receiptStatusOf } from '../rules.ts';
