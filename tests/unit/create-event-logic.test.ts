// The Create Event form's rules: the spec's required fields and messages, price and capacity,
// http(s)-only links, and an end time past midnight read as the next day (the calendar's rule).
import { describe, expect, it } from 'vitest';
import {
  REQUIRED_FIELDS, REQUIRED_FIELDS_MESSAGE, checkCreateEvent, emptyValues, nextDayEnd,
} from '../../web/src/screens/create-event/create-event-logic.ts';
import type { CreateEventValues } from '../../web/src/screens/create-event/create-event-logic.ts';
import { eventCreateInputSchema, isWebAddress } from '../../design-docs/src/schemas/event.ts';
import { lastDayOf } from '../../web/src/lib/past-events.ts';

const filled = (over: Partial<CreateEventValues> = {}): CreateEventValues => ({
  ...emptyValues(),
  title: 'Soca Sunrise', category: 'Party', date: '2030-02-07', start_time: '20:00', end_time: '23:30', country: 'Trinidad',
  state: 'Port of Spain', location: 'Queen’s Park Savannah', description: 'All night long',
  ...over,
});

describe('required fields', () => {
  it('accepts a complete form, optional fields blank', () => {
    const check = checkCreateEvent(filled());
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.input).toMatchObject({ title: 'Soca Sunrise', category: 'Party', location: 'Queen’s Park Savannah' });
    expect(check.input.price).toBeUndefined();
    expect(check.input.capacity).toBeUndefined();
    expect(check.input.ticket_url).toBeUndefined();
  });

  it.each(REQUIRED_FIELDS)('a blank %s gives the spec text and marks that field', (field) => {
    const check = checkCreateEvent(filled({ [field]: '   ' }));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.message).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(Object.keys(check.errors)).toEqual([field]);
    expect(check.first).toBe(field);
  });

  it('an empty form marks all nine required fields and focuses the first', () => {
    const check = checkCreateEvent(emptyValues());
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors).sort()).toEqual([...REQUIRED_FIELDS].sort());
    expect(check.first).toBe('title');
  });

  it('refuses a category outside the spec list', () => {
    const check = checkCreateEvent(filled({ category: 'Rave' }));
    expect(check.ok).toBe(false);
  });
});

describe('price and capacity', () => {
  it('price: a number of at least 0 with at most two decimals (step 0.01)', () => {
    expect(checkCreateEvent(filled({ price: '0' })).ok).toBe(true);
    const ok = checkCreateEvent(filled({ price: '150.25' }));
    expect(ok.ok && ok.input.price).toBe(150.25);
    const negative = checkCreateEvent(filled({ price: '-1' }));
    expect(!negative.ok && negative.errors.price).toBe('Amounts cannot be negative');
    const fine = checkCreateEvent(filled({ price: '1.005' }));
    expect(!fine.ok && fine.errors.price).toBe('Price has at most two decimals');
    const word = checkCreateEvent(filled({ price: 'free' }));
    expect(!word.ok && word.errors.price).toBeTruthy();
  });

  it('capacity: a whole number of at least 0', () => {
    const ok = checkCreateEvent(filled({ capacity: '250' }));
    expect(ok.ok && ok.input.capacity).toBe(250);
    expect(checkCreateEvent(filled({ capacity: '0' })).ok).toBe(true);
    const half = checkCreateEvent(filled({ capacity: '1.5' }));
    expect(!half.ok && half.errors.capacity).toBe('Capacity must be a whole number');
    const negative = checkCreateEvent(filled({ capacity: '-3' }));
    expect(negative.ok).toBe(false);
    expect(!negative.ok && negative.message).not.toBe(REQUIRED_FIELDS_MESSAGE);
  });
});

describe('links', () => {
  it('ticket, Fete ID ticket and Instagram links are http(s) only', () => {
    const ok = checkCreateEvent(filled({ ticket_url: 'https://tickets.example/soca', instagram_url: ' http://instagram.com/fete ' }));
    expect(ok.ok && ok.input.instagram_url).toBe('http://instagram.com/fete');
    for (const bad of ['javascript:alert(1)', 'ftp://files.example/x', 'tickets.example/soca', '/relative/path', 'https://']) {
      const check = checkCreateEvent(filled({ fete_id_ticket_url: bad }));
      expect(check.ok, bad).toBe(false);
      expect(!check.ok && check.errors.fete_id_ticket_url, bad).toBe('Links must start with http:// or https://');
    }
  });

  it('isWebAddress wants a scheme and a host', () => {
    expect(isWebAddress('https://fete.example')).toBe(true);
    expect(isWebAddress('HTTP://FETE.EXAMPLE/a?b')).toBe(true);
    expect(isWebAddress('mailto:a@b.c')).toBe(false);
    expect(isWebAddress('https:///nohost')).toBe(false);
  });

  it('the stored image is a path in the bucket (the upload answer), which the schema accepts', () => {
    expect(eventCreateInputSchema.safeParse({ ...filled(), image_url: 'u1/1700000000000-0123456789ab.webp' }).success).toBe(true);
    expect(eventCreateInputSchema.safeParse({ ...filled(), image_url: 'javascript:alert(1)' }).success).toBe(false);
  });
});

describe('an end time past midnight', () => {
  it('is the next day, as the calendar export reads it', () => {
    expect(nextDayEnd({ date: '2030-02-07', start_time: '20:00', end_time: '04:00' })).toBe('2030-02-08');
    expect(nextDayEnd({ date: '2030-12-31', start_time: '22:00', end_time: '02:00' })).toBe('2031-01-01');
    expect(nextDayEnd({ date: '2030-02-28', start_time: '23:00', end_time: '00:30' })).toBe('2030-03-01');
  });

  it('an end after the start is the same day; incomplete times say nothing', () => {
    expect(nextDayEnd({ date: '2030-02-07', start_time: '18:00', end_time: '23:00' })).toBeNull();
    expect(nextDayEnd({ date: '2030-02-07', start_time: '', end_time: '04:00' })).toBeNull();
    expect(nextDayEnd({ date: '', start_time: '20:00', end_time: '04:00' })).toBeNull();
  });

  it('the event lists keep such an event until that next day is over', () => {
    expect(lastDayOf({ date: '2030-02-07', start_time: '20:00', end_time: '04:00' })).toBe('2030-02-08');
  });
});
