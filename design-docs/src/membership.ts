// Membership dates, shared by sign-up, sign-in, refresh (server) and the warning alert (web).
import { GOLD_MEMBERSHIP_DAYS, MEMBERSHIP_WARNING_DAYS } from './constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function goldExpiry(from: Date): string {
  return new Date(from.getTime() + GOLD_MEMBERSHIP_DAYS * DAY_MS).toISOString();
}

/** Whole days left, rounded up, so an expiry later today is "1 day". Null means it never expires. */
export function daysUntilExpiry(expiresAt: string | null, now: Date): number | null {
  if (expiresAt === null) return null;
  return Math.ceil((Date.parse(expiresAt) - now.getTime()) / DAY_MS);
}

export type MembershipState = { state: 'active' } | { state: 'expiring'; days: number } | { state: 'expired' };

export function membershipState(expiresAt: string | null, now: Date): MembershipState {
  const days = daysUntilExpiry(expiresAt, now);
  if (days === null) return { state: 'active' };
  if (Date.parse(expiresAt as string) <= now.getTime()) return { state: 'expired' };
  return days <= MEMBERSHIP_WARNING_DAYS ? { state: 'expiring', days } : { state: 'active' };
}

export function membershipWarning(days: number): string {
  return `Your membership will expire in ${days} days.`;
}

export const MEMBERSHIP_EXPIRED_MESSAGE =
  'Your membership has expired. Please renew your membership to continue using your account.';
export const MEMBERSHIP_RENEW_MESSAGE =
  'Please renew your membership before it expires to maintain access to your account.';
