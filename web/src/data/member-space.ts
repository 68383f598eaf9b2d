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

  async function intend(key: MemberDbKey, id: string) {
    try {
      await outboxes[key].intend(id);
    } catch (err) {
      log('outbox intent failed', err);
    }
  }

  /** The write itself, with its outbox mark laid down first and taken back if it fails. */
  async function marked<T extends { rev: string }>(key: MemberDbKey, id: string, run: () => Promise<T>): Promise<string> {
    await intend(key, id);
    let res: T;
    try {
      res = await run();
    } catch (err) {
      await outboxes[key].abandon(id).catch((e: unknown) => log('outbox abandon failed', e));
      throw err;
    }
    await track(key, id, res.rev);
    return res.rev;
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
    put(key, doc) {
      return marked(key, doc._id, () => dbs[key].put(doc));
    },
    async remove(key, id, rev) {
      await marked(key, id, () => dbs[key].remove(id, rev));
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
