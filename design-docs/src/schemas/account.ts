// The server-only documents of the `accounts` database.
import * as z from 'zod';
import { MEMBERSHIP_TYPES, PROFILE_ROLES, UPLOAD_BUCKETS } from '../constants.ts';
import { normaliseEmail } from '../ids.ts';
import { docBase, idPart, isoDate, isoDateTime, writtenAt } from './common.ts';

/** Token hashes are hex or base64url, never containing a colon. */
const tokenHash = '[A-Za-z0-9_-]+$';

export const accountSchema = z.strictObject({
  ...docBase('account'),
  email: z.email({ error: 'Please enter a valid email address' }),
  password_hash: z.string().min(1),
  role: z.enum(PROFILE_ROLES),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  membership_expires_at: isoDateTime.nullable(),
  created_at: writtenAt,
  updated_at: writtenAt.optional(),
  /** The admin who last changed the role or membership (ADR 030). */
  updated_by: idPart.optional(),
  /** Sessions issued before this are refused, so a password change signs out other devices. */
  password_changed_at: writtenAt.optional(),
  /** The name given at sign-up, for the session answer before the profile exists. */
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});
export type AccountDoc = z.infer<typeof accountSchema>;

/** `email:{normalised}`: its 409 keeps e-mails unique. */
export const emailIndexSchema = z
  .strictObject({
    ...docBase('email'),
    user_id: idPart,
    created_at: writtenAt.optional(),
  })
  .refine((d) => d._id === `email:${normaliseEmail(d._id.slice('email:'.length))}`, {
    error: '_id must hold the normalised e-mail',
    path: ['_id'],
  });
export type EmailIndexDoc = z.infer<typeof emailIndexSchema>;

export const refreshSessionSchema = z.strictObject({
  ...docBase('refresh'),
  _id: z.string().regex(new RegExp(`^refresh:${tokenHash}`), { error: '_id must be refresh:{sha256}' }),
  user_id: idPart,
  /** Every token rotated from one sign-in shares a family; reuse of an old one revokes it. */
  family: z.string().min(1),
  expires_at: isoDateTime,
  created_at: writtenAt,
  rotated_at: writtenAt.nullish(),
  revoked_at: writtenAt.nullish(),
  /** The successor's `_id`, and the client's attempt id of that rotation: a retry of an answer lost on the way. */
  rotated_to: z.string().nullish(),
  rotated_attempt: z.string().max(64).nullish(),
  /** When the family's first sign-in was: no token of it outlives SESSION_MAX_DAYS from then (ADR 056). */
  session_started_at: isoDateTime.optional(),
});
export type RefreshSessionDoc = z.infer<typeof refreshSessionSchema>;

export const resetTokenSchema = z.strictObject({
  ...docBase('reset'),
  _id: z.string().regex(new RegExp(`^reset:${tokenHash}`), { error: '_id must be reset:{sha256}' }),
  user_id: idPart,
  expires_at: isoDateTime,
  created_at: writtenAt,
  used_at: writtenAt.nullish(),
});
export type ResetTokenDoc = z.infer<typeof resetTokenSchema>;

/**
 * A user's tokens issued at or before `revoked_at` (milliseconds) are refused (auth/revocations.ts):
 * `revocation:{user_id}` for all of them, `revocation:{user_id}:{session}` for the tokens of one
 * signed-out session (their `sid` claim, ADR 056).
 */
export const revocationSchema = z.strictObject({
  ...docBase('revocation'),
  user_id: idPart,
  revoked_at: z.int().min(0),
  session: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'session must be letters, digits, _ or -' }).optional(),
});
export type RevocationDoc = z.infer<typeof revocationSchema>;

/** Which server runs a once-only job, until when (backend/lease.ts). */
export const leaseSchema = z.strictObject({
  ...docBase('lease'),
  _id: z.string().regex(/^lease:[a-z][a-z0-9-]*$/, { error: '_id must be lease:{name}' }),
  holder: z.string().min(1),
  expires_at: isoDateTime,
});
export type LeaseDoc = z.infer<typeof leaseSchema>;

