import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_EXPIRED_MESSAGE, sessionMembership } from '../../sync-server/src/auth/membership.ts';

const DAY = 86_400_000;
const now = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('session membership', () => {
  it('never expires without a date (the env admin)', () => {
    expect(sessionMembership({ membership_type: 'gold', membership_expires_at: null }, now)).toEqual({ kind: 'active' });
  });

  it('refuses an expired gold member, the spec text is exported', () => {
    expect(sessionMembership({ membership_type: 'gold', membership_expires_at: at(-1) }, now)).toEqual({ kind: 'expired' });
    expect(sessionMembership({ membership_type: 'gold', membership_expires_at: at(0) }, now)).toEqual({ kind: 'expired' });
    expect(MEMBERSHIP_EXPIRED_MESSAGE).toBe('Your membership has expired. Please renew your membership to continue using your account.');
  });

  it('warns 30 days or fewer before expiry with the spec texts, rounding days up', () => {
    const ten = sessionMembership({ membership_type: 'gold', membership_expires_at: at(10 * DAY) }, now);
    expect(ten).toEqual({
      kind: 'active',
      warning: {
        days_left: 10,
        message: 'Your membership will expire in 10 days.',
        detail: 'Please renew your membership before it expires to maintain access to your account.',
      },
    });
    const almost = sessionMembership({ membership_type: 'gold', membership_expires_at: at(10 * DAY - 60_000) }, now);
    expect(almost.kind === 'active' && almost.warning?.days_left).toBe(10);
    const thirty = sessionMembership({ membership_type: 'gold', membership_expires_at: at(30 * DAY) }, now);
    expect(thirty.kind === 'active' && thirty.warning?.days_left).toBe(30);
    expect(sessionMembership({ membership_type: 'gold', membership_expires_at: at(31 * DAY) }, now)).toEqual({ kind: 'active' });
  });

  it('does not lock anyone out over an unreadable date', () => {
    expect(sessionMembership({ membership_type: 'gold', membership_expires_at: 'soon' }, now)).toEqual({ kind: 'active' });
  });
});
