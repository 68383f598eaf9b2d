import * as z from 'zod';
import { docBase, isoDate, optionalImage, optionalLink, requiredText, text, timestamps } from './common.ts';

export const bandSchema = z.strictObject({
  ...docBase('band'),
  name: requiredText('Band name is required'),
  description: text,
  year: z.int({ error: 'Year must be a whole number' }).nullish(),
  state: text,
  country: text,
  location: text,
  start_date: isoDate.nullish(),
  end_date: isoDate.nullish(),
  image_url: optionalImage,
  website_url: optionalLink,
  instagram_url: optionalLink,
  registration_url: optionalLink,
  fete_id_registration_url: optionalLink,
  /** Folded from rating docs by the ratings worker; members never write these. */
  rating: z.number().min(0).max(5).default(0),
  total_ratings: z.int().min(0).default(0),
  active: z.boolean(),
  ...timestamps,
});
export type BandDoc = z.infer<typeof bandSchema>;
