// The member space that follows the session: opened for the member the session names (the
// remembered one included), closed when nobody is signed in, and synced only while the server
// agrees.
import type { ChangeHub } from './change-hub.ts';
import { MEMBER_DB_KEYS } from './local-dbs.ts';
import type { DbFactory } from './local-dbs.ts';
import { openMemberSpace } from './member-space.ts';
import type { MemberSpace } from './member-space.ts';
import { requestPersistence } from './browser-navigator.ts';
import type { ReplicationManager } from './replication-manager.ts';
import type { SessionSnapshot } from './session.ts';
import type { StorageLike } from './storage.ts';
import type { SyncStatusStore } from './sync-status.ts';
import type { TabChannel } from './tab-channel.ts';
import type { TabIdentity } from './tab-identity.ts';

export interface SessionMemberOptions {
  factory: DbFactory;
  storage: StorageLike | null;
  tab: TabIdentity;
  hub: ChangeHub;
  status: SyncStatusStore;
  tabs: TabChannel;
  manager: ReplicationManager;
  memberKey: (userId: string, what: string) => string;
  /** Another member's space (or the first) was just opened. */
  onOpened: () => void;
  log: (message: string, err?: unknown) => void;
}

export interface SessionMember {
  current(): MemberSpace | null;
  /** Opens, keeps or closes the member's space for this session state. */
  follow(snap: SessionSnapshot): void;
  /** Lets go of the space without closing it: the caller destroys or closes it. */
  release(): MemberSpace | null;
}

export function createSessionMember(opts: SessionMemberOptions): SessionMember {
  const { factory, hub, status, tabs, manager, log } = opts;
  let member: MemberSpace | null = null;

  function openMember(userId: string): MemberSpace {
    if (member?.userId === userId) return member;
    if (member) closeMember();
    const space = openMemberSpace({
      factory,
      userId,
      log,
      storage: opts.storage,
      keyPrefix: opts.memberKey(userId, ''),
      tab: opts.tab.id,
      liveTabs: opts.tab.liveTabs,
      onFirstWrite: requestPersistence,
      onOutboxChange(outbox, written) {
        status.setOutbox(outbox.key, outbox.pendingIds(), outbox.deniedItems());
        if (written) tabs.post({ type: 'outbox', key: outbox.key });
      },
    });
    member = space;
    for (const key of MEMBER_DB_KEYS) hub.attach(key, space.dbs[key]);
    void announceWaiting(space);
    return space;
  }

  /**
   * A page closed (or reloaded) right after marking a write may never have told the other tabs,
   * and the syncing tab then never asks the server about that revision. A page that opens onto
   * revisions waiting tells the others once; the syncing tab re-reads the record (ADR 046).
   */
  async function announceWaiting(space: MemberSpace) {
    await space.outboxesLoaded;
    for (const key of MEMBER_DB_KEYS) {
      if (member === space && Object.keys(space.outboxes[key].waitingRevs()).length > 0) tabs.post({ type: 'outbox', key });
    }
  }

  function closeMember() {
    const space = member;
    member = null;
    manager.setMember(null);
    for (const key of MEMBER_DB_KEYS) hub.attach(key, null);
    status.resetMember();
    void space?.close();
  }

  function follow(snap: SessionSnapshot) {
    // Shown from the device's memory, waiting for the refresh: nothing has synced yet.
    status.setConnecting(snap.status === 'signed-in' && !snap.verified);
    if (snap.status === 'anonymous' || !snap.user) {
      if (member) closeMember();
      status.setSignedOut(false);
      return;
    }
    const opened = member?.userId !== snap.user.id;
    const space = openMember(snap.user.id);
    if (opened) opts.onOpened();
    if (snap.status === 'signed-in') {
      status.setSignedOut(false);
      manager.setMember(space.sync);
    } else {
      // Refused by the server: stop syncing, keep the data, say so.
      manager.setMember(null);
      status.setSignedOut(true);
    }
  }

  return {
    current: () => member,
    follow,
    release() {
      const space = member;
      member = null;
      return space;
    },
  };
}
