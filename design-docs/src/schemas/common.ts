// Building blocks shared by the document schemas.
import * as z from 'zod';
import type { DocType } from '../ids.ts';
import { FIELD_LIMITS } from '../field-limits.js';
import validatorHelpers from '../validate/helpers.js';

// Zod compiles fast parsers with `new Function`, probing for it first. The PWA's
// Content-Security-Policy forbids eval, and browsers report even the caught probe as a
// violation; our schemas are small, so the interpreter is fast enough everywhere.
z.config({ jitless: true });

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

const limits = validatorHelpers(FIELD_LIMITS);

/**
 * The field limits every validate_doc_update enforces (field-limits.js), judged by the same
 * code: null when the document fits, else the validator's message.
 */
export function fieldLimitProblem(doc: unknown): string | null {
  try {
    limits.bounded(doc);
    return null;
  } catch (err) {
    return (err as { forbidden?: string }).forbidden ?? 'The document is too large';
  }
}

/** For `.superRefine`: the field limits as a Zod issue. */
export function withinFieldLimits(doc: unknown, ctx: z.RefinementCtx): void {
  const problem = fieldLimitProblem(doc);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/**
 * A trimmed, non-empty string; a missing value and a blank one give the same message, and a blank
 * one stops there so that later checks do not add a second message.
 */
export function requiredText(message: string, max: number = FIELD_LIMITS.text) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Please keep this under ${max} characters` });
}

export const text = z.string().max(FIELD_LIMITS.text, { error: `Please keep this under ${FIELD_LIMITS.text} characters` }).nullish();
export const isoDateTime = z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date-time' });
/** How far a stamp may be ahead of the server's clock (field-limits.js, ADR 054). */
export const STAMP_AHEAD_MS: number = FIELD_LIMITS.stampAheadMs;
export const STAMP_AHEAD_MESSAGE = `This date is more than ${Math.round(STAMP_AHEAD_MS / 60_000)} minutes in the future: check the date and time on this device`;
/** Whether a stamp is at most STAMP_AHEAD_MS ahead of this clock; the validators judge by the server's (ADR 054). */
export function isNotAhead(value: string): boolean {
  return limits.notAhead(value) as boolean;
}
/**
 * When a document, or a change to it, was written (created_at, updated_at, createdat…): never
 * ahead of the server's clock by more than STAMP_AHEAD_MS, so a document cannot date itself
 * into the future and stay on top of every newest-first list (ADR 054). Times that are meant
 * to lie ahead (an event's start, an expiry) are plain `isoDateTime`.
 */
export const writtenAt = isoDateTime.refine(isNotAhead, { error: STAMP_AHEAD_MESSAGE });
export const isoDate = z.iso.date({ error: 'Expected a date as YYYY-MM-DD' });
/** Validity bounds (discounts, ads) are dates in the spec, but a date-time is accepted for precision. */
export const dateOrDateTime = z.union([isoDate, isoDateTime], { error: 'Expected a date or an ISO 8601 date-time' });
export const clockTime = z.iso.time({ precision: -1, error: 'Expected a time as HH:MM' });

/** One `:`-free part of a composite id (user ids, item ids). */
export const idPart = z
  .string({ error: 'Expected an id' })
  .regex(/^[^:\s]+$/, { error: 'Ids are non-empty and contain no colon or space' });

export const order = z.int({ error: 'Order must be a whole number' });
export const money = z.number({ error: 'Expected a number' }).min(0, { error: 'Amounts cannot be negative' });
export const percentage = z
  .number({ error: 'Percentage must be a number' })
  .gt(0, { error: 'Percentage must be between 0 and 100' })
  .max(100, { error: 'Percentage must be between 0 and 100' });

/**
 * A link is stored as written: an absolute http(s) URL or a path/file name. Any other scheme
 * (javascript:, data:) is refused because these values end up in `href` and `src`.
 * Browsers ignore tabs, newlines and leading blanks in a scheme, so those are removed first.
 */
export function isSafeLink(value: string): boolean {
  return limits.safeLink(value) as boolean;
}
export const link = z.string().refine(isSafeLink, { error: 'Links must start with http:// or https://' });

export const IMAGE_LINK_MESSAGE = 'Images must be uploaded to Fete';

/**
 * An image field: an upload's bucket path, a `/uploads/…` path, or an http(s) address on one of
 * the hosts of IMAGE_HOSTS (set by the server at start from its configuration; none by default).
 */
export function isImageLink(value: string): boolean {
  return imageChecker().imageLink(value) as boolean;
}
let imageHostList: readonly string[] = [];
let imageHelpers: ReturnType<typeof validatorHelpers> | null = null;
function imageChecker() {
  return (imageHelpers ??= validatorHelpers(FIELD_LIMITS, { patterns: [], types: {}, imageHosts: [...imageHostList] }));
}
/** The hosts image fields may point at besides this server (lower case). */
export function imageHosts(): readonly string[] {
  return imageHostList;
}
export function setImageHosts(hosts: readonly string[]): void {
  imageHostList = [...new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean))].sort();
  imageHelpers = null;
}
export const imageLink = z.string().refine(isImageLink, { error: IMAGE_LINK_MESSAGE });
export const optionalImage = imageLink.nullish();

/**
 * Field refinements that validate_doc_update repeats, by the name of their ES5 twin in
 * validate/helpers.js (CHECKS). A refinement missing here cannot be generated into the validators
 * (shapes.ts refuses it), so the two never drift.
 */
export const FIELD_CHECKS = new Map<(value: string) => boolean, string>([
  [isSafeLink, 'link'],
  [isImageLink, 'image'],
  [isNotAhead, 'stamp'],
]);
export const optionalLink = link.nullish();

/** `_id`, `_rev` and `type` of a document whose id is `{type}:{something}`. */
export function docBase<T extends DocType>(type: T) {
  const prefix = `${type}:`;
  return {
    _id: z.string().regex(new RegExp(`^${prefix}[\\s\\S]`), { error: `_id must start with ${prefix}` }),
    _rev: z.string().optional(),
    type: z.literal(type),
  };
}

/**
 * Who changed what (ADR 030): the user id of the admin (or restaurant owner) who wrote last.
 * The validators require it of every admin write; the server's own writes and old data lack it.
 */
export const updatedBy = idPart.max(FIELD_LIMITS.id, { error: `Please keep this under ${FIELD_LIMITS.id} characters` }).optional();

export const timestamps = {
  created_at: writtenAt.optional(),
  updated_at: writtenAt.optional(),
  updated_by: updatedBy,
};
