// Under a profile form: whether the last change is still on its way, or was refused.
import { profileId } from '../../../../design-docs/src/ids.ts';
import { useSyncStatus } from '../../data/react.ts';

export function SyncNote({ userId }: { userId: string }) {
  const sync = useSyncStatus();
  const id = profileId(userId);
  const denied = sync.denied.find((d) => d.db === 'members' && d.id === id);
  if (denied) {
    return (
      <p className="settings-sync-note settings-sync-note--denied" role="alert">
        The server refused your last profile change: {denied.reason}
      </p>
    );
  }
  if (sync.pendingItems.some((p) => p.db === 'members' && p.id === id)) {
    return (
      <p className="settings-sync-note">
        {sync.state === 'offline' ? 'Saved on this device; it syncs when you are back online.' : 'Saved on this device; syncing…'}
      </p>
    );
  }
  return null;
}
