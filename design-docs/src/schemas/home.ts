// The curated home-page documents: hero slides, ads, partners and featured items.
import * as z from 'zod';
import { FEATURED_ITEM_TYPES } from '../constants.ts';
import { featuredId } from '../ids.ts';
import {
  dateOrDateTime, docBase, idPart, imageLink, optionalImage, optionalLink, order, requiredText, text, timestamps,
} from './common.ts';

export const heroSlideSchema = z.strictObject({
  ...docBase('hero_slide'),
  image_url: imageLink.min(1, { error: 'A slide needs an image' }),
  mobile_image_url: optionalImage,
  title: text,
  subtitle: text,
  order: order.default(0),
  active: z.boolean(),
  ...timestamps,
});
export type HeroSlideDoc = z.infer<typeof heroSlideSchema>;

export const adSchema = z.strictObject({
  ...docBase('ad'),
  position: requiredText('An ad needs a position'),
  title: text,
  description: text,
  image_url: optionalImage,
  link_url: optionalLink,
  start_date: dateOrDateTime.nullish(),
  /** Empty means the ad never ends. */
  end_date: z.union([z.literal(''), dateOrDateTime]).nullish(),
  order: order.default(0),
  active: z.boolean(),
  ...timestamps,
});
export type AdDoc = z.infer<typeof adSchema>;

export const partnerSchema = z.strictObject({
  ...docBase('partner'),
  name: requiredText('A partner needs a name'),
  logo_url: optionalImage,
  website_url: optionalLink,
  order: order.default(0),
  active: z.boolean(),
  ...timestamps,
});
export type PartnerDoc = z.infer<typeof partnerSchema>;

export const featuredSchema = z
  .strictObject({
    ...docBase('featured'),
    item_type: z.enum(FEATURED_ITEM_TYPES, { error: 'Unknown featured item type' }),
    item_id: idPart,
    order: order,
    active: z.boolean().default(true),
    ...timestamps,
  })
  .refine((d) => d._id === featuredId(d.item_type, d.item_id), {
    error: '_id must be featured:{item_type}:{item_id}',
    path: ['_id'],
  });
export type FeaturedDoc = z.infer<typeof featuredSchema>;
