// The admin's star on cards: features the item on the home page, or stops featuring it. Only
// admins see it; the catalog's validate_doc_update refuses anyone else. It needs the network.
import { useState } from 'react';
import type { FeaturedItemType } from '../../../../design-docs/src/constants.ts';
import { useDataLayer } from '../../data/react.ts';
import { useFeaturedIds as useFeaturedIdsOf } from '../../data/hooks/use-featured.ts';
import { useToast } from '../ui/toast.tsx';
import { FAILURE_TEXT } from './sign-in-prompt.ts';
import { StarIcon } from './social-icons.tsx';
import { useViewer } from './use-viewer.ts';

/** The featured ids of one type, for a whole list at once (admins only). */
export function useFeaturedIds(itemType: FeaturedItemType): ReadonlySet<string> {
  const { isAdmin } = useViewer();
  const { data: ids } = useFeaturedIdsOf(itemType, isAdmin);
  return ids ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();

export function FeatureToggle({ itemType, itemId, itemName, featured }: { itemType: FeaturedItemType; itemId: string; itemName: string; featured: boolean }) {
  const data = useDataLayer();
  const toast = useToast();
  const { isAdmin } = useViewer();
  const [busy, setBusy] = useState(false);
  if (!isAdmin) return null;
  return (
    <button
      type="button"
      className={`feature-toggle${featured ? ' feature-toggle--on' : ''}`}
      aria-pressed={featured}
      aria-label={`Feature ${itemName} on the home page`}
      disabled={busy}
      data-testid="feature-toggle"
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setBusy(true);
        data.featured
          .toggle(itemType, itemId)
          .catch(() => toast.error(FAILURE_TEXT.feature))
          .finally(() => setBusy(false));
      }}
    >
      <StarIcon filled={featured} size={20} />
    </button>
  );
}
