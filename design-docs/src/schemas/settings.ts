import * as z from 'zod';
import { SETTINGS_ID } from '../ids.ts';
import { isoDateTime } from './common.ts';

/** Per-member state that should follow the member across devices. */
export const settingsSchema = z.object({
  _id: z.literal(SETTINGS_ID, { error: `_id must be ${SETTINGS_ID}` }),
  _rev: z.string().optional(),
  type: z.literal('settings'),
  /** The receipts tab's "New" flag compares the newest receipt with this. */
  receipts_checked_at: isoDateTime.nullish(),
  updated_at: isoDateTime.optional(),
});
export type SettingsDoc = z.infer<typeof settingsSchema>;
