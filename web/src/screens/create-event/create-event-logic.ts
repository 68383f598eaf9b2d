// The Create Event form's rules, pure so they are unit
// tested: what the form holds, how it becomes the shared Zod schema's input, which fields a
// refusal marks, and when the end time means the next morning.
import { EVENT_CATEGORIES } from '../../../../design-docs/src/constants.ts';
import { REQUIRED_FIELDS_MESSAGE } from '../../../../design-docs/src/schemas/common.ts';
import { eventCreateInputSchema } from '../../../../design-docs/src/schemas/event.ts';
import type { EventCreateInput } from '../../../../design-docs/src/schemas/event.ts';
import { eventSchedule } from '../../lib/ics.ts';

export const SIGNED_OUT_MESSAGE = 'You must be logged in to create an event';
export const CREATE_FAILED_MESSAGE = 'Failed to create event';
export const WAITING_MESSAGE = "Waiting to publish — will be sent when you're back online";
export { REQUIRED_FIELDS_MESSAGE };

/** What the form holds: every field as typed. */
export interface CreateEventValues {
  title: string;
  category: string;
  date: string;
  start_time: string;
  end_time: string;
  country: string;
  state: string;
  location: string;
  description: string;
  price: string;
  capacity: string;
  ticket_url: string;
  fete_id_ticket_url: string;
  instagram_url: string;
}

export type CreateEventField = keyof CreateEventValues;

/** In the order the form shows them, which is also the order focus goes to a problem. */
export const REQUIRED_FIELDS = ['title', 'category', 'date', 'start_time', 'end_time', 'country', 'state', 'location', 'description'] as const satisfies readonly CreateEventField[];
const FIELD_ORDER: readonly CreateEventField[] = [...REQUIRED_FIELDS, 'price', 'capacity', 'ticket_url', 'fete_id_ticket_url', 'instagram_url'];

export const CATEGORY_OPTIONS = EVENT_CATEGORIES.map((c) => ({ value: c, label: c }));

export function emptyValues(): CreateEventValues {
  return {
    title: '', category: '', date: '', start_time: '', end_time: '', country: '', state: '', location: '', description: '',
    price: '', capacity: '', ticket_url: '', fete_id_ticket_url: '', instagram_url: '',
  };
}

/** A typed number: blank is none, anything else is read as a number (NaN is refused by the schema). */
function numberOrBlank(value: string): number | string {
  const t = value.trim();
  return t === '' ? '' : Number(t);
}

export type CreateEventCheck =
  | { ok: true; input: EventCreateInput }
  | { ok: false; message: string; errors: Partial<Record<CreateEventField, string>>; first: CreateEventField | null };

/**
 * Checks the form against the shared schema (`eventCreateInputSchema`, the same one the data
 * layer parses with). A missing required field gives the spec's 'Please fill in all required
 * fields' once, as the form's message, and marks the field; other problems (price, capacity, a
 * link) are shown under their field.
 */
export function checkCreateEvent(values: CreateEventValues): CreateEventCheck {
  const parsed = eventCreateInputSchema.safeParse({
    ...values,
    category: values.category || undefined,
    price: numberOrBlank(values.price),
    capacity: numberOrBlank(values.capacity),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Partial<Record<CreateEventField, string>> = {};
  let missing = false;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CreateEventField | undefined;
    if (!field || errors[field]) continue;
    if (issue.message === REQUIRED_FIELDS_MESSAGE) {
      missing = true;
      errors[field] = REQUIRED_FIELDS_MESSAGE;
    } else {
      errors[field] = issue.message;
    }
  }
  const first = FIELD_ORDER.find((f) => errors[f]) ?? null;
  const message = missing ? REQUIRED_FIELDS_MESSAGE : (first && errors[first]) || CREATE_FAILED_MESSAGE;
  return { ok: false, message, errors, first };
}

/**
 * The calendar export's rule (lib/ics.ts, `eventSchedule`): an end time that is not after the
 * start time is on the next day. Returns that next day (`YYYY-MM-DD`), or null when the event
 * ends on its own date or the times are not complete yet.
 */
export function nextDayEnd(values: Pick<CreateEventValues, 'date' | 'start_time' | 'end_time'>): string | null {
  if (!values.date || !values.start_time || !values.end_time) return null;
  try {
    const schedule = eventSchedule({ date: values.date, start_time: values.start_time, end_time: values.end_time });
    return schedule.kind === 'timed' && schedule.end && schedule.end.date !== values.date ? schedule.end.date : null;
  } catch {
    return null;
  }
}
