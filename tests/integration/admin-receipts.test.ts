// Manage Receipts over the real server: the admin's online repository adds, lists (newest
// receipt date first), updates and removes receipts in `receipts`; the receipts-mirror worker
// carries each change into the member's userdb and on to their device; a number already used
// (a live receipt, an older receipt with a generated id, a deleted one) is refused; a member is
// refused by the server.
import { describe, expect, it } from 'vitest';
import { adminHarness } from './admin-harness.ts';
import { signUpClient, waitFor } from './data-harness.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { ReceiptNumberTakenError } from '../../web/src/data/repos/admin-receipts.ts';
import type { ReceiptInput } from '../../web/src/data/repos/admin-receipts.ts';
import { RECEIPT_NUMBER_PATTERN } from '../../design-docs/src/schemas/receipt.ts';

const h = adminHarness();
const { client, admin } = h;
let serial = 0;

const serverDoc = (db: string, id: string) => h.ts.server.ctx.adminCall('GET', `/${db}/${encodeURIComponent(id)}`) as Promise<{ status: number; body: Record<string, unknown> }>;

/** A number unique to this run, so the tests never meet each other's receipts. */
function number(): string {
  return `REC-${20000 + process.pid % 1000 * 50 + ++serial}`;
}

const input = (userId: string, over: Partial<ReceiptInput> = {}): ReceiptInput => ({
  user_id: userId,
  title: 'Carnival package deposit',
  description: 'Frontline',
  amount: 100,
  amount_paid: 40,
  balance_owed: 60,
  receipt_date: '2026-02-01',
  receipt_number: number(),
  payment_method: 'Credit Card',
  status: 'pending',
  ...over,
});

describe('admin receipts', () => {
  it('add reaches the member (userdb and device) through the mirror; update and remove follow', async () => {
    const a = await admin();
    const m = await client();
    const { userId } = await signUpClient(m);
    const repo = a.data.admin.receipts;

    expect((await repo.people()).map((p) => p.id)).toContain(userId);

    const older = await repo.add(input(userId, { title: 'Older', receipt_date: '2026-01-05', amount_paid: 100, balance_owed: 0, status: 'paid' }));
    const rec = await repo.add(input(userId));
    expect(rec._id).toBe(`receipt:${rec.receipt_number}`);
    expect((await serverDoc('receipts', rec._id)).body).toMatchObject({ type: 'receipt', user_id: userId, amount: 100, amount_paid: 40, balance_owed: 60, status: 'pending' });
    const mine = (await repo.list()).filter((r) => r.user_id === userId);
    expect(mine.map((r) => r.title)).toEqual(['Carnival package deposit', 'Older']);

    const copy = await waitFor(async () => {
      const d = await serverDoc(userDbName(userId), rec._id);
      return d.status === 200 && d.body;
    }, 'the mirrored copy in the member userdb');
    expect(copy).toMatchObject({ _rev: rec._rev, receipt_number: rec.receipt_number, balance_owed: 60 });
    await waitFor(async () => (await m.data.receipts.list()).some((r) => r.id === rec.id), 'the receipt on the member device');

    const updated = await repo.update(rec, input(userId, { receipt_number: 'REC-99999', amount_paid: 100, balance_owed: 0, status: 'paid', title: 'Deposit, settled' }));
    expect(updated.receipt_number).toBe(rec.receipt_number);
    expect(updated.created_at).toBe(rec.created_at);
    await waitFor(async () => (await serverDoc(userDbName(userId), rec._id)).body.status === 'paid', 'the update in the member userdb');
    expect((await serverDoc(userDbName(userId), rec._id)).body).toMatchObject({ title: 'Deposit, settled', balance_owed: 0 });

    // An edit over a stale version is refused, never silently merged.
    await expect(repo.update(rec, input(userId, { title: 'Stale' }))).rejects.toMatchObject({ status: 409 });

    await repo.remove(updated);
    await repo.remove(older);
    expect((await serverDoc('receipts', rec._id)).status).toBe(404);
    await waitFor(async () => (await serverDoc(userDbName(userId), rec._id)).status === 404, 'the deletion in the member userdb');
    await waitFor(async () => !(await m.data.receipts.list()).some((r) => r.id === rec.id), 'the deletion on the member device');
  });

  it('never issues a number twice: live, older (generated id) and deleted receipts hold theirs', async () => {
    const a = await admin();
    const m = await client();
    const { userId } = await signUpClient(m);
    const repo = a.data.admin.receipts;

    const live = await repo.add(input(userId));
    await expect(repo.add(input(userId, { receipt_number: live.receipt_number }))).rejects.toBeInstanceOf(ReceiptNumberTakenError);

    const legacyNumber = number();
    const legacy = { _id: `receipt:0123456789abcdef0123456789abc${serial}`, type: 'receipt', ...input(userId, { receipt_number: legacyNumber }), created_at: new Date().toISOString() };
    expect((await h.ts.server.ctx.adminCall('PUT', `/receipts/${encodeURIComponent(legacy._id)}`, legacy)).status).toBe(201);
    expect(await repo.numberTaken(legacyNumber)).toBe(true);
    await expect(repo.add(input(userId, { receipt_number: legacyNumber }))).rejects.toBeInstanceOf(ReceiptNumberTakenError);

    const gone = await repo.add(input(userId));
    await repo.remove(gone);
    expect(await repo.numberTaken(gone.receipt_number)).toBe(true);
    await expect(repo.add(input(userId, { receipt_number: gone.receipt_number }))).rejects.toBeInstanceOf(ReceiptNumberTakenError);

    expect(await repo.numberTaken(number())).toBe(false);
    const fresh = await repo.unusedNumber();
    expect(fresh).toMatch(RECEIPT_NUMBER_PATTERN);
    expect(await repo.numberTaken(fresh)).toBe(false);

    const rev = (await serverDoc('receipts', legacy._id)).body._rev as string;
    await h.ts.server.ctx.adminCall('DELETE', `/receipts/${encodeURIComponent(legacy._id)}?rev=${rev}`);
    await repo.remove(live);
  });

  it('a member is refused by the server (403), and nothing is written', async () => {
    const m = await client();
    const { userId } = await signUpClient(m);
    const rec = input(userId);
    await expect(m.data.admin.receipts.add(rec)).rejects.toMatchObject({ status: 403 });
    await expect(m.data.admin.receipts.list()).rejects.toMatchObject({ status: 403 });
    expect((await serverDoc('receipts', `receipt:${rec.receipt_number}`)).status).toBe(404);
  });
});
