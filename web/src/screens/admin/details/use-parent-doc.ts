// The restaurant or provider whose sub-lists a details page edits (ADR 029). ADR
// (architecture): sub-lists live inside their parent, so each change saves the whole parent
// through the catalogue repository's `update`, over the newest version this page has read. The
// sections of the page share that version: one section's save does not make the next one's a
// conflict. When another admin saved the parent meanwhile (409), the change is applied once more
// to their version, unless it touches an entry they changed too: that is a visible conflict.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { AdminCatalogInput, AdminCatalogRepo } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import { isConflict } from '../../../data/pouch.ts';
import { SubItemConflictError, applySubListChange } from './detail-logic.ts';
import type { SubItem, SubListChange } from './detail-logic.ts';

export class ParentNotFoundError extends Error {}

export interface ParentDoc<T extends { _id: string }> {
  /** The parent's id (its page's kits keep their drafts per parent). */
  id: string;
  /** The newest version read or saved, for the page's heading; null until read. */
  parent: Item<T> | null;
  /** The first read failed, or there is no such parent. */
  missing: boolean;
  /** Reads the newest version from the server. */
  read(): Promise<Item<T>>;
  /** The list `key` of the newest version known, without reading. */
  known<S>(key: keyof T): S[];
  /** Applies `change` to the list `key` and saves the parent. */
  change<S extends SubItem>(key: keyof T, change: SubListChange<S>): Promise<void>;
}

export function useParentDoc<T extends { _id: string }>(repo: AdminCatalogRepo<T>, id: string): ParentDoc<T> {
  const [parent, setParent] = useState<Item<T> | null>(null);
  const [missing, setMissing] = useState(false);
  const newest = useRef<Item<T> | null>(null);

  const keep = useCallback((doc: Item<T>) => {
    newest.current = doc;
    setParent(doc);
  }, []);

  const read = useCallback(async () => {
    try {
      const doc = await repo.byId(id);
      if (!doc) throw new ParentNotFoundError(id);
      keep(doc);
      return doc;
    } catch (err) {
      if (!newest.current) setMissing(true);
      throw err;
    }
  }, [repo, id, keep]);

  const change = useCallback(
    async <S extends SubItem>(key: keyof T, change: SubListChange<S>) => {
      for (let attempt = 0; ; attempt++) {
        const doc = newest.current ?? (await read());
        // Throws SubItemConflictError when the entry edited is no longer the one stored.
        const list = applySubListChange(((doc[key] as S[] | undefined) ?? []), change);
        const { id: _id, _id: _docId, _rev, type, created_at, updated_at, ...stored } = doc as Item<T> & { _rev?: string; type: string; created_at?: string; updated_at?: string };
        try {
          keep(await repo.update(doc, { ...stored, [key]: list } as unknown as AdminCatalogInput<T>));
          return;
        } catch (err) {
          if (!isConflict(err) || err instanceof SubItemConflictError || attempt >= 1) throw err;
          await read();
        }
      }
    },
    [repo, read, keep],
  );

  const known = useCallback(<S,>(key: keyof T) => ((newest.current?.[key] as S[] | undefined) ?? []), []);

  return useMemo(() => ({ id, parent, missing, read, known, change }), [id, parent, missing, read, known, change]);
}
