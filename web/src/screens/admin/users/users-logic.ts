// What the Users admin shows for a member, and the texts of its alerts (ADR 026). Pure, so
// the unit tests pin them.
import type { AdminUser } from '../../../../../design-docs/src/schemas/api.ts';
import { formatLongDate } from '../../../lib/dates.ts';

export const USERS_TEXTS = {
  heading: 'Manage Users',
  searchLabel: 'Search users',
  searchPlaceholder: 'Search users...',
  empty: 'No users found.',
  loadFailed: 'Failed to load users',
  listLabel: 'Users',
  madeAdmin: 'User is now an admin',
  removedAdmin: 'Admin role removed',
  extended: 'Membership extended',
  ended: 'Membership ended',
  assigned: 'Restaurant assigned',
  unassigned: 'Restaurant removed',
  deleted: 'Account deleted',
  noRestaurant: 'No restaurant',
} as const;

export const PER_PAGE = 25;

export function fullName(u: Pick<AdminUser, 'first_name' | 'last_name'>): string {
  return `${u.first_name} ${u.last_name}`.trim() || 'Unknown User';
}

export function roleLabel(u: Pick<AdminUser, 'role'>): string {
  return u.role === 'admin' ? 'Admin' : 'Member';
}

function typeLabel(type: string): string {
  return type ? type.charAt(0).toUpperCase() + type.slice(1) : 'Member';
}

/** "Gold, expires June 1, 2026", "Gold, expired May 1, 2025" or "Gold, never expires". */
export function membershipLabel(u: Pick<AdminUser, 'membership_type' | 'membership_expires_at'>, now: Date): string {
  const type = typeLabel(u.membership_type);
  if (u.membership_expires_at === null) return `${type}, never expires`;
  const at = Date.parse(u.membership_expires_at);
  if (Number.isNaN(at)) return type;
  return `${type}, ${at <= now.getTime() ? 'expired' : 'expires'} ${formatLongDate(u.membership_expires_at)}`;
}

export function isExpired(u: Pick<AdminUser, 'membership_expires_at'>, now: Date): boolean {
  return u.membership_expires_at !== null && Date.parse(u.membership_expires_at) <= now.getTime();
}

/** The failure alert: what was tried, then the server's reason. */
export function failureText(action: string, err: unknown): string {
  const reason = err instanceof Error && err.message.trim() ? err.message : 'Please try again.';
  if (err instanceof TypeError) return `${action} failed: the server could not be reached. Please try again.`;
  return `${action} failed: ${reason}`;
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function deleteQuestion(u: AdminUser): string {
  return `Are you sure you want to delete the account of ${fullName(u)} (${u.email})? Their profile, messages, likes and ratings are removed. This action cannot be undone.`;
}
