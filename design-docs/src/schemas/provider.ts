import * as z from 'zod';
import {
  docBase, idPart, imageLink, optionalImage, optionalLink, order, requiredText, text, timestamps,
} from './common.ts';

export const testimonialSchema = z.strictObject({
  id: idPart,
  image_url: imageLink.min(1, { error: 'A testimonial needs an image' }),
  caption: text,
  client_name: text,
  service: text,
  order: order.default(0),
  active: z.boolean().default(true),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

const NAMES = 'First name and last name are required';

export const providerSchema = z.strictObject({
  ...docBase('provider'),
  first_name: requiredText(NAMES),
  last_name: requiredText(NAMES),
  avatar_url: optionalImage,
  bio: text,
  services: z.array(z.string().trim().min(1)).default([]),
  service_prices: z.record(z.string(), z.number().min(0)).default({}),
  /** Folded from rating docs by the ratings worker. */
  rating: z.number().min(0).max(5).default(0),
  total_ratings: z.int().min(0).default(0),
  location: text,
  state: text,
  country: text,
  instagram_url: optionalLink,
  booking_url: optionalLink,
  testimonials: z.array(testimonialSchema).default([]),
  active: z.boolean(),
  ...timestamps,
});
export type ProviderDoc = z.infer<typeof providerSchema>;
