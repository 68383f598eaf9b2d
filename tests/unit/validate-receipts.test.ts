import { describe, expect, it } from 'vitest';
import { admin, by, judgeFor, member, other, receipt, server, submission, tombstone, visitor } from './validate-support.ts';

const judge = judgeFor('receipts');
const r = receipt();

describe('receipts', () => {
  it('refuses visitors and members', () => {
    expect(judge(r, null, visitor)).toBe('unauthorized');
    expect(judge(r, null, member)).toBe('forbidden');
    expect(judge({ ...r, amount_paid: 500, balance_owed: 0, status: 'paid' }, r, member)).toBe('forbidden');
    expect(judge(tombstone(r), r, member)).toBe('forbidden');
    expect(judge(tombstone(r), r, other)).toBe('forbidden');
  });

  it('lets an admin and the server create, update and delete receipts', () => {
    for (const who of [admin, server]) {
      expect(judge(by(who, r), null, who)).toBe('allow');
      expect(judge(by(who, { ...r, amount_paid: 500, balance_owed: 0, status: 'paid' }), r, who)).toBe('allow');
      expect(judge(tombstone(r), r, who)).toBe('allow');
    }
    const { amount_paid: _p, ...paidInFull } = receipt({ balance_owed: 0, status: 'paid' });
    expect(judge(by(admin, paidInFull), null, admin)).toBe('allow');
  });

  it.each([
    ['receipt_number', 'REC-123'],
    ['receipt_number', 'rec-12345'],
    ['status', 'refunded'],
    ['payment_method', 'Cheque'],
    ['amount', '500'],
    ['amount', -5],
    ['amount_paid', -1],
    ['user_id', ''],
    ['title', ''],
    ['receipt_date', '2025-02-01T10:00:00Z'],
    ['created_at', 'now'],
  ])('refuses %s = %j', (field, value) => {
    expect(judge(receipt({ [field]: value }), null, admin)).toBe('forbidden');
  });

  it('refuses other document types', () => {
    expect(judge(submission(), null, admin)).toBe('forbidden');
    expect(judge(receipt({ _id: 'receipt:' }), null, server)).toBe('forbidden');
  });
});
