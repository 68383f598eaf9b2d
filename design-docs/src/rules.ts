// Small rules shared by the app and the server that need no schema library, so the app shell
// can use them without loading Zod.
import { RECEIPT_STATUSES } from './constants.ts';
import type { ReceiptStatus, SubmissionStatus } from './constants.ts';

/** The fields a member may change on their own profile. */
export const PROFILE_SELF_FIELDS = ['first_name', 'last_name', 'avatar_url', 'territory', 'locality'] as const;

/** The fields a restaurant owner may not change on their restaurant. */
export const RESTAURANT_OWNER_LOCKED_FIELDS = ['owner_id', 'active', 'rating', 'total_ratings'] as const;

/** The spec: an unknown receipt status is treated as paid. */
export function receiptStatusOf(value: unknown): ReceiptStatus {
  return (RECEIPT_STATUSES as readonly unknown[]).includes(value) ? (value as ReceiptStatus) : 'paid';
}

export function notificationText(formTitle: string, status: SubmissionStatus | string): string {
  return `your form submission for ${formTitle} has been ${status}`;
}
