// 'How Yuh Like It': what the member liked, per kind, newest like first, each linking to its page.
import { useDataLayer, useLiveQuery } from '../../data/react.ts';
import { Spinner } from '../../components/ui/index.ts';
import { ItemLinks } from './item-links.tsx';
import { bandRow, eventRow, providerRow, restaurantRow } from './item-rows.ts';
import { NO_LIKES_TEXT } from './dashboard-rules.ts';

export function LikedTab({ userId }: { userId: string }) {
  const data = useDataLayer();
  const { data: liked, loading } = useLiveQuery(() => data.likes.items(), [userId], { dbs: ['userdb', 'catalog'] });
  if (!liked) return loading ? <Spinner label="Loading..." /> : <p className="dash-empty">{NO_LIKES_TEXT}</p>;
  const total = liked.events.length + liked.bands.length + liked.providers.length + liked.restaurants.length;
  if (total === 0) return <p className="dash-empty">{NO_LIKES_TEXT}</p>;
  return (
    <div className="dash-sections">
      <ItemLinks id="liked-events" title="Events" items={liked.events.map(eventRow)} />
      <ItemLinks id="liked-bands" title="Carnival Bands" items={liked.bands.map(bandRow)} />
      <ItemLinks id="liked-faces" title="Fete Faces" items={liked.providers.map(providerRow)} />
      <ItemLinks id="liked-restaurants" title="Restaurants" items={liked.restaurants.map(restaurantRow)} />
    </div>
  );
}