/**
 * A member's use of the shared databases, counted alike by every server on the backend
 * (sync-server/src/gateway/shared-usage.ts): their recent Public Chat posts and what they wrote
 * into `catalog`, `members` and `chat` today.
 */
export const usageSchema = z.strictObject({
  ...docBase('usage'),
  user_id: idPart,
  /** Times (ms) of the latest Public Chat posts, oldest first, with how many posts each. */
  chat_times: z.array(z.int().min(0)).max(200),
  chat_counts: z.array(z.int().min(1)).max(200),
  /** The UTC day `day_docs` and `day_bytes` count. */
  day: isoDate,
  day_docs: z.int().min(0),
  day_bytes: z.int().min(0),
  updated_at: writtenAt,
});
export type UsageDoc = z.infer<typeof usageSchema>;

/** The path of an upload in its bucket, as the upload API names it: `{user id}/{ms}-{12 hex}.webp`. */
export const UPLOAD_PATH = /^[A-Za-z0-9_-]{1,128}\/\d{13}-[0-9a-f]{12}\.webp$/;
/** Referring documents kept per upload; past it the upload is pinned (never swept, ADR 055). */
export const UPLOAD_REFS_MAX = 20;
/** Give-backs remembered per member, so a sweep that stopped half-way never gives bytes back twice. */
export const UPLOAD_RETURNED_MAX = 50;

/**
 * One stored upload (ADR 055): whose it is, what it keeps on disk, and what the sweep knows of
 * the documents that show it. `owner` rather than `user_id`: an event's image outlives its
 * uploader's account, and its record must too (account deletion removes `user_id` documents).
 */
export const uploadRecordSchema = z.strictObject({
  ...docBase('upload'),
  owner: idPart,
  bucket: z.enum(UPLOAD_BUCKETS),
  path: z.string().regex(UPLOAD_PATH, { error: 'path must be {user id}/{ms}-{hex}.webp' }),
  /** Bytes the upload keeps on disk: both variants and the thumbnail's allowance. */
  bytes: z.int().min(0),
  /** Whether `bytes` count against the owner's quota (admins' uploads do not). */
  counted: z.boolean(),
  created_at: writtenAt,
  /** Documents (`{db}/{_id}`) last known to show it. */
  refs: z.array(z.string().min(1).max(300)).max(UPLOAD_REFS_MAX),
  /** Shown by more documents than `refs` holds: never swept. */
  pinned: z.boolean(),
  /** When a document was last known to show it; null: never. */
  seen_at: isoDateTime.nullable(),
  /** When the sweep first found it shown by nothing (after having been shown). */
  unreferenced_at: isoDateTime.nullable(),
  /** When the sweep looks at it next. */
  check_after: isoDateTime,
});
export type UploadRecordDoc = z.infer<typeof uploadRecordSchema>;

/** A member's bytes of uploads, counted by every server alike (sync-server/src/uploads/quota.ts). */
export const uploadUsageSchema = z.strictObject({
  ...docBase('upload_usage'),
  user_id: idPart,
  bytes: z.int().min(0),
  /** Ids of the upload records whose bytes were given back lately, newest last. */
  returned: z.array(z.string().min(1).max(300)).max(UPLOAD_RETURNED_MAX),
  updated_at: writtenAt,
});
export type UploadUsageDoc = z.infer<typeof uploadUsageSchema>;

/**
 * The private messages other members have delivered into a member's userdb, counted by the
 * fan-out worker of every server alike (sync-server/src/workers/received-count.ts, ADR 052):
 * they have a bound of their own, so what others send never takes the member's own room.
 */
export const receivedSchema = z.strictObject({
  ...docBase('received'),
  user_id: idPart,
  /** Received copies in the userdb, and the bytes of their JSON. */
  count: z.int().min(0),
  bytes: z.int().min(0),
  /** The latest copies whose deletion was counted, so a replay of it is not counted twice. */
  freed: z.array(z.string().max(300)).max(100),
  /** When the copies were last counted in the userdb itself (the count is repaired from it). */
  counted_at: writtenAt,
  updated_at: writtenAt,
});
export type ReceivedDoc = z.infer<typeof receivedSchema>;
