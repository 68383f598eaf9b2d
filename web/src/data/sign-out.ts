// Sign-out: what is waiting is pushed first (bounded), and unless something is still unsynced
// and `force` is not set, the session ends and the member's local data goes with it.
import type { AuthApi } from './auth-api.ts';
import type { ChangeHub } from './change-hub.ts';
import type { DataLayer, SignOutOptions, SignOutResult } from './data-layer-api.ts';
import { atMost } from '../lib/at-most.ts';
import { MEMBER_DB_KEYS, destroyMemberDbs } from './local-dbs.ts';
import type { OutgoingCatalog } from './outgoing-catalog.ts';
import type { PushClient } from './push-client.ts';
import type { ReplicationManager } from './replication-manager.ts';
import type { Session } from './session.ts';
import type { SessionMember } from './session-member.ts';
import type { SyncStatusStore } from './sync-status.ts';
import type { TabChannel } from './tab-channel.ts';

export interface SignOutDeps {
  api: AuthApi;
  session: Session;
  members: SessionMember;
  manager: ReplicationManager;
  outgoing: OutgoingCatalog;
  push: PushClient;
  hub: ChangeHub;
  status: SyncStatusStore;
  tabs: TabChannel;
}

/** How long sign-out waits for `leaving` (the app going home) before it goes on regardless. */
export const LEAVING_WAIT_MS = 2000;

export function createSignOut(deps: SignOutDeps): DataLayer['signOut'] {
  const { api, session, members, manager, outgoing, push, hub, status, tabs } = deps;
  return async function signOut({ force = false, timeoutMs = 5000, leaving }: SignOutOptions = {}): Promise<SignOutResult> {
    const space = members.current();
    if (space) {
      if (session.getSnapshot().status === 'signed-in') await manager.pushNow(timeoutMs);
      const unsynced = space.unsyncedCount() + outgoing.count();
      if (unsynced > 0 && !force) return { signedOut: false, unsynced };
    }
    const unsynced = (space?.unsyncedCount() ?? 0) + outgoing.count();
    // A leaving that fails or hangs (a navigation cut short, a screen's code that never comes)
    // must not keep the member signed in.
    if (leaving) {
      await atMost(
        Promise.resolve()
          .then(leaving)
          .catch(() => undefined),
        LEAVING_WAIT_MS,
        undefined,
      );
    }
    manager.setMember(null);
    // The server forgets this device's notifications with its session, and so does the browser:
    // the next member on this device must not get this one's.
    const endpoint = await push.endpoint().catch(() => null);
    await api.signOut(endpoint).catch(() => undefined); // offline: the cookie expires on its own
    await push.forget();
    if (space) {
      members.release();
      for (const key of MEMBER_DB_KEYS) hub.attach(key, null);
      await destroyMemberDbs(space.dbs);
      await outgoing.destroyImages(space.userId);
    }
    session.clear();
    outgoing.events.refresh();
    status.resetMember();
    tabs.post({ type: 'session', userId: null });
    return { signedOut: true, unsynced };
  };
}
