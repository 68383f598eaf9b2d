// ADR 024: `reports` is written by the server alone (fan-in from the reporters' userdbs); an
// admin may only delete a report; nobody else writes.
import { describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '../../design-docs/src/constants.ts';
import { admin, block, judgeFor, member, other, report, server, tombstone, visitor } from './validate-support.ts';

const judge = judgeFor('reports');
const r = report();

describe('reports', () => {
  it('lets the server copy a report in', () => {
    expect(judge(r, null, server)).toBe('allow');
    expect(judge(report({ reason: 'Other', details: 'Keeps sending me links', message_is_public: false }), null, server)).toBe('allow');
  });

  it('refuses visitors, members and admins creating or editing a report', () => {
    expect(judge(r, null, visitor)).toBe('unauthorized');
    expect(judge(r, null, member)).toBe('forbidden');
    expect(judge(r, null, other)).toBe('forbidden');
    expect(judge(r, null, admin)).toBe('forbidden');
    expect(judge({ ...r, reason: 'Other' }, r, admin)).toBe('forbidden');
    expect(judge({ ...r, reason: 'Other' }, r, member)).toBe('forbidden');
  });

  it('lets an admin delete a stored report, and nobody else', () => {
    expect(judge(tombstone(r), r, admin)).toBe('allow');
    expect(judge(tombstone(r), null, admin)).toBe('forbidden');
    expect(judge(tombstone(r), r, member)).toBe('forbidden');
    expect(judge(tombstone(r), r, visitor)).toBe('unauthorized');
    expect(judge(tombstone(r), r, server)).toBe('allow');
  });

  it('refuses malformed reports and other types, even from the server', () => {
    expect(judge(report({ reason: 'Boring' }), null, server)).toBe('forbidden');
    expect(judge(report({ _id: 'report:other' }), null, server)).toBe('forbidden');
    expect(judge(report({ message_id: 'profile:u2' }), null, server)).toBe('forbidden');
    expect(judge(report({ message_sender_id: 'u1' }), null, server)).toBe('forbidden');
    expect(judge(report({ details: 'x'.repeat(501) }), null, server)).toBe('forbidden');
    expect(judge(report({ message_is_public: 'yes' }), null, server)).toBe('forbidden');
    expect(judge(report({ created_at: 'today' }), null, server)).toBe('forbidden');
    expect(judge(block(), null, server)).toBe('forbidden');
  });

  it('offers the same reasons as the app', () => {
    expect(judge(report({ reason: 'Boring' }), null, server)).toBe('forbidden');
    for (const reason of REPORT_REASONS) expect(judge(report({ reason }), null, server)).toBe('allow');
  });
});
