// The Users admin's pure rules (ADR 026): search scope, order, pages, Extend membership, and
// the screen's display rules.
import { describe, expect, it } from 'vitest';
import { compareUsers, extendedExpiry, matchesUser, pageOfUsers } from '../../sync-server/src/admin/users-rules.ts';
import type { AdminUser } from '../../design-docs/src/schemas/api.ts';
import { failureText, fullName, isExpired, membershipLabel, pageCount, roleLabel } from '../../web/src/screens/admin/users/users-logic.ts';

const user = (first: string, last: string, email: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id: `${first}${last}`.toLowerCase(),
  first_name: first,
  last_name: last,
  email,
  role: 'member',
  membership_type: 'gold',
  membership_expires_at: '2030-01-01T00:00:00.000Z',
  created_at: null,
  ...extra,
});

const ana = user('Ana', 'Baptiste', 'ana@example.org');
const ben = user('ben', 'Charles', 'BEN@mail.tt');
const carl = user('Carl', 'Adams', 'carl@example.org');

describe('matchesUser', () => {
  it('is case-insensitive over first, last and full name and the e-mail', () => {
    expect(matchesUser(ana, 'BAPT')).toBe(true);
    expect(matchesUser(ana, 'ana bap')).toBe(true);
    expect(matchesUser(ben, 'ben@MAIL')).toBe(true);
    expect(matchesUser(ana, 'charles')).toBe(false);
    expect(matchesUser(ana, '   ')).toBe(true);
  });
});

describe('pageOfUsers', () => {
  it('sorts by name, case-insensitively, and pages', () => {
    expect([carl, ben, ana].sort(compareUsers).map((u) => u.first_name)).toEqual(['Ana', 'ben', 'Carl']);
    const p = pageOfUsers([carl, ben, ana], '', 2, 2);
    expect(p).toEqual({ users: [carl], total: 3, page: 2, per_page: 2 });
    expect(pageOfUsers([carl, ben, ana], 'example', 1, 10).users).toEqual([ana, carl]);
    expect(pageOfUsers([carl], '', 5, 10)).toEqual({ users: [], total: 1, page: 5, per_page: 10 });
  });
});

describe('extendedExpiry', () => {
  const now = new Date('2025-06-01T12:00:00.000Z');
  it('adds the days to a future expiry', () => {
    expect(extendedExpiry('2025-07-01T00:00:00.000Z', 365, now)).toBe('2026-07-01T00:00:00.000Z');
  });
  it('counts from now once expired (or unreadable)', () => {
    expect(extendedExpiry('2024-01-01T00:00:00.000Z', 365, now)).toBe('2026-06-01T12:00:00.000Z');
    expect(extendedExpiry('not a date', 1, now)).toBe('2025-06-02T12:00:00.000Z');
  });
  it('leaves a membership that never expires alone', () => {
    expect(extendedExpiry(null, 365, now)).toBeNull();
  });
});

describe('the screen rules', () => {
  const now = new Date('2025-06-01T12:00:00.000Z');

  it('labels the role, the name and the membership', () => {
    expect(roleLabel({ role: 'admin' })).toBe('Admin');
    expect(roleLabel({ role: 'member' })).toBe('Member');
    expect(fullName({ first_name: ' ', last_name: '' })).toBe('Unknown User');
    expect(membershipLabel({ membership_type: 'gold', membership_expires_at: '2026-06-01T12:00:00.000Z' }, now)).toBe('Gold, expires June 1, 2026');
    expect(membershipLabel({ membership_type: 'gold', membership_expires_at: '2025-05-01T12:00:00.000Z' }, now)).toBe('Gold, expired May 1, 2025');
    expect(membershipLabel({ membership_type: 'premium', membership_expires_at: null }, now)).toBe('Premium, never expires');
    expect(isExpired({ membership_expires_at: now.toISOString() }, now)).toBe(true);
    expect(isExpired({ membership_expires_at: null }, now)).toBe(false);
  });

  it("says what failed and the server's reason", () => {
    expect(failureText('Changing the admin role', new Error('You cannot change your own admin role'))).toBe('Changing the admin role failed: You cannot change your own admin role');
    expect(failureText('Deleting the account', new TypeError('Failed to fetch'))).toBe('Deleting the account failed: the server could not be reached. Please try again.');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
