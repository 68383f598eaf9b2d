// One live local changes listener per database, shared by every live query: a screen with
// twenty hooks still costs four listeners. Swapping a database (sign-in, sign-out) counts as a
// change, so queries re-run against the new one.
import type { Database, ChangesHandle } from './pouch.ts';
import { liveChanges } from './pouch.ts';
import type { DbKey } from './local-dbs.ts';
import { typeOfId } from '../../../design-docs/src/ids.ts';
import type { DocType } from '../../../design-docs/src/ids.ts';

/** A listener's `ids` that accepts documents of these types; an id of no known type always counts. */
export function ofTypes(types: readonly DocType[]): (id: string) => boolean {
  const wanted = new Set(types);
  return (id) => {
    const t = typeOfId(id);
    return t === null || wanted.has(t);
  };
}

export interface ChangeHub {
  attach(key: DbKey, db: Database | null): void;
  /**
   * `keys` null listens to every database. `ids`, when given, narrows it to changes of the
   * documents it accepts; a swapped database (no id) always counts.
   */
  subscribe(keys: readonly DbKey[] | null, listener: (key: DbKey) => void, ids?: (id: string) => boolean): () => void;
  /** `id`: the changed document; without it every listener of `key` hears it. */
  emit(key: DbKey, id?: string): void;
  /** A batch of changed documents: each listener hears it once if any of them is its. */
  emitMany(key: DbKey, ids: readonly string[]): void;
  close(): void;
}

export function createChangeHub(): ChangeHub {
  const feeds = new Map<DbKey, { db: Database; feed: ChangesHandle }>();
  const listeners = new Set<{ keys: readonly DbKey[] | null; listener: (key: DbKey) => void; ids: ((id: string) => boolean) | undefined }>();

  function emit(key: DbKey, id?: string) {
    for (const l of [...listeners]) {
      if (l.keys !== null && !l.keys.includes(key)) continue;
      if (id !== undefined && l.ids && !l.ids(id)) continue;
      l.listener(key);
    }
  }

  function emitMany(key: DbKey, ids: readonly string[]) {
    if (ids.length === 0) return;
    for (const l of [...listeners]) {
      if (l.keys !== null && !l.keys.includes(key)) continue;
      if (l.ids && !ids.some(l.ids)) continue;
      l.listener(key);
    }
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
        feed.on('change', (change: { id?: unknown }) => emit(key, typeof change.id === 'string' ? change.id : undefined));
        feed.on('error', () => undefined); // a destroyed database ends its feed; nothing to do
        feeds.set(key, { db, feed });
      }
      emit(key);
    },
    subscribe(keys, listener, ids) {
      const entry = { keys, listener, ids };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    emit,
    emitMany,
    close() {
      for (const key of [...feeds.keys()]) detach(key);
      listeners.clear();
    },
  };
}
