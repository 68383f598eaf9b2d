// One live local changes listener per database, shared by every live query: a screen with
// twenty hooks still costs four listeners. Swapping a database (sign-in, sign-out) counts as a
// change, so queries re-run against the new one.
import type { Database, ChangesHandle } from './pouch.ts';
import { liveChanges } from './pouch.ts';
import type { DbKey } from './local-dbs.ts';

export interface ChangeHub {
  attach(key: DbKey, db: Database | null): void;
  /** `keys` null listens to every database. */
  subscribe(keys: readonly DbKey[] | null, listener: (key: DbKey) => void): () => void;
  emit(key: DbKey): void;
  close(): void;
}

export function createChangeHub(): ChangeHub {
  const feeds = new Map<DbKey, { db: Database; feed: ChangesHandle }>();
  const listeners = new Set<{ keys: readonly DbKey[] | null; listener: (key: DbKey) => void }>();

  function emit(key: DbKey) {
    for (const l of [...listeners]) if (l.keys === null || l.keys.includes(key)) l.listener(key);
  }

  function detach(key: DbKey) {
    feeds.get(key)?.feed.cancel();
    feeds.delete(key);
  }

  return {
    attach(key, db) {
      if (feeds.get(key)?.db === db) return;
      detach(key);
      if (db) {
        const feed = liveChanges(db);
        feed.on('change', () => emit(key));
        feed.on('error', () => undefined); // a destroyed database ends its feed; nothing to do
        feeds.set(key, { db, feed });
      }
      emit(key);
    },
    subscribe(keys, listener) {
      const entry = { keys, listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    emit,
    close() {
      for (const key of [...feeds.keys()]) detach(key);
      listeners.clear();
    },
  };
}
