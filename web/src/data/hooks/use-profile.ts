// Members' profiles, from the device's members database: the signed-in member's own, and another
// member's page.
import { useDataLayer, useLiveQuery, useSyncStatus } from '../react.ts';
import type { DirectoryEntry } from '../repos/profiles.ts';
import { itemPhase } from './use-catalog-item.ts';
import type { CatalogItemState } from './use-catalog-item.ts';

/** The member's own profile; `userId` says whose (a new member re-reads). */
export function useMyProfile(userId: string | null) {
  const data = useDataLayer();
  return useLiveQuery(() => data.profiles.mine(), [userId], { dbs: ['members'] });
}

/** Another member's profile as the device holds it (one read, not the directory); null for nobody. */
export function useMemberProfile(id: string | null, rereadFor: unknown = null) {
  const data = useDataLayer();
  return useLiveQuery(() => (id === null ? Promise.resolve(null) : data.profiles.member(id)), [id, rereadFor], { dbs: ['members'] });
}

/**
 * A member's page: found, not found, or still loading, as a catalogue item is (the members
 * database may still be on its first pull). `myId` re-reads when another member signs in.
 */
export function useMember(id: string, myId: string): CatalogItemState<DirectoryEntry> {
  const q = useMemberProfile(id, myId);
  const sync = useSyncStatus();
  const item = q.data ?? null;
  const phase = itemPhase({ loading: q.data === undefined, found: item !== null, syncState: sync.state, everSynced: sync.lastSyncedAt !== null });
  return { phase, item, offline: sync.state === 'offline' };
}
