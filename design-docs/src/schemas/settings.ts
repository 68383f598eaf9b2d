import * as z from 'zod';
import { SETTINGS_ID } from '../ids.ts';
import { idPart, writtenAt } from './common.ts';

/**
 * Settings > Notifications (ADR 048): which pushes the member wants, on every device of theirs.
 * `previews` shows a private message's text on the lock screen; off, only the sender's name.
 */
export const notificationPrefsSchema = z.strictObject({
  status: z.boolean(),
  messages: z.boolean(),
  reminders: z.boolean(),
  previews: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;
export type PushKind = 'status' | 'messages' | 'reminders';

/** What a member who never opened the screen gets: everything but message text on the lock screen. */
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = { status: true, messages: true, reminders: true, previews: false };

/** Per-member state that should follow the member across devices. */
export const settingsSchema = z.strictObject({
  _id: z.literal(SETTINGS_ID, { error: `_id must be ${SETTINGS_ID}` }),
  _rev: z.string().optional(),
  type: z.literal('settings'),
  /** The receipts tab's "New" flag compares the newest receipt with this. */
  receipts_checked_at: writtenAt.nullish(),
  /**
   * The bell's seen state, "kept locally per submission": the
   * status each listed submission was seen in. A submission missing here, or whose status has
   * changed since, is unseen. Only the bell's five are kept (ADR 017).
   */
  submissions_seen: z.record(idPart, z.string()).nullish(),
  notifications: notificationPrefsSchema.nullish(),
  updated_at: writtenAt.optional(),
});
export type SettingsDoc = z.infer<typeof settingsSchema>;
