import * as z from 'zod';
import { CUISINES, PRICE_RANGES } from '../constants.ts';
import {
  clockTime, dateOrDateTime, docBase, idPart, imageLink, money, optionalImage, optionalLink, order, percentage, requiredText, text, timestamps,
} from './common.ts';

export const menuItemSchema = z.strictObject({
  id: idPart,
  name: requiredText('Menu item name and price are required'),
  description: text,
  price: money,
  category: text,
  image_url: optionalImage,
  active: z.boolean().default(true),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const restaurantPhotoSchema = z.strictObject({
  id: idPart,
  image_url: imageLink.min(1, { error: 'A photo needs an image' }),
  active: z.boolean().default(true),
  order: order.default(0),
});
export type RestaurantPhoto = z.infer<typeof restaurantPhotoSchema>;

export const restaurantDiscountSchema = z.strictObject({
  id: idPart,
  percentage,
  description: requiredText('Discount description and percentage are required'),
  terms_conditions: text,
  valid_from: dateOrDateTime.nullish(),
  valid_until: dateOrDateTime.nullish(),
  active: z.boolean().default(true),
});
export type RestaurantDiscount = z.infer<typeof restaurantDiscountSchema>;

const NAME_AND_LOCATION = 'Name and location are required';

export const restaurantSchema = z.strictObject({
  ...docBase('restaurant'),
  name: requiredText(NAME_AND_LOCATION),
  location: requiredText(NAME_AND_LOCATION),
  /** The member who may edit this restaurant from /restaurant-admin. */
  owner_id: idPart.nullish(),
  description: text,
  cuisine: z.enum(CUISINES, { error: 'Choose a cuisine' }).nullish(),
  price_range: z.enum(PRICE_RANGES, { error: 'Choose a price range' }).nullish(),
  opening_time: clockTime.nullish(),
  closing_time: clockTime.nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  country: text,
  state: text,
  image_url: optionalImage,
  website_url: optionalLink,
  instagram_url: optionalLink,
  eat_now_url: optionalLink,
  menu_items: z.array(menuItemSchema).default([]),
  photos: z.array(restaurantPhotoSchema).default([]),
  discounts: z.array(restaurantDiscountSchema).default([]),
  active: z.boolean(),
  ...timestamps,
});
export type RestaurantDoc = z.infer<typeof restaurantSchema>;

/** What an owner may not change on their own restaurant (enforced by validate_doc_update too). */
export { RESTAURANT_OWNER_LOCKED_FIELDS } from '../rules.ts';
