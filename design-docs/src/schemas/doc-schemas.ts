// Every document type of ADR 001 and its schema, so a document can be checked by its `type`.
import type * as z from 'zod';
import type { DocType } from '../ids.ts';
import { accountSchema, emailIndexSchema, leaseSchema, receivedSchema, refreshSessionSchema, resetTokenSchema, revocationSchema, uploadRecordSchema, uploadUsageSchema, usageSchema } from './account.ts';
import { attendanceSchema } from './attendance.ts';
import { pushSubscriptionsSchema, reminderClaimSchema } from './push.ts';
import { bandSchema } from './band.ts';
import { blockSchema } from './block.ts';
import { eventDiscountSchema } from './event-discount.ts';
import { eventSchema } from './event.ts';
import { formSchema } from './form.ts';
import { adSchema, featuredSchema, heroSlideSchema, partnerSchema } from './home.ts';
import { likeSchema } from './like.ts';
import { messageSchema } from './message.ts';
import { notificationSchema } from './notification.ts';
import { packageSchema, rideSchema } from './package.ts';
import { productSchema } from './product.ts';
import { profileSchema } from './profile.ts';
import { providerSchema } from './provider.ts';
import { ratingSchema } from './rating.ts';
import { receiptSchema } from './receipt.ts';
import { reportSchema } from './report.ts';
import { restaurantSchema } from './restaurant.ts';
import { settingsSchema } from './settings.ts';
import { submissionSchema } from './submission.ts';
import { withinFieldLimits } from './common.ts';

/** The schemas as written, before the field limits are added: the validators' shapes are generated from these. */
export const rawDocSchemas = {
  event: eventSchema,
  band: bandSchema,
  restaurant: restaurantSchema,
  provider: providerSchema,
  product: productSchema,
  hero_slide: heroSlideSchema,
  ad: adSchema,
  partner: partnerSchema,
  featured: featuredSchema,
  profile: profileSchema,
  attendance: attendanceSchema,
  rating: ratingSchema,
  package: packageSchema,
  ride: rideSchema,
  form: formSchema,
  event_discount: eventDiscountSchema,
  message: messageSchema,
  like: likeSchema,
  settings: settingsSchema,
  submission: submissionSchema,
  receipt: receiptSchema,
  notification: notificationSchema,
  block: blockSchema,
  report: reportSchema,
  account: accountSchema,
  email: emailIndexSchema,
  refresh: refreshSessionSchema,
  reset: resetTokenSchema,
  revocation: revocationSchema,
  lease: leaseSchema,
  usage: usageSchema,
  received: receivedSchema,
  push: pushSubscriptionsSchema,
  reminder: reminderClaimSchema,
  upload: uploadRecordSchema,
  upload_usage: uploadUsageSchema,
} as const satisfies Record<DocType, z.ZodType>;

/** Every document schema also holds the field limits of field-limits.js, as the validators do. */
export const docSchemas = Object.fromEntries(
  Object.entries(rawDocSchemas).map(([type, schema]) => [type, schema.superRefine(withinFieldLimits)]),
) as unknown as typeof rawDocSchemas;

export type DocSchemas = typeof docSchemas;
export type DocOf<T extends DocType> = z.infer<DocSchemas[T]>;
export type AnyDoc = { [T in DocType]: DocOf<T> }[DocType];

export type ParseResult = { success: true; data: AnyDoc } | { success: false; error: string };

/** Checks any document by its `type`; unknown types fail. */
export function parseDoc(doc: unknown): ParseResult {
  const type = typeof doc === 'object' && doc !== null ? (doc as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' && Object.hasOwn(docSchemas, type) ? docSchemas[type as DocType] : null;
  if (schema === null) return { success: false, error: `Unknown document type ${String(type)}` };
  const result = schema.safeParse(doc);
  if (result.success) return { success: true, data: result.data as AnyDoc };
  return { success: false, error: result.error.issues[0]?.message ?? 'Invalid document' };
}
