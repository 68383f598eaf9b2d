// A restaurant's details (/admin/restaurants/:id/details): its menu items, photos and discounts,
// each a section on the admin kit, each write saving the restaurant (use-parent-doc.ts).
import { useParams } from 'react-router-dom';
import type { MenuItem, RestaurantDiscount, RestaurantDoc, RestaurantPhoto } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { useDataLayer } from '../../../data/react.ts';
import { AdminOnly } from '../admin-only.tsx';
import { AdminKit } from '../kit/admin-kit.tsx';
import { DetailsShell } from './details-shell.tsx';
import { DiscountFields, DiscountView, MenuItemFields, MenuItemView, PhotoFields, PhotoView } from './restaurant-detail-fields.tsx';
import {
  DISCOUNT_TEXTS, MENU_TEXTS, PHOTO_TEXTS, checkDiscountDraft, checkMenuItemDraft, checkPhotoDraft, compareDiscounts, compareMenuItems, comparePhotos, discountDraftOf,
  discountSearchFields, discountTitleOf, menuItemDraftOf, menuItemSearchFields, newDiscountDraft, newMenuItemDraft, newPhotoDraft, photoDraftOf, photoTitle,
} from './restaurant-detail-rules.ts';
import type { DiscountDraft, DiscountInput, MenuItemDraft, MenuItemInput, PhotoDraft, PhotoInput } from './restaurant-detail-rules.ts';
import { useSubListPage } from './sub-list-page.ts';
import type { SubListCommon } from './sub-list-page.ts';
import { useParentDoc } from './use-parent-doc.ts';

const MENU: SubListCommon<MenuItem, MenuItemDraft, MenuItemInput> = {
  texts: MENU_TEXTS,
  testId: 'menu-item',
  newDraft: newMenuItemDraft,
  draftOf: menuItemDraftOf,
  check: checkMenuItemDraft,
  searchFields: menuItemSearchFields,
  compare: compareMenuItems,
  titleOf: (m) => m.name,
  Fields: MenuItemFields,
  View: MenuItemView,
};

const PHOTOS: SubListCommon<RestaurantPhoto, PhotoDraft, PhotoInput> = {
  texts: PHOTO_TEXTS,
  testId: 'photo',
  newDraft: newPhotoDraft,
  draftOf: photoDraftOf,
  check: checkPhotoDraft,
  searchFields: (p) => [p.image_url],
  compare: comparePhotos,
  titleOf: photoTitle,
  Fields: PhotoFields,
  View: PhotoView,
};

const DISCOUNTS: SubListCommon<RestaurantDiscount, DiscountDraft, DiscountInput> = {
  texts: DISCOUNT_TEXTS,
  testId: 'discount',
  newDraft: newDiscountDraft,
  draftOf: discountDraftOf,
  check: checkDiscountDraft,
  searchFields: discountSearchFields,
  compare: compareDiscounts,
  titleOf: discountTitleOf,
  Fields: DiscountFields,
  View: DiscountView,
};

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
