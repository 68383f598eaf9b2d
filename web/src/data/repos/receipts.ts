// Receipts, mirrored into the member's userdb by the server; the dashboard's "New" dot compares
// the newest with the last time the member looked (kept in settings, so it follows them).
import type { ReceiptDoc } from '../../../../design-docs/src/schemas/receipt.ts';
import { receiptStatusOf } from '../../../../design-docs/src/rules.ts';
import type { RepoContext } from './context.ts';
import { compareText, listType } from './query.ts';
import type { Item } from './query.ts';
import { createSettingsRepo } from './settings.ts';

export type Receipt = Item<ReceiptDoc>;

/**
 * The receipts "New" rule: with no stored check time this is the
 * first check ever, which only stores the time; otherwise a receipt created after it is new.
 */
export function receiptCheck(newestCreatedAt: string | null | undefined, checkedAt: string | null | undefined): 'first-check' | 'new' | 'seen' {
  if (!checkedAt) return 'first-check';
  if (!newestCreatedAt) return 'seen';
  return Date.parse(newestCreatedAt) > Date.parse(checkedAt) ? 'new' : 'seen';
}

export function createReceiptsRepo(ctx: RepoContext) {
  const settings = createSettingsRepo(ctx);

  /** Newest by arrival: the list is ordered by receipt date, which an admin may backdate. */
  function newestArrival(receipts: readonly Receipt[]): string | null {
    return receipts.reduce<string | null>((max, r) => (max === null || Date.parse(r.created_at) > Date.parse(max) ? r.created_at : max), null);
  }

  async function list(): Promise<Receipt[]> {
    const me = ctx.member();
    if (!me) return [];
    return (await listType<ReceiptDoc>(me.dbs.userdb, 'receipt'))
      .map((r) => ({ ...r, status: receiptStatusOf(r.status), amount_paid: r.amount_paid ?? r.amount }))
      .sort((a, b) => compareText(b.receipt_date, a.receipt_date) || compareText(b.created_at, a.created_at));
  }

  return {
    /** Newest first. */
    list,

    /**
     * Whether a receipt arrived since the member last looked. The first check ever only stores
     * the time, as the spec says.
     */
    async hasNew(): Promise<boolean> {
      if (!ctx.member()) return false;
      const newest = newestArrival(await list());
      const state = receiptCheck(newest, (await settings.get())?.receipts_checked_at);
      if (state === 'first-check') await settings.update({ receipts_checked_at: ctx.now().toISOString() });
      return state === 'new';
    },

    /**
     * Opening Receipts resets the time. `created_at` is the server's clock: when it runs ahead of
     * this device's, the newest receipt's time is stored instead, or the receipt just looked at
     * would count as new again (ADR 019).
     */
    async markChecked(): Promise<void> {
      const now = ctx.now().toISOString();
      const newest = ctx.member() ? newestArrival(await list()) : null;
      const at = newest !== null && Date.parse(newest) > Date.parse(now) ? newest : now;
      await settings.update({ receipts_checked_at: at });
    },
  };
}
