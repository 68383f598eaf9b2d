// 'How Yuh Like It': what the member liked, per kind, newest like first, each linking to its page.
import { useMemo } from 'react';
import { useLikedItems } from '../../data/hooks/use-likes.ts';
import { Spinner } from '../../components/ui/index.ts';
import { ItemLinks } from './item-links.tsx';
import { bandRow, eventRow, providerRow, restaurantRow } from './item-rows.ts';
import { NO_LIKES_TEXT } from './dashboard-logic.ts';
import { isLinkSections, useTabSnapshot } from './use-tab-snapshot.ts';

export function LikedTab({ userId }: { userId: string }) {
  const { data: liked, loading } = useLikedItems(userId);
  const live = useMemo(
    () =>
      liked && {
        events: liked.events.map(eventRow),
        bands: liked.bands.map(bandRow),
        faces: liked.providers.map(providerRow),
        restaurants: liked.restaurants.map(restaurantRow),
      },
    [liked],
  );
  const rows = useTabSnapshot('liked', live, isLinkSections);
  if (!rows) return loading ? <Spinner label="Loading..." /> : <p className="dash-empty">{NO_LIKES_TEXT}</p>;
  if (Object.values(rows).every((r) => r.length === 0)) return <p className="dash-empty">{NO_LIKES_TEXT}</p>;
  return (
    <div className="dash-sections">
      <ItemLinks id="liked-events" title="Events" items={rows.events ?? []} />
      <ItemLinks id="liked-bands" title="Carnival Bands" items={rows.bands ?? []} />
      <ItemLinks id="liked-faces" title="Fete Faces" items={rows.faces ?? []} />
      <ItemLinks id="liked-restaurants" title="Restaurants" items={rows.restaurants ?? []} />
    </div>
  );
}
