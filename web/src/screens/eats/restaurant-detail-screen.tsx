// A restaurant's page (/restaurants/:id): 'Loading...' while the catalogue has not arrived,
// 'Restaurant not found' for a missing or inactive one, else the restaurant.
import { useParams } from 'react-router-dom';
import { DetailLoading, ItemNotFound, useDocumentTitle } from '../../components/catalog/index.ts';
import { useRestaurant } from '../../data/hooks/use-restaurants.ts';
import { RestaurantDetails } from './restaurant-details.tsx';
import './eats.css';

export function RestaurantDetailScreen() {
  const { id = '' } = useParams();
  const { phase, item, offline } = useRestaurant(id);
  useDocumentTitle(item?.name);

  if (phase === 'loading') return <DetailLoading text="Loading..." />;
  if (phase === 'not-found' || !item) return <ItemNotFound text="Restaurant not found" backTo="/fete-eats" backLabel="Back to Fete Eats" offline={offline} />;
  return <RestaurantDetails restaurant={item} />;
}
