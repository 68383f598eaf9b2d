// Manage Restaurants (/admin/restaurants) on the admin kit: every restaurant, inactive too, by
// name; the add form with the spec's defaults; the feature toggle (type restaurant).
import { createContext, useContext, useMemo } from 'react';
import { FeatureToggle, useFeaturedIds } from '../../../components/catalog/index.ts';
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { useDataLayer } from '../../../data/react.ts';
import { DetailsLink } from '../details/details-shell.tsx';
import { AdminKitScreen } from '../kit/admin-kit.tsx';
import type { KitPage } from '../kit/admin-kit.tsx';
import { formatTimeRange } from '../../../lib/dates.ts';
import { Fact, StatusFact } from '../kit/kit-view.tsx';
import { RestaurantFields } from './restaurant-fields.tsx';
import {
  RESTAURANT_BUCKET, RESTAURANT_TEXTS, checkRestaurantDraft, compareRestaurants, newRestaurantDraft, newRestaurantRecord, restaurantDraftOf, restaurantSearchFields,
} from './restaurant-admin-logic.ts';
import type { AdminRestaurant, RestaurantDraft, RestaurantInput } from './restaurant-admin-logic.ts';

const FeaturedRestaurants = createContext<ReadonlySet<string>>(new Set());

export function ManageRestaurantsScreen() {
  const data = useDataLayer();
  const featured = useFeaturedIds('restaurant');
  const repo = data.admin.restaurants;
  const page = useMemo<KitPage<AdminRestaurant, RestaurantDraft, RestaurantInput>>(
    () => ({
      texts: RESTAURANT_TEXTS,
      testId: 'restaurant',
      load: () => repo.list(),
      add: (input) => repo.add(newRestaurantRecord(input)),
      // The owner, position, menu, photos and discounts are not the form's: the stored ones stay.
      update: (item, input) =>
        repo.update(item, { ...input, owner_id: item.owner_id, latitude: item.latitude, longitude: item.longitude, menu_items: item.menu_items, photos: item.photos, discounts: item.discounts }),
      remove: (id) => repo.remove(id),
      newDraft: newRestaurantDraft,
      draftOf: restaurantDraftOf,
      check: checkRestaurantDraft,
      searchFields: restaurantSearchFields,
      compare: compareRestaurants,
      titleOf: (r) => r.name,
      Fields: RestaurantFields,
      View: RestaurantView,
      Actions: RestaurantActions,
    }),
    [repo],
  );
  return (
    <FeaturedRestaurants.Provider value={featured}>
      <AdminKitScreen page={page} />
    </FeaturedRestaurants.Provider>
  );
}

function RestaurantActions({ item }: { item: AdminRestaurant }) {
  const featured = useContext(FeaturedRestaurants);
  return (
    <div className="admin-details__row-actions">
      <DetailsLink to={`/admin/restaurants/${item.id}/details`} name={item.name} />
      <FeatureToggle itemType="restaurant" itemId={item.id} itemName={item.name} featured={featured.has(item.id)} />
    </div>
  );
}

function RestaurantView({ item }: { item: AdminRestaurant }) {
  const place = [item.location, item.state, item.country].filter(Boolean).join(', ');
  const hours = item.opening_time && item.closing_time ? formatTimeRange(item.opening_time, item.closing_time) : '';
  return (
    <div className="kit__media">
      <FeteImage value={item.image_url} bucket={RESTAURANT_BUCKET} size="small" alt="" width={120} height={80} />
      <div className="kit__form">
        <dl className="kit__facts">
          <Fact label="Location" value={place} />
          <Fact label="Cuisine" value={item.cuisine ?? 'None'} />
          <Fact label="Price range" value={item.price_range ?? 'None'} />
          {hours && <Fact label="Hours" value={hours} />}
          <StatusFact active={item.active} />
        </dl>
        {item.description?.trim() && <p className="kit__description">{item.description}</p>}
      </div>
    </div>
  );
}
