// Admins' Manage Receipts: read and written in the server's admin-only `receipts` database
// (ADR 021); the receipts-mirror worker copies each one into its member's userdb, where the
// dashboard's Receipts tab shows it.
//
// A receipt number is never issued twice. A new receipt's `_id` is `receipt:{receipt_number}`,
// so the database itself refuses a second one with the same number (409), including between two
// admins adding at once. Receipts written before (seeds, older data) have generated ids, so the
// number is also looked up by value before writing; a deleted number's tombstone counts as used.
import type { ReceiptDoc } from '../../../../design-docs/src/schemas/receipt.ts';
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import { docId, newReceiptNumber } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { findAll } from './admin-find.ts';
import { compareText, getItem, listType, toItem } from './query.ts';
import type { Item } from './query.ts';
import { isConflict, isNotFound } from '../pouch.ts';
import { stamp } from './stamp.ts';

export type AdminReceipt = Item<ReceiptDoc>;

/** What the add and edit forms give; `_id`, `type` and the timestamps are the repository's. */
export type ReceiptInput = Pick<
  ReceiptDoc,
  'user_id' | 'title' | 'description' | 'amount' | 'amount_paid' | 'balance_owed' | 'receipt_date' | 'receipt_number' | 'payment_method' | 'status'
>;

/** A member the receipt can be for: the picker's option. */
export interface ReceiptPerson {
  id: string;
  first_name: string;
  last_name: string;
}

export class ReceiptNumberTakenError extends Error {
  readonly receiptNumber: string;
  constructor(receiptNumber: string) {
    super(`Receipt number ${receiptNumber} is already used`);
    this.name = 'ReceiptNumberTakenError';
    this.receiptNumber = receiptNumber;
  }
}

/** Tries before giving up on finding an unused number: with 90,000 numbers, a miss is a bug. */
const GENERATE_TRIES = 20;

/** Newest receipt date first; the same day by arrival, newest first. */
export function byReceiptDateDesc(a: Pick<ReceiptDoc, 'receipt_date' | 'created_at'>, b: Pick<ReceiptDoc, 'receipt_date' | 'created_at'>): number {
  return compareText(b.receipt_date, a.receipt_date) || compareText(b.created_at, a.created_at);
}

function personOf(p: ProfileDoc): ReceiptPerson {
  return { id: p.user_id, first_name: p.first_name ?? '', last_name: p.last_name ?? '' };
}

export function createAdminReceiptsRepo(ctx: RepoContext, random: () => number = Math.random) {
  const remote = () => {
    requireMember(ctx);
    return ctx.remote('receipts');
  };

  /** Whether a receipt holds, or held, this number. */
  async function numberTaken(receiptNumber: string, exceptId?: string): Promise<boolean> {
    const id = docId('receipt', receiptNumber);
    if (id !== exceptId) {
      try {
        await remote().get(id);
        return true;
      } catch (err) {
        // A tombstone answers 404 with reason "deleted": that number was issued once.
        if (!isNotFound(err)) throw err;
        if ((err as { reason?: unknown }).reason === 'deleted') return true;
      }
    }
    const same = await findAll<{ _id: string }>(ctx, 'receipts', { selector: { type: 'receipt', receipt_number: receiptNumber }, fields: ['_id'] }, 2, 2);
    return same.some((d) => d._id !== exceptId);
  }

  return {
    /** Every receipt, newest receipt date first. */
    async list(): Promise<AdminReceipt[]> {
      return (await listType<ReceiptDoc>(remote(), 'receipt')).sort(byReceiptDateDesc);
    },

    numberTaken,

    /** The stored receipt (null when deleted): the newest version, read after a conflict. */
    byId: (id: string) => getItem<ReceiptDoc>(remote(), docId('receipt', id)),

    /** A `REC-` number no receipt has, checked on the server. */
    async unusedNumber(): Promise<string> {
      for (let i = 0; i < GENERATE_TRIES; i++) {
        const n = newReceiptNumber(random);
        if (!(await numberTaken(n))) return n;
      }
      throw new Error('No unused receipt number found');
    },

    /** Refuses (ReceiptNumberTakenError) a number already used, here or by the database. */
    async add(input: ReceiptInput): Promise<AdminReceipt> {
      if (await numberTaken(input.receipt_number)) throw new ReceiptNumberTakenError(input.receipt_number);
      const by = stamp(ctx);
      const doc = { _id: docId('receipt', input.receipt_number), type: 'receipt' as const, ...input, created_at: by.updated_at, ...by };
      try {
        const res = await remote().put(doc);
        return toItem({ ...doc, _rev: res.rev } as ReceiptDoc);
      } catch (err) {
        if (isConflict(err)) throw new ReceiptNumberTakenError(input.receipt_number);
        throw err;
      }
    },

    /**
     * Saves the whole record over the version the admin edited: another admin's save in between
     * is a 409, never silently overwritten. The number is the receipt's identity and stays.
     */
    async update(item: AdminReceipt, input: ReceiptInput): Promise<AdminReceipt> {
      const { id: _id, ...stored } = item;
      const doc = { ...stored, ...input, receipt_number: item.receipt_number, ...stamp(ctx) } as ReceiptDoc;
      const res = await remote().put(doc);
      return toItem({ ...doc, _rev: res.rev });
    },

    async remove(item: Pick<AdminReceipt, '_id' | '_rev'>): Promise<void> {
      await remote().remove(item._id, item._rev as string);
    },

    /**
     * Everyone a receipt can be for, by first name: the profiles on this device, then the
     * server's for members not pulled yet (a member who signed up minutes ago). Offline, the
     * device's alone.
     */
    async people(): Promise<ReceiptPerson[]> {
      const me = requireMember(ctx);
      const out = new Map<string, ReceiptPerson>();
      for (const p of await listType<ProfileDoc>(me.dbs.members, 'profile')) out.set(p.user_id, personOf(p));
      const server = await listType<ProfileDoc>(ctx.remote('members'), 'profile').catch(() => []);
      for (const p of server) if (!out.has(p.user_id)) out.set(p.user_id, personOf(p));
      return [...out.values()].sort((a, b) => a.first_name.localeCompare(b.first_name) || a.last_name.localeCompare(b.last_name) || compareText(a.id, b.id));
    },
  };
}
