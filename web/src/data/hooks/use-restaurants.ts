// Restaurants from the local catalogue: Fete Eats' list, a restaurant page's restaurant, the ones
// a member owns (/restaurant-admin), and all of them for the Users admin's owner choice.
import { useDataLayer, useLiveQuery } from '../react.ts';
import { useCatalogItem, useCatalogList } from './use-catalog-item.ts';

/** Every restaurant on the device; the last answer shows first on the next visit. */
export function useRestaurants() {
  const data = useDataLayer();
  return useCatalogList(() => data.restaurants.all(), 'restaurants');
}

export function useRestaurant(id: string) {
  const data = useDataLayer();
  return useCatalogItem(() => data.restaurants.byId(id), [id]);
}

/** The signed-in member's restaurants. */
export function useOwnedRestaurants() {
  const data = useDataLayer();
  return useLiveQuery(() => data.restaurants.owned(), [], { dbs: ['catalog'] });
}

/** Every restaurant as a plain live query: no last answer kept, no revision check (the Users admin). */
export function useAllRestaurants() {
  const data = useDataLayer();
  return useLiveQuery(() => data.restaurants.all(), [], { dbs: ['catalog'] });
}
