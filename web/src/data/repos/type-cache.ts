// One document type of one local database, kept in memory and brought up to date from the
// database's changes since the last read. Private chat reads every message of the userdb in
// three live queries at once (the conversation, the contacts, the profile menu's unread), on
// each side, after every message and every read mark: three reads of the whole type per change
// became three reads of what changed (npm run bench -- chat-send-render). Not for a database
// that purges (the chat window): a purge leaves no change to read.
import type { Database } from '../pouch.ts';
import { listType, toItem } from './query.ts';
import type { Item } from './query.ts';

interface ChangeRow {
  id: string;
  deleted?: boolean;
  doc?: Record<string, unknown> & { _id: string };
}

export interface TypeCache<T> {
  /** Every document of the type, in `_id` order, as the database holds them now. Do not mutate. */
  list(db: Database): Promise<readonly Item<T>[]>;
}

export function createTypeCache<T extends { _id: string }>(type: string): TypeCache<T> {
  const prefix = `${type}:`;
  let held: { db: Database; seq: number | string; items: Map<string, Item<T>>; sorted: Item<T>[] | null } | null = null;
  // One read at a time: each caller's read starts after the change that woke it, and a read
  // that only replays changes already applied is harmless.
  let queue: Promise<unknown> = Promise.resolve();

  async function load(db: Database) {
    const info = (await db.info()) as { update_seq: number | string };
    const items = new Map<string, Item<T>>();
    for (const item of await listType<T>(db, type)) items.set(item._id, item);
    return { db, seq: info.update_seq, items, sorted: null };
  }

  async function catchUp(db: Database): Promise<readonly Item<T>[]> {
    if (held === null || held.db !== db) held = await load(db);
    const current = held;
    const res = (await db.changes({ since: current.seq, include_docs: true })) as unknown as { results: ChangeRow[]; last_seq: number | string };
    for (const row of res.results) {
      if (!row.id.startsWith(prefix)) continue;
      if (row.deleted || !row.doc) current.items.delete(row.id);
      else current.items.set(row.id, toItem(row.doc as unknown as T));
      current.sorted = null;
    }
    current.seq = res.last_seq;
    if (current.sorted === null) current.sorted = [...current.items.values()].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    return current.sorted;
  }

  return {
    list(db) {
      const run = queue.then(
        () => catchUp(db),
        () => catchUp(db),
      );
      queue = run.catch(() => {
        // A failed read leaves the cache for the next one to rebuild.
        held = null;
      });
      return run;
    },
  };
}
