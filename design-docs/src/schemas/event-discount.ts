import * as z from 'zod';
import { dateOrDateTime, docBase, idPart, percentage, requiredText, text, timestamps } from './common.ts';

export const eventDiscountSchema = z.strictObject({
  ...docBase('event_discount'),
  event_id: idPart,
  code: requiredText('A discount needs a code'),
  percentage,
  description: text,
  valid_from: dateOrDateTime.nullish(),
  valid_until: dateOrDateTime.nullish(),
  active: z.boolean(),
  ...timestamps,
});
export type EventDiscountDoc = z.infer<typeof eventDiscountSchema>;
