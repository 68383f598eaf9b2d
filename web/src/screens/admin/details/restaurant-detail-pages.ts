// The three sections of a restaurant's sub-lists (menu items, photos, discounts) as kit pages:
// the admin's details page and the owner's Restaurant Management page show the same ones.
import type { MenuItem, RestaurantDiscount, RestaurantPhoto } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { DiscountFields, DiscountView, MenuItemFields, MenuItemView, PhotoFields, PhotoView } from './restaurant-detail-fields.tsx';
import {
  DISCOUNT_TEXTS, MENU_TEXTS, PHOTO_TEXTS, checkDiscountDraft, checkMenuItemDraft, checkPhotoDraft, compareDiscounts, compareMenuItems, comparePhotos, discountDraftOf,
  discountSearchFields, discountTitleOf, menuItemDraftOf, menuItemSearchFields, newDiscountDraft, newMenuItemDraft, newPhotoDraft, photoDraftOf, photoTitle,
} from './restaurant-detail-logic.ts';
import type { DiscountDraft, DiscountInput, MenuItemDraft, MenuItemInput, PhotoDraft, PhotoInput } from './restaurant-detail-logic.ts';
import type { SubListCommon } from './sub-list-page.ts';

export const MENU: SubListCommon<MenuItem, MenuItemDraft, MenuItemInput> = {
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

export const PHOTOS: SubListCommon<RestaurantPhoto, PhotoDraft, PhotoInput> = {
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

export const DISCOUNTS: SubListCommon<RestaurantDiscount, DiscountDraft, DiscountInput> = {
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
