// A restaurant's details (/admin/restaurants/:id/details): its menu items, photos and discounts,
// each a section on the admin kit, each write saving the restaurant (use-parent-doc.ts).
import { useParams } from 'react-router-dom';
import type { RestaurantDoc } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { useDataLayer } from '../../../data/react.ts';
import { AdminOnly } from '../admin-only.tsx';
import { AdminKit } from '../kit/admin-kit.tsx';
import { DetailsShell } from './details-shell.tsx';
import { DISCOUNTS, MENU, PHOTOS } from './restaurant-detail-pages.ts';
import { useSubListPage } from './sub-list-page.ts';
import { useParentDoc } from './use-parent-doc.ts';

export function RestaurantDetailsScreen() {
  return (
    <AdminOnly>
      <RestaurantDetails />
    </AdminOnly>
  );
}

function RestaurantDetails() {
  const { id = '' } = useParams();
  const data = useDataLayer();
  const parent = useParentDoc<RestaurantDoc>(data.admin.restaurants, id);
  const menu = useSubListPage(parent, 'menu_items', MENU);
  const photos = useSubListPage(parent, 'photos', PHOTOS);
  const discounts = useSubListPage(parent, 'discounts', DISCOUNTS);
  return (
    <DetailsShell heading="Restaurant Details" name={parent.parent?.name ?? null} missing={parent.missing} notFound="Restaurant not found" back={{ to: '/admin/restaurants', label: 'Back to Manage Restaurants' }}>
      <AdminKit page={menu} embedded />
      <AdminKit page={photos} embedded />
      <AdminKit page={discounts} embedded />
    </DetailsShell>
  );
}
