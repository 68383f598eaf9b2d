// The session's view of the membership rules, on top of the shared
// date rules in design-docs: an expired gold member may not sign in or refresh, and 30 days
// or fewer before expiry the session carries a warning.
import {
  MEMBERSHIP_EXPIRED_MESSAGE,
  MEMBERSHIP_RENEW_MESSAGE,
  membershipState,
  membershipWarning,
} from '../../../design-docs/src/membership.ts';

export { MEMBERSHIP_EXPIRED_MESSAGE };

export interface MembershipWarning {
  days_left: number;
  message: string;
  detail: string;
}

export type SessionMembership = { kind: 'expired' } | { kind: 'active'; warning?: MembershipWarning };

export function sessionMembership(m: { membership_type: string; membership_expires_at: string | null }, now = new Date()): SessionMembership {
  const expiresAt = m.membership_expires_at ?? null;
  // An unreadable date must not lock a member out.
  if (expiresAt !== null && Number.isNaN(Date.parse(expiresAt))) return { kind: 'active' };
  const state = membershipState(expiresAt, now);
  if (state.state === 'expired') return m.membership_type === 'gold' ? { kind: 'expired' } : { kind: 'active' };
  if (state.state === 'expiring') {
    return { kind: 'active', warning: { days_left: state.days, message: membershipWarning(state.days), detail: MEMBERSHIP_RENEW_MESSAGE } };
  }
  return { kind: 'active' };
}
