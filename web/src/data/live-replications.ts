// The signed-in member's live replications: userdb and chat both ways, members pushed; their
// reports drive the sync status, the outboxes and the public room's window on the device.
import type { ReplicationHandle } from './pouch.ts';
import { replicateOf } from './pouch.ts';
import type { MemberDbKey } from './local-dbs.ts';
import type { MemberSync } from './sync-pairs.ts';
import type { SyncStatusStore } from './sync-status.ts';
import type { PushReports } from './push-reports.ts';
import { noteNetworkFailure } from './replication-failures.ts';
import { createChatWindowKeeper } from './chat-window.ts';
import { ServerRevs, pullSource, pushTarget } from './replication-shortcuts.ts';
import { chatSelector, chatWindowStart, livePull, livePush, ownMembersDoc } from './sync-plan.ts';

/** The first trim of the chat window waits for the first screen (offline, no pull pauses to trigger it). */
const CHAT_TRIM_DELAY_MS = 5000;
const LIVE_NAMES = ['push:members', 'pull:userdb', 'push:userdb', 'pull:chat', 'push:chat'];

export interface LiveReplicationsOptions {
  status: SyncStatusStore;
  now: () => Date;
  log: (message: string, err?: unknown) => void;
  backOff: (delay: number) => number;
  pushReports: PushReports;
  /** A replication ended on a refusal: start them again later. */
  onStopped: () => void;
}

export interface LiveReplications {
  start(m: MemberSync): void;
  stop(): void;
}

export function createLiveReplications(opts: LiveReplicationsOptions): LiveReplications {
  const { status, now, log, backOff, pushReports } = opts;
  let liveHandles: ReplicationHandle[] = [];

  function watchLive(handle: ReplicationHandle, name: string) {
    handle.on('active', () => status.setActive(name, true));
    handle.on('paused', (err?: unknown) => {
      status.setActive(name, false);
      if (err) noteNetworkFailure(status, err);
      else status.markSynced(now().toISOString());
    });
    handle.on('error', (err: unknown) => {
      // Only refusals end a retrying replication. A refused token has been through the
      // auth fetch already; try again later rather than hammering the server.
      status.setActive(name, false);
      log(`replication ${name} stopped`, err);
      opts.onStopped();
    });
    handle.on('complete', () => status.setActive(name, false));
  }

  function start(m: MemberSync) {
    const { members, chat, userdb } = m.pairs;
    // The device answers part of the protocol itself (replication-shortcuts.ts): a message is
    // two round trips quicker from one phone to another.
    const held = { members: new ServerRevs(), chat: new ServerRevs(), userdb: new ServerRevs() };
    const target = (key: MemberDbKey) => pushTarget(m.pairs[key].remote, () => new Set(m.outboxes[key].pendingIds()), held[key]);
    const source = (key: MemberDbKey) => pullSource(m.pairs[key].remote, held[key]);
    const plan: Array<[string, MemberDbKey | null, ReplicationHandle]> = [
      ['push:members', 'members', replicateOf(members.local).to(target('members'), livePush(backOff, { filter: ownMembersDoc(m.userId) }))],
      ['pull:userdb', null, replicateOf(userdb.local).from(source('userdb'), livePull(backOff))],
      ['push:userdb', 'userdb', replicateOf(userdb.local).to(target('userdb'), livePush(backOff))],
      ['pull:chat', null, replicateOf(chat.local).from(source('chat'), livePull(backOff, { selector: chatSelector(chatWindowStart(now())) }))],
      ['push:chat', 'chat', replicateOf(chat.local).to(target('chat'), livePush(backOff))],
    ];
    for (const [name, pushKey, handle] of plan) {
      watchLive(handle, name);
      if (pushKey) {
        pushReports.watchPush(handle, pushKey, m);
        pushReports.reconcileWhenIdle(handle, pushKey, m);
      }
      liveHandles.push(handle);
      if (name === 'pull:chat') watchChatWindow(handle, m);
    }
  }

  /** Purges what left the public room's window: soon after start (offline too) and whenever the pull catches up. */
  function watchChatWindow(pullChat: ReplicationHandle, m: MemberSync) {
    const outbox = m.outboxes.chat;
    // The outbox is read from the device once first: a waiting message is never purged.
    let loaded: Promise<void> | null = null;
    const keeper = createChatWindowKeeper({
      db: m.pairs.chat.local,
      keep: async () => {
        await (loaded ??= outbox.load());
        return [...outbox.pendingIds(), ...outbox.deniedItems().map((d) => d.id)];
      },
      now,
      log,
    });
    keeper.later(CHAT_TRIM_DELAY_MS);
    pullChat.on('paused', (err?: unknown) => {
      if (!err) void keeper.trim();
    });
    pullChat.on('complete', () => keeper.stop());
  }

  function stop() {
    for (const h of liveHandles) h.cancel();
    liveHandles = [];
    for (const name of LIVE_NAMES) status.setActive(name, false);
  }

  return { start, stop };
}
