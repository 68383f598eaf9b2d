// Web Push (RFC 8030/8291/8292): a member's devices, kept by the server only, in `accounts`
// (`push:{user_id}`, ADR 048), and the body of `POST /api/push/subscriptions`, which is the
// browser's `PushSubscription.toJSON()`.
import * as z from 'zod';
import { docBase, idPart, isoDateTime, writtenAt } from './common.ts';

/** Devices kept per member; a new one past this drops the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Push service URLs are long (FCM's are about 200 characters); a bound, not a guess. */
export const PUSH_ENDPOINT_MAX = 2048;

/** Base64url of `bytes` bytes, with or without its padding: the length is in the pattern. */
const base64url = (bytes: number, what: string) => {
  const chars = Math.ceil((bytes * 4) / 3);
  const pad = (4 - (chars % 4)) % 4;
  return z
    .string({ error: `${what} must be base64url text` })
    .max(chars + pad, { error: `${what} must hold ${bytes} bytes` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}${pad ? `(?:={${pad}})?` : ''}$`), { error: `${what} must be ${bytes} bytes in base64url` });
};

/** A push service URL as the browser gives it; which hosts the server calls is the allow-list's business. */
export const pushEndpointSchema = z
  .string({ error: 'The subscription needs its endpoint' })
  .max(PUSH_ENDPOINT_MAX, { error: `The endpoint is longer than ${PUSH_ENDPOINT_MAX} characters` })
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/, { error: 'The endpoint must be a web address' });

/** The browser's key (an uncompressed P-256 point, 65 bytes) and auth secret (16 bytes). */
const p256dh = base64url(65, 'keys.p256dh');
const auth = base64url(16, 'keys.auth');

const endpoint = pushEndpointSchema;

export const pushSubscribeSchema = z.strictObject({
  endpoint,
  expirationTime: z.int().min(0).nullable().optional(),
  keys: z.strictObject({ p256dh, auth }),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.strictObject({ endpoint });

export const pushDeviceSchema = z.strictObject({
  endpoint,
  p256dh,
  auth,
  /** The browser's own expiry (ms since 1970), when it gave one. */
  expiration_time: z.int().min(0).nullable(),
  created_at: writtenAt,
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushSubscriptionsSchema = z.strictObject({
  ...docBase('push'),
  user_id: idPart,
  /** Oldest first. */
  devices: z.array(pushDeviceSchema).max(PUSH_SUBSCRIPTIONS_MAX),
  updated_at: writtenAt,
});
export type PushSubscriptionsDoc = z.infer<typeof pushSubscriptionsSchema>;

export const pushPublicKeyAnswerSchema = z.strictObject({ publicKey: base64url(65, 'publicKey') });
export type PushPublicKeyAnswer = z.infer<typeof pushPublicKeyAnswerSchema>;

/** Reminders go out this long before an attended event or band starts (ADR 048). */
export const REMINDER_KINDS = ['24h', '2h'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * One reminder sent (or being sent) to one member, or, with `user_id` null, every attendee of that
 * target done for that kind. Created once: a second server or a restart finds it and sends
 * nothing. The id starts with the start's UTC day, so old claims go by one `_id` range.
 */
export const reminderClaimSchema = z.strictObject({
  ...docBase('reminder'),
  kind: z.enum(REMINDER_KINDS),
  target_type: z.enum(['event', 'band']),
  target_id: idPart,
  user_id: idPart.nullable(),
  starts_at: isoDateTime,
  created_at: writtenAt,
  /**
   * A random id of the write that made the claim. CouchDB's revision is a hash of the content, so
   * two servers making the same claim in the same second made one revision between them, and on a
   * cluster each took it for its own (ADR 039, amended 2026-12-06).
   */
  claim_id: z.string().regex(/^[0-9a-f-]{36}$/),
});
export type ReminderClaimDoc = z.infer<typeof reminderClaimSchema>;

export function reminderClaimId(c: Pick<ReminderClaimDoc, 'kind' | 'target_type' | 'target_id' | 'user_id' | 'starts_at'>): string {
  return `reminder:${c.starts_at.slice(0, 10)}:${c.kind}:${c.target_type}:${c.target_id}:${c.user_id ?? 'all'}`;
}
