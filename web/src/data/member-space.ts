// The signed-in member's corner of the device: their three local databases, the remote
// databases they sync with, an outbox for each, and the writer repositories use.
import type { DbFactory, MemberDbKey, MemberDbs } from './local-dbs.ts';
import { MEMBER_DB_KEYS, closeMemberDbs, openMemberDbs, remoteName } from './local-dbs.ts';
import { createOutbox } from './outbox.ts';
import type { Outbox } from './outbox.ts';
import type { MemberSync } from './replication-manager.ts';
import type { Writer } from './repos/context.ts';

export interface MemberSpace {
  userId: string;
  dbs: MemberDbs;
  outboxes: Record<MemberDbKey, Outbox>;
  sync: MemberSync;
  write: Writer;
  unsyncedCount(): number;
  close(): Promise<void>;
}

export interface MemberSpaceOptions {
  factory: DbFactory;
  userId: string;
  onOutboxChange: (outbox: Outbox, written: boolean) => void;
  /** After the first write: asks the browser to keep the data (navigator.storage.persist). */
  onFirstWrite?: () => void;
  log?: (message: string, err?: unknown) => void;
}

export function openMemberSpace(opts: MemberSpaceOptions): MemberSpace {
  const { factory, userId } = opts;
  const log = opts.log ?? (() => undefined);
  const dbs = openMemberDbs(factory, userId);
  const outboxes = {} as Record<MemberDbKey, Outbox>;
  const pairs = {} as MemberSync['pairs'];
  const unsubscribe: Array<() => void> = [];
  for (const key of MEMBER_DB_KEYS) {
    const outbox = createOutbox(dbs[key], key);
    outboxes[key] = outbox;
    pairs[key] = { local: dbs[key], remote: factory.remote(remoteName(key, userId)) };
    unsubscribe.push(outbox.onChange((written) => opts.onOutboxChange(outbox, written)));
    outbox.load().catch((err) => log(`loading the ${key} outbox failed`, err));
  }

  let wrote = false;
  async function track(key: MemberDbKey, id: string, rev: string) {
    try {
      await outboxes[key].track(id, rev);
    } catch (err) {
      // The write itself stands and will still be pushed; only its "waiting" mark is lost.
      log('outbox track failed', err);
    }
    if (!wrote) {
      wrote = true;
      opts.onFirstWrite?.();
    }
  }

  const write: Writer = {
    async put(key, doc) {
      const res = await dbs[key].put(doc);
      await track(key, doc._id, res.rev);
      return res.rev;
    },
    async remove(key, id, rev) {
      const res = await dbs[key].remove(id, rev);
      await track(key, id, res.rev);
    },
  };

  return {
    userId,
    dbs,
    outboxes,
    sync: { userId, pairs, outboxes },
    write,
    unsyncedCount: () => MEMBER_DB_KEYS.reduce((n, key) => n + outboxes[key].pendingIds().length, 0),
    async close() {
      for (const u of unsubscribe) u();
      await closeMemberDbs(dbs);
    },
  };
}
