import * as z from 'zod';
import { EVENT_CATEGORIES } from '../constants.ts';
import {
  clockTime, docBase, idPart, isoDate, money, optionalImage, optionalLink, REQUIRED_FIELDS_MESSAGE, requiredText, text, timestamps,
} from './common.ts';

const required = requiredText(REQUIRED_FIELDS_MESSAGE);

export const eventSchema = z.strictObject({
  ...docBase('event'),
  title: required,
  description: text,
  location: required,
  state: text,
  country: text,
  category: z.enum(EVENT_CATEGORIES, { error: 'Choose an event category' }).nullish(),
  date: isoDate,
  end_date: isoDate.nullish(),
  start_time: clockTime.nullish(),
  end_time: clockTime.nullish(),
  price: money.nullish(),
  capacity: z.int({ error: 'Capacity must be a whole number' }).min(0).nullish(),
  image_url: optionalImage,
  ticket_url: optionalLink,
  fete_id_ticket_url: optionalLink,
  fete_ride_url: optionalLink,
  instagram_url: optionalLink,
  /** Null for events loaded by the server rather than created by someone. */
  organizer_id: idPart.nullable(),
  active: z.boolean(),
  ...timestamps,
});
export type EventDoc = z.infer<typeof eventSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const WEB_ADDRESS_MESSAGE = 'Links must start with http:// or https://';

/** An absolute http(s) address with a host: what a member may give as a ticket or Instagram link. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Optional: blank is none; otherwise an absolute http(s) address. */
const webAddress = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)),
  z.string().refine(isWebAddress, { error: WEB_ADDRESS_MESSAGE }).optional(),
);

/** The member's Create Event form. */
export const eventCreateInputSchema = z.object({
  title: required,
  category: z.enum(EVENT_CATEGORIES, { error: REQUIRED_FIELDS_MESSAGE }),
  date: requiredText(REQUIRED_FIELDS_MESSAGE).pipe(isoDate),
  start_time: requiredText(REQUIRED_FIELDS_MESSAGE).pipe(clockTime),
  end_time: requiredText(REQUIRED_FIELDS_MESSAGE).pipe(clockTime),
  country: required,
  state: required,
  location: required,
  description: required,
  price: z.preprocess(blankToUndefined, money.multipleOf(0.01, { error: 'Price has at most two decimals' }).optional()),
  capacity: z.preprocess(blankToUndefined, z.int({ error: 'Capacity must be a whole number' }).min(0).optional()),
  ticket_url: webAddress,
  fete_id_ticket_url: webAddress,
  instagram_url: webAddress,
  /** The uploaded image's stored path (events-images bucket), set once the upload is done. */
  image_url: optionalImage,
});
export type EventCreateInput = z.infer<typeof eventCreateInputSchema>;
