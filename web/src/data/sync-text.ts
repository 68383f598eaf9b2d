// What the sync indicator says, from the data layer's status snapshot.
import { typeOfId } from '../../../design-docs/src/ids.ts';
import type { SyncState } from './sync-status.ts';

export interface SyncText {
  /** Always shown, also on small screens. */
  short: string;
  /** Shown after it where there is room; read by screen readers everywhere. */
  detail: string;
}

export function syncText(state: SyncState, pending: number): SyncText {
  switch (state) {
    case 'offline':
      return { short: 'Offline', detail: pending > 0 ? `— ${pending} waiting` : '' };
    case 'connecting':
      return { short: 'Connecting…', detail: pending > 0 ? `— ${pending} waiting` : '' };
    case 'syncing':
      return { short: pending > 0 ? `Syncing ${pending}` : 'Syncing', detail: '' };
    case 'synced':
      return { short: 'All synced', detail: '' };
    case 'signed-out':
      return { short: 'Signed out', detail: pending > 0 ? `— ${pending} waiting, kept on this device` : '— changes are kept on this device' };
  }
}

const THINGS: Record<string, string> = {
  like: 'A like',
  message: 'A message',
  settings: 'Your settings',
  profile: 'Your profile',
  attendance: 'An attendance',
  rating: 'A rating',
  submission: 'A form submission',
  notification: 'A notification',
  receipt: 'A receipt',
};

/** "A like", "Your profile", … from a document id; "A change" for anything else. */
export function describeItem(docId: string): string {
  const type = typeOfId(docId);
  return (type && THINGS[type]) || 'A change';
}
