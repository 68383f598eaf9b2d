import * as z from 'zod';
import { EVENT_CATEGORIES } from '../constants.ts';
import {
  REQUIRED_FIELDS_MESSAGE, clockTime, docBase, idPart, isoDate, money, optionalLink, requiredText, text, timestamps,
} from './common.ts';

const required = requiredText(REQUIRED_FIELDS_MESSAGE);

export const eventSchema = z.object({
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
  image_url: optionalLink,
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

/** The member's Create Event form (member-and-public section 5). */
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
  ticket_url: optionalLink,
  fete_id_ticket_url: optionalLink,
  instagram_url: optionalLink,
  image_url: optionalLink,
});
export type EventCreateInput = z.infer<typeof eventCreateInputSchema>;
