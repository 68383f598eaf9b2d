// The organiser's Edit Event (ADR 032), its pure rules: what the form opens with, and the
// screen's texts (who may edit an event is web/src/lib/can-edit-event.ts, the event page's too). The UI hides what the server refuses anyway.
import type { EventDoc } from '../../../../design-docs/src/schemas/event.ts';
import type { CreateEventValues } from './create-event-logic.ts';

export const UPDATED_MESSAGE = 'Event updated successfully';
export const UPDATE_FAILED_MESSAGE = 'Failed to update event';
export const DELETED_MESSAGE = 'Event deleted successfully';
export const DELETE_FAILED_MESSAGE = 'Failed to delete event';
export const DELETE_QUESTION = 'Are you sure you want to delete this event?';
export const NOT_ORGANISER_MESSAGE = "Only the event's organiser can edit it";
export const EDIT_SIGNED_OUT_MESSAGE = 'You must be logged in to edit an event';
export const CHANGED_MESSAGE = 'This event was changed by someone else while you were editing. Reload to see their version.';
export const EDIT_OFFLINE_MESSAGE = "You're offline. Saving changes to an event needs the connection: what you typed stays here, and you can save once it is back.";


const text = (v: string | null | undefined) => v ?? '';
const number = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The stored event as the form holds it (every field a string, missing ones blank). */
export function valuesFromEvent(e: EventDoc): CreateEventValues {
  return {
    title: e.title,
    category: text(e.category),
    date: e.date,
    start_time: text(e.start_time),
    end_time: text(e.end_time),
    country: text(e.country),
    state: text(e.state),
    location: e.location,
    description: text(e.description),
    price: number(e.price),
    capacity: number(e.capacity),
    ticket_url: text(e.ticket_url),
    fete_id_ticket_url: text(e.fete_id_ticket_url),
    instagram_url: text(e.instagram_url),
  };
}
