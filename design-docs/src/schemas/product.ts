import * as z from 'zod';
import { MARKET_CATEGORIES } from '../constants.ts';
import {
  docBase, optionalImage, optionalLink, REQUIRED_FIELDS_MESSAGE, requiredText, text, timestamps,
} from './common.ts';

const tags = z.array(z.string().trim().min(1)).default([]);

export const productSchema = z.strictObject({
  ...docBase('product'),
  name: requiredText(REQUIRED_FIELDS_MESSAGE),
  brand: requiredText(REQUIRED_FIELDS_MESSAGE),
  price: z.number({ error: REQUIRED_FIELDS_MESSAGE }).min(0, { error: 'Amounts cannot be negative' }),
  description: text,
  category: z.enum(MARKET_CATEGORIES, { error: 'Choose a market category' }).nullish(),
  sizes: tags,
  colors: tags,
  in_stock: z.boolean().default(true),
  external_url: optionalLink,
  image_url: optionalImage,
  active: z.boolean(),
  ...timestamps,
});
export type ProductDoc = z.infer<typeof productSchema>;

