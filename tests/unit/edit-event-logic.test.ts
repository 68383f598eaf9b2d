// The organiser's Edit Event (ADR 032): who sees Edit, what the form opens with, and the document
// an edit writes (the form's fields replaced, blanks cleared, the rest kept, the writer stamped).
import { describe, expect, it } from 'vitest';
import { canEditEvent } from '../../web/src/lib/can-edit-event.ts';
import { valuesFromEvent } from '../../web/src/screens/create-event/edit-event-logic.ts';
import { checkCreateEvent } from '../../web/src/screens/create-event/create-event-logic.ts';
import { EVENT_EDIT_FIELDS, editedEventDoc } from '../../web/src/data/repos/events.ts';
import type { Event } from '../../web/src/data/repos/events.ts';
import { validatorFor } from '../../design-docs/src/design-docs.ts';

const validate_catalog = validatorFor('catalog') as (...args: unknown[]) => void;

const stored = (over: Partial<Event> = {}): Event => ({
  _id: 'event:e1', _rev: '3-abc', id: 'e1', type: 'event', title: 'Soca Sunrise', description: 'All night long',
  location: 'Queen’s Park Savannah', state: 'Port of Spain', country: 'Trinidad', category: 'Party', date: '2030-02-07',
  end_date: null, start_time: '20:00', end_time: '02:00', price: 50.5, capacity: 200, image_url: 'events/soca.jpg',
  ticket_url: 'https://tickets.example/soca', fete_id_ticket_url: null, fete_ride_url: 'https://rides.example/1',
  instagram_url: null, organizer_id: 'u1', active: true, created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z', updated_by: 'u1', ...over,
} as Event);

describe('who may edit an event', () => {
  it('is its organiser or an admin', () => {
    expect(canEditEvent({ userId: 'u1', isAdmin: false }, stored())).toBe(true);
    expect(canEditEvent({ userId: 'a1', isAdmin: true }, stored())).toBe(true);
  });
  it('is nobody else: another member, a visitor, anyone for an event without organiser', () => {
    expect(canEditEvent({ userId: 'u2', isAdmin: false }, stored())).toBe(false);
    expect(canEditEvent({ userId: null, isAdmin: false }, stored())).toBe(false);
    expect(canEditEvent({ userId: null, isAdmin: true }, stored())).toBe(false);
    expect(canEditEvent({ userId: 'u1', isAdmin: false }, stored({ organizer_id: null }))).toBe(false);
    expect(canEditEvent({ userId: 'a1', isAdmin: true }, stored({ organizer_id: null }))).toBe(true);
  });
});

describe('the form an edit opens with', () => {
  it('holds every stored field as typed, and passes the Create Event checks unchanged', () => {
    const values = valuesFromEvent(stored());
    expect(values).toMatchObject({ title: 'Soca Sunrise', price: '50.5', capacity: '200', fete_id_ticket_url: '', end_time: '02:00' });
    const check = checkCreateEvent(values);
    expect(check.ok).toBe(true);
  });
  it('shows missing optional fields blank', () => {
    const values = valuesFromEvent(stored({ price: null, capacity: undefined, category: null, description: null }));
    expect(values).toMatchObject({ price: '', capacity: '', category: '', description: '' });
  });
});

describe('the document an edit writes', () => {
  const by = { updated_by: 'u1', updated_at: '2026-01-02T09:00:00.000Z' };
  const input = (over: Partial<ReturnType<typeof valuesFromEvent>> = {}) => {
    const check = checkCreateEvent({ ...valuesFromEvent(stored()), ...over });
    if (!check.ok) throw new Error(check.message);
    return check.input;
  };

  it('replaces the form fields, keeps the rest as stored, and names the writer', () => {
    const doc = editedEventDoc(stored(), { ...input({ title: 'Soca Sunset' }), image_url: 'events/new.jpg' }, by) as Record<string, unknown>;
    expect(doc).toMatchObject({
      _id: 'event:e1', _rev: '3-abc', title: 'Soca Sunset', image_url: 'events/new.jpg', organizer_id: 'u1', active: true,
      created_at: '2026-01-01T10:00:00.000Z', fete_ride_url: 'https://rides.example/1', ...by,
    });
    expect(doc).not.toHaveProperty('id');
  });

  it('clears an optional field the organiser emptied (null, not left as it was)', () => {
    const doc = editedEventDoc(stored(), input({ price: '', ticket_url: '' }), by) as Record<string, unknown>;
    expect(doc.price).toBeNull();
    expect(doc.ticket_url).toBeNull();
    expect(doc.image_url).toBeNull();
    for (const f of EVENT_EDIT_FIELDS) expect(doc, f).toHaveProperty(f);
  });

  it('is accepted by the catalog validator from the organiser, refused from another member', () => {
    const doc = JSON.parse(JSON.stringify(editedEventDoc(stored(), input({ title: 'Soca Sunset' }), by))) as Record<string, unknown>;
    const { id: _id, ...old } = stored();
    expect(() => validate_catalog(doc, old, { name: 'u1', roles: ['member'] }, {})).not.toThrow();
    const theirs = { ...doc, updated_by: 'u2' };
    expect(() => validate_catalog(theirs, old, { name: 'u2', roles: ['member'] }, {})).toThrow();
  });
});
