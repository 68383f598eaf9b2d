// A member's Settings > Notifications switches, kept in their userdb's settings document so they
// follow the member to every device and sync after an offline change (ADR 048).
import type { AdminCall } from '../../../couch/src/provision.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { SETTINGS_ID } from '../../../design-docs/src/ids.ts';
import { DEFAULT_NOTIFICATION_PREFS, notificationPrefsSchema, type NotificationPrefs } from '../../../design-docs/src/schemas/settings.ts';
import { getDoc } from '../auth/doc-store.ts';

export async function readPrefs(call: AdminCall, userId: string): Promise<NotificationPrefs> {
  const settings = await getDoc<{ notifications?: unknown }>(call, userDbName(userId), SETTINGS_ID);
  const parsed = notificationPrefsSchema.safeParse(settings?.notifications);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFS;
}
