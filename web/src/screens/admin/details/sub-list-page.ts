// A sub-list of a parent document as a page of the admin kit (ADR 029): the kit's
// add, inline edit, delete and conflict panel, each write saving the parent (use-parent-doc.ts).
import { useMemo } from 'react';
import { newId } from '../../../../../design-docs/src/ids.ts';
import type { KitPage } from '../kit/admin-kit.tsx';
import type { SubItem } from './detail-logic.ts';
import type { ParentDoc } from './use-parent-doc.ts';

/** What a section gives beyond the parent: its texts, rules and components. */
export type SubListCommon<S extends SubItem, D, I> = Omit<KitPage<S, D, I>, 'load' | 'add' | 'update' | 'remove' | 'newDraft' | 'byId'> & {
  /** A new entry's draft; `list` is the stored list (a new photo goes after the last). */
  newDraft(list: readonly S[]): D;
};

export function useSubListPage<T extends { _id: string }, S extends SubItem, D, I extends object>(parent: ParentDoc<T>, key: keyof T, common: SubListCommon<S, D, I>): KitPage<S, D, I> {
  const { id: parentId, read, known, change } = parent;
  return useMemo(
    () => ({
      ...common,
      draftsKey: `${common.testId}:${parentId}`,
      load: async () => [...(((await read())[key] as S[] | undefined) ?? [])],
      byId: async (id: string) => (((await read())[key] as S[] | undefined) ?? []).find((s) => s.id === id) ?? null,
      add: async (input: I) => {
        const item = { ...input, id: newId() } as unknown as S;
        await change<S>(key, { kind: 'add', item });
        return item;
      },
      update: async (base: S, input: I) => {
        const next = { ...base, ...input } as S;
        await change<S>(key, { kind: 'update', base, next });
        return next;
      },
      remove: (id: string) => change<S>(key, { kind: 'remove', id }),
      newDraft: () => common.newDraft(known<S>(key)),
    }),
    [common, parentId, read, known, change, key],
  );
}
