// The pure rules of Manage Events: a new event's defaults,
// the edit form of a stored one, the check (the spec's required fields first, then the shared
// event schema, so the screen says what the server would refuse), the order and the search.
import { EVENT_CATEGORIES } from '../../../../../design-docs/src/constants.ts';
import type { EventDoc } from '../../../../../design-docs/src/schemas/event.ts';
import { eventSchema } from '../../../../../design-docs/src/schemas/event.ts';
import { REQUIRED_FIELDS_MESSAGE, fieldLimitProblem } from '../../../../../design-docs/src/schemas/common.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { AdminCatalogInput } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import { compareText } from '../../../data/repos/query.ts';
import { kitTexts, optionalText, parseAmount } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';

export type AdminEvent = Item<EventDoc>;
/** What a form gives: the organizer is the repository's (the admin on add, kept on update). */
export type EventInput = Omit<AdminCatalogInput<EventDoc>, 'organizer_id'>;

export const EVENT_TEXTS = kitTexts('Manage Events', 'event', 'events');
export const EVENT_BUCKET = 'events-images';
export const USER_NOT_AUTHENTICATED = 'User not authenticated';

export interface EventDraft {
  title: string;
  description: string;
  date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  location: string;
  country: string;
  state: string;
  category: string;
  price: string;
  ticket_url: string;
  fete_id_ticket_url: string;
  instagram_url: string;
  fete_ride_url: string;
  image_url: string;
  active: boolean;
}

/** The conflict panel's names of the fields whose form label is not the field's name. */
export const EVENT_FIELD_LABELS: Readonly<Record<string, string>> = {
  ticket_url: 'Ticket link',
  fete_id_ticket_url: 'Fete ID ticket link',
  instagram_url: 'Instagram link',
  fete_ride_url: 'Fete Ride link',
  image_url: 'Event image',
};

/** The defaults: 18:00 to 23:00, Trinidad, Port of Spain, Party, price 0, active. */
export function newEventDraft(): EventDraft {
  return {
    title: '',
    description: '',
    date: '',
    end_date: '',
    start_time: '18:00',
    end_time: '23:00',
    location: '',
    country: 'Trinidad',
    state: 'Port of Spain',
    category: EVENT_CATEGORIES[0],
    price: '0',
    ticket_url: '',
    fete_id_ticket_url: '',
    instagram_url: '',
    fete_ride_url: '',
    image_url: '',
    active: true,
  };
}

/** The edit form of a stored event: everything as it is, so Cancel and a failed save lose nothing. */
export function eventDraftOf(e: AdminEvent): EventDraft {
  const s = (v: string | null | undefined) => v ?? '';
  return {
    title: e.title,
    description: s(e.description),
    date: e.date,
    end_date: s(e.end_date),
    start_time: s(e.start_time),
    end_time: s(e.end_time),
    location: e.location,
    country: s(e.country),
    state: s(e.state),
    category: s(e.category),
    price: e.price == null ? '' : String(e.price),
    ticket_url: s(e.ticket_url),
    fete_id_ticket_url: s(e.fete_id_ticket_url),
    instagram_url: s(e.instagram_url),
    fete_ride_url: s(e.fete_ride_url),
    image_url: s(e.image_url),
    active: e.active,
  };
}

const REQUIRED: ReadonlyArray<keyof EventDraft> = ['title', 'date', 'location'];

/**
 * The draft as the repository takes it, or the problems: 'Please fill in all required fields'
 * for a blank title, date or location, then the event schema's own messages.
 */
export function checkEventDraft(draft: EventDraft): CheckResult<EventInput> {
  const blank = REQUIRED.filter((k) => String(draft[k]).trim() === '');
  if (blank.length > 0) {
    return { ok: false, message: REQUIRED_FIELDS_MESSAGE, fields: Object.fromEntries(blank.map((k) => [k, REQUIRED_FIELDS_MESSAGE])), first: blank[0] as string };
  }
  const candidate = {
    _id: 'event:draft',
    type: 'event',
    title: draft.title.trim(),
    description: optionalText(draft.description),
    date: draft.date.trim(),
    end_date: optionalText(draft.end_date),
    start_time: optionalText(draft.start_time),
    end_time: optionalText(draft.end_time),
    location: draft.location.trim(),
    country: optionalText(draft.country),
    state: optionalText(draft.state),
    category: optionalText(draft.category),
    // Blank is the spec's default, 0.
    price: parseAmount(draft.price) ?? 0,
    ticket_url: optionalText(draft.ticket_url),
    fete_id_ticket_url: optionalText(draft.fete_id_ticket_url),
    instagram_url: optionalText(draft.instagram_url),
    fete_ride_url: optionalText(draft.fete_ride_url),
    image_url: optionalText(draft.image_url),
    organizer_id: null,
    active: draft.active,
  };
  const checked = checkForm(eventSchema, candidate);
  if (!checked.ok) return checked;
  if (candidate.end_date !== null && candidate.end_date < candidate.date) {
    return { ok: false, message: 'The end date cannot be before the date', fields: { end_date: 'The end date cannot be before the date' }, first: 'end_date' };
  }
  const { _id, _rev, type, organizer_id, created_at, updated_at, ...input } = checked.data;
  const tooLong = fieldLimitProblem(input);
  if (tooLong) return { ok: false, message: tooLong, fields: {}, first: null };
  return { ok: true, data: input };
}

/** By date, newest first (then by title, so equal dates keep one order). */
export function compareEvents(a: AdminEvent, b: AdminEvent): number {
  return compareText(b.date, a.date) || compareText(a.title, b.title);
}

/** Events are searched over title, description and location. */
export function eventSearchFields(e: AdminEvent): readonly SearchValue[] {
  return [e.title, e.description, e.location];
}
