// The owner's restaurant as the parent of the sub-list sections (menu items, photos, discounts),
// which are the admin details page's own kit sections. Where the admin's parent is read from and
// saved to the server, the owner's is the device's copy with their waiting edits replayed over
// it, and each change is written ahead (owner-edits.ts): it shows at once, offline too.
import { useCallback, useMemo, useRef } from 'react';
import type { RestaurantDoc } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { useDataLayer } from '../../../data/react.ts';
import type { Item } from '../../../data/repos/index.ts';
import { applyOwnerOps } from '../../../data/repos/owner-edits.ts';
import type { OwnerListKey } from '../../../data/repos/owner-edits.ts';
import type { SubItem, SubListChange } from '../../../data/repos/sub-lists.ts';
import type { ParentDoc } from '../details/use-parent-doc.ts';
import { ParentNotFoundError } from '../details/use-parent-doc.ts';
import { OWNER_TEXTS } from './owner-logic.ts';

export function useOwnerParent(id: string, view: Item<RestaurantDoc> | null): ParentDoc<RestaurantDoc> {
  const data = useDataLayer();
  const owner = data.restaurants.owner;
  const newest = useRef(view);
  newest.current = view;

  const read = useCallback(async () => {
    const doc = await data.restaurants.byId(id);
    if (!doc) throw new ParentNotFoundError(id);
    const next = applyOwnerOps(doc, owner.waiting.getSnapshot()[id]?.ops ?? []);
    newest.current = next;
    return next;
  }, [data, owner, id]);

  const known = useCallback(<S,>(key: keyof RestaurantDoc) => ((newest.current?.[key] as S[] | undefined) ?? []), []);

  const change = useCallback(
    async <S extends SubItem>(key: keyof RestaurantDoc, change: SubListChange<S>) => {
      const result = await owner.edit(id, { kind: 'list', key: key as OwnerListKey, change: change as SubListChange<SubItem> });
      if (result === 'refused') throw new Error(owner.waiting.getSnapshot()[id]?.refused ?? OWNER_TEXTS.updateFailed);
    },
    [owner, id],
  );

  return useMemo(() => ({ id, parent: view, missing: view === null, read, known, change }), [id, view, read, known, change]);
}
