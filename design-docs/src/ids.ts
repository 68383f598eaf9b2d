// Document ids of ADR 001. Deterministic ids turn one-per-X rules into the database's 409.
import type { AttendanceTargetType, FeaturedItemType, FormType, LikeItemType, RatingTargetType } from './constants.ts';
import { RECEIPT_NUMBER_MAX, RECEIPT_NUMBER_MIN } from './constants.ts';

export const DOC_TYPES = [
  // catalog
  'event', 'band', 'restaurant', 'provider', 'product', 'hero_slide', 'ad', 'partner', 'featured',
  // members
  'profile', 'attendance', 'rating', 'package', 'ride', 'form', 'event_discount',
  // chat and userdb
  'message', 'like', 'settings', 'submission', 'receipt', 'notification', 'block', 'report',
  // accounts
  'account', 'email', 'refresh', 'reset', 'revocation', 'lease', 'usage', 'received', 'push', 'reminder', 'upload', 'upload_usage',
] as const;
export type DocType = (typeof DOC_TYPES)[number];

export function idPrefix(type: DocType): `${DocType}:` {
  return `${type}:`;
}

/** Random lowercase hex, 32 chars: the shape of user ids and generated ids. */
export function newId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export function docId(type: DocType, id: string): string {
  return idPrefix(type) + id;
}

/** The part of an `_id` after `{type}:`, i.e. the spec's `id` of a generated-id document. */
export function idOf(docIdValue: string): string {
  const at = docIdValue.indexOf(':');
  return at === -1 ? docIdValue : docIdValue.slice(at + 1);
}

export function typeOfId(docIdValue: string): DocType | null {
  const at = docIdValue.indexOf(':');
  if (at <= 0) return null;
  const type = docIdValue.slice(0, at);
  return (DOC_TYPES as readonly string[]).includes(type) ? (type as DocType) : null;
}

/** `allDocs` options listing every document of one type. */
export function rangeOf(type: DocType): { startkey: string; endkey: string } {
  return { startkey: idPrefix(type), endkey: `${idPrefix(type)}\ufff0` };
}

export function profileId(userId: string): string {
  return `profile:${userId}`;
}

export function likeId(itemType: LikeItemType, itemId: string): string {
  return `like:${itemType}:${itemId}`;
}

export function ratingId(targetType: RatingTargetType, targetId: string, userId: string): string {
  return `rating:${targetType}:${targetId}:${userId}`;
}

export function attendanceId(targetType: AttendanceTargetType, targetId: string, userId: string): string {
  return `attendance:${targetType}:${targetId}:${userId}`;
}

export function featuredId(itemType: FeaturedItemType, itemId: string): string {
  return `featured:${itemType}:${itemId}`;
}

export function formId(formtype: FormType, targetid: string): string {
  return `form:${formtype}:${targetid}`;
}

/** Message ids sort by time, so `allDocs` over `message:` is already chronological. */
export function messageId(createdAt: string, rand: string = newId().slice(0, 16)): string {
  return `message:${createdAt}:${rand}`;
}

export const SETTINGS_ID = 'settings:main';

/** One block per blocked member, in the blocker's own userdb. */
export function blockId(blockedUserId: string): string {
  return `block:${blockedUserId}`;
}

/** E-mails are unique by their normalised form, which is the key of the `email:` document. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function accountId(userId: string): string {
  return `account:${userId}`;
}

export function emailId(email: string): string {
  return `email:${normaliseEmail(email)}`;
}

export function refreshId(tokenHash: string): string {
  return `refresh:${tokenHash}`;
}

export function resetId(tokenHash: string): string {
  return `reset:${tokenHash}`;
}

/** `REC-` and a random number from 10000 to 99999. */
export function newReceiptNumber(random: () => number = Math.random): string {
  const span = RECEIPT_NUMBER_MAX - RECEIPT_NUMBER_MIN + 1;
  return `REC-${RECEIPT_NUMBER_MIN + Math.floor(random() * span)}`;
}

/** The generation of a `N-hash` revision (0 when it is none): how many edits made it. */
export function revGeneration(rev: string | undefined): number {
  return rev ? Number.parseInt(rev, 10) || 0 : 0;
}
