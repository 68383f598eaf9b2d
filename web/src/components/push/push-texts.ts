// The words of Settings > Notifications and of the invitation to turn them on (ADR 048).
import type { NotificationPrefs } from '../../../../design-docs/src/schemas/settings.ts';
import type { DeviceState } from '../../data/push-client.ts';

export const NOTIFICATION_SWITCHES: { key: keyof NotificationPrefs; label: string; hint: string }[] = [
  { key: 'status', label: 'Form status changes', hint: 'When an admin updates a form you sent.' },
  { key: 'messages', label: 'Private messages', hint: 'When a member sends you a message.' },
  { key: 'reminders', label: 'Event reminders', hint: '24 hours and 2 hours before the events and bands you attend start.' },
  { key: 'previews', label: 'Message previews', hint: 'Show the text of a message on the lock screen. Off, only the sender\'s name shows.' },
];

export const DEVICE_TEXT: Record<DeviceState, string> = {
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  blocked:
    'Notifications are blocked for Fete in this browser. To allow them, open the site settings (the icon beside the address), set Notifications to Allow, then come back here.',
  'needs-install':
    'On iPhone and iPad, notifications work only in the installed app: tap Share, then Add to Home Screen, and open Fete from your Home Screen.',
  unsupported: 'This browser cannot show notifications from Fete.',
};

export const PREFS_SAVE_FAILED = 'Your notification settings could not be saved. Please try again.';
export const PUSH_ENABLE_FAILED = 'Notifications could not be turned on. Please try again.';

/** The moments that explain a request for notifications (ADR 048). */
export type PushMoment = 'submission' | 'attendance' | 'message';

export const INVITE_TEXT: Record<PushMoment, string> = {
  submission: 'Want to know as soon as your submission is reviewed? Fete can send a notification to this device.',
  attendance: 'Want a reminder before it starts? Fete can notify this device 24 hours and 2 hours before the events you attend.',
  message: 'Want to know when they reply? Fete can notify this device when a message comes in.',
};
