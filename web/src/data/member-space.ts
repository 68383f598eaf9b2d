// The signed-in member's corner of the device: their three local databases, the remote
// databases they sync with, an outbox for each, and the writer repositories use.
import type { DbFactory, MemberDbKey, MemberDbs } from './local-dbs.ts';
import { MEMBER_DB_KEYS, closeMemberDbs, openMemberDbs, remoteName } from './local-dbs.ts';
import { createOutbox } from './outbox.ts';
import type { Outbox } from './outbox.ts';
import type { MemberSync } from './sync-pairs.ts';
import type { Writer } from './repos/context.ts';
import type { Database } from './pouch.ts';
import { isConflict, isNotFound } from './pouch.ts';
import type { StorageLike } from './storage.ts';
import { createWriteJournal } from './write-journal.ts';
import type { JournalEntry, WriteJournal } from './write-journal.ts';

export interface MemberSpace {
  userId: string;
  dbs: MemberDbs;
  outboxes: Record<MemberDbKey, Outbox>;
  sync: MemberSync;
  write: Writer;
  journal: WriteJournal;
  /** The writes a closed tab (or this tab before a reload) asked for and the database lacks, applied. */
  recovered: Promise<number>;
  /** Every outbox read from the device once (at open). */
  outboxesLoaded: Promise<void>;
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
  /** Where the write journal lives (localStorage); null keeps no journal. */
  storage?: StorageLike | null;
  /** The member's own storage key prefix (`{prefix}-u-{id}-`): sign-out removes what starts with it. */
  keyPrefix?: string;
  /** This tab's id, naming its journal. */
  tab?: string;
  /** Which tabs still run (their Web Lock is held); their journals are theirs to finish. */
  liveTabs?: () => Promise<(tab: string) => boolean>;
}

/** The revision the database holds for `id`; null when it has none or holds a deletion. */
async function currentRev(db: Database, id: string): Promise<string | null> {
  try {
    return (await db.get(id))._rev;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

export function openMemberSpace(opts: MemberSpaceOptions): MemberSpace {
  const { factory, userId } = opts;
  const log = opts.log ?? (() => undefined);
  const dbs = openMemberDbs(factory, userId);
  const outboxes = {} as Record<MemberDbKey, Outbox>;
  const pairs = {} as MemberSync['pairs'];
  const unsubscribe: Array<() => void> = [];
  const loaded: Promise<void>[] = [];
  for (const key of MEMBER_DB_KEYS) {
    const outbox = createOutbox(dbs[key], key);
    outboxes[key] = outbox;
    pairs[key] = { local: dbs[key], remote: factory.remote(remoteName(key, userId)) };
    unsubscribe.push(outbox.onChange((written) => opts.onOutboxChange(outbox, written)));
    loaded.push(outbox.load().catch((err) => log(`loading the ${key} outbox failed`, err)));
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

  const journal = createWriteJournal({ storage: opts.storage ?? null, keyPrefix: opts.keyPrefix ?? factory.memberPrefix(userId), tab: opts.tab ?? 'tab' });
  const pruneJournal = () => journal.prune((db, id) => outboxes[db].pendingRevs()[id]);
  for (const key of MEMBER_DB_KEYS) unsubscribe.push(outboxes[key].onChange(pruneJournal));

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

  /** A journaled write: recorded in device storage before anything else, struck off once pushed. */
  async function journaled(entry: JournalEntry | null, key: MemberDbKey, id: string, run: () => Promise<{ rev: string }>, wait: boolean): Promise<string> {
    try {
      if (wait) await recovering;
      const rev = await marked(key, id, run);
      if (entry) journal.written(entry, rev);
      pruneJournal();
      return rev;
    } catch (err) {
      if (entry) journal.drop(entry);
      throw err;
    }
  }

  /** `wait`: behind the recovery of closed tabs' writes (the recovery's own writes do not wait). */
  function putDoc(key: MemberDbKey, doc: Record<string, unknown> & { _id: string }, wait = true): Promise<string> {
    const base = typeof doc._rev === 'string' ? doc._rev : null;
    const entry = journal.add({ db: key, id: doc._id, base, doc });
    return journaled(entry, key, doc._id, () => dbs[key].put(doc), wait);
  }

  function removeDoc(key: MemberDbKey, id: string, rev: string, wait = true): Promise<string> {
    const entry = journal.add({ db: key, id, base: rev });
    return journaled(entry, key, id, () => dbs[key].remove(id, rev), wait);
  }

  const write: Writer = {
    put: (key, doc) => putDoc(key, doc),
    async remove(key, id, rev) {
      await removeDoc(key, id, rev);
    },
  };

  /**
   * Applies what closed tabs asked for and the database does not hold: an entry whose base is
   * still the document's revision never reached IndexedDB. A later entry built on one applied
   * here builds on its new revision. Anything else moved on (written, or changed since).
   */
  async function recover(): Promise<number> {
    await Promise.all(loaded);
    const isLive = opts.liveTabs ? await opts.liveTabs().catch(() => () => true) : () => false;
    let applied = 0;
    for (const { tab, entries } of journal.orphans(isLive)) {
      const rebased = new Map<string, string>();
      for (const e of entries) {
        const base = e.base !== null ? (rebased.get(e.base) ?? e.base) : null;
        try {
          const current = await currentRev(dbs[e.db], e.id);
          if (current !== base) continue;
          let rev: string;
          if (e.doc) {
            const { _rev: _old, ...fields } = e.doc;
            rev = await putDoc(e.db, { ...fields, _id: e.id, ...(base ? { _rev: base } : {}) }, false);
          } else {
            rev = await removeDoc(e.db, e.id, base as string, false);
          }
          if (e.rev) rebased.set(e.rev, rev);
          applied++;
        } catch (err) {
          // Another tab applied it first (409), or the write is refused for good: nothing to redo.
          if (!isConflict(err)) log('recovering a write failed', err);
        }
      }
      journal.take(tab);
    }
    return applied;
  }
  // Writes asked for meanwhile are journaled at once and applied after the recovery.
  let recovering: Promise<unknown> = Promise.resolve();
  const recovered = recover().catch((err: unknown) => {
    log('recovering writes failed', err);
    return 0;
  });
  recovering = recovered;

  return {
    userId,
    dbs,
    outboxes,
    sync: { userId, pairs, outboxes },
    write,
    journal,
    recovered,
    outboxesLoaded: Promise.all(loaded).then(() => undefined),
    unsyncedCount: () => MEMBER_DB_KEYS.reduce((n, key) => n + outboxes[key].pendingIds().length, 0),
    async close() {
      for (const u of unsubscribe) u();
      await closeMemberDbs(dbs);
    },
  };
}
