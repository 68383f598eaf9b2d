// The event page's schema.org Event (web/src/lib/event-json-ld.ts): its fields, and JSON that
// cannot end the <script> it sits in.
import { describe, expect, it } from 'vitest';
import { eventJsonLd, serializeJsonLd } from '../../web/src/lib/event-json-ld.ts';
import type { JsonLdEvent } from '../../web/src/lib/event-json-ld.ts';

const ORIGIN = 'https://fete.example';

const event = (over: Partial<JsonLdEvent> = {}): JsonLdEvent => ({
  id: 'abc123',
  title: 'Tribe Ignite',
  description: 'The biggest soca acts of the season.',
  location: "Queen's Park Oval",
  state: 'Port of Spain',
  country: 'Trinidad',
  date: '2026-02-01',
  end_date: null,
  start_time: '20:00',
  end_time: '04:00',
  price: 95,
  capacity: 8000,
  image_url: 'demo/event-34.webp',
  ticket_url: 'https://tickets.example.com/tribeignite',
  ...over,
});

describe('eventJsonLd', () => {
  it('describes the event as a schema.org Event at a place', () => {
    expect(eventJsonLd(event(), { origin: ORIGIN })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Tribe Ignite',
      description: 'The biggest soca acts of the season.',
      startDate: '2026-02-01T20:00',
      // 04:00 is before 20:00: the next morning.
      endDate: '2026-02-02T04:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: "Queen's Park Oval",
        address: { '@type': 'PostalAddress', addressRegion: 'Port of Spain', addressCountry: 'Trinidad' },
      },
      image: 'https://fete.example/uploads/events-images/demo/event-34.webp',
      url: 'https://fete.example/events/abc123',
      maximumAttendeeCapacity: 8000,
      offers: {
        '@type': 'Offer',
        price: 95,
        priceCurrency: 'USD',
        url: 'https://tickets.example.com/tribeignite',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('has no offers for a free event and falls back to the page for a missing ticket link', () => {
    expect(eventJsonLd(event({ price: 0 }), { origin: ORIGIN }).offers).toBeUndefined();
    expect(eventJsonLd(event({ price: null }), { origin: ORIGIN }).offers).toBeUndefined();
    const offers = eventJsonLd(event({ ticket_url: 'javascript:alert(1)' }), { origin: ORIGIN }).offers as Record<string, unknown>;
    expect(offers.url).toBe('https://fete.example/events/abc123');
  });

  it('uses plain dates for an all-day event and keeps absolute image URLs', () => {
    const ld = eventJsonLd(event({ start_time: null, end_time: null, end_date: '2026-02-03', image_url: 'https://cdn.example.com/x.jpg' }), { origin: ORIGIN });
    expect(ld.startDate).toBe('2026-02-01');
    expect(ld.endDate).toBe('2026-02-03');
    expect(ld.image).toBe('https://cdn.example.com/x.jpg');
    // No image: the app's default picture, still absolute.
    expect(eventJsonLd(event({ image_url: null }), { origin: ORIGIN }).image).toBe('https://fete.example/images/defaults/event.svg');
  });

  it('leaves out what is not known', () => {
    const json = JSON.parse(serializeJsonLd(eventJsonLd(event({ description: ' ', end_time: null, capacity: null }), { origin: ORIGIN }))) as Record<string, unknown>;
    expect(json).not.toHaveProperty('description');
    expect(json).not.toHaveProperty('endDate');
    expect(json).not.toHaveProperty('maximumAttendeeCapacity');
  });
});

describe('serializeJsonLd', () => {
  it('escapes < so a title cannot close the script tag, and parses back to the same data', () => {
    const ld = eventJsonLd(event({ title: 'Fete</script><script>alert(1)</script>', description: 'a & b > c \u2028' }), { origin: ORIGIN });
    const json = serializeJsonLd(ld);
    expect(json).not.toContain('<');
    expect(json).not.toMatch(/<\/script/i);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual(ld);
  });
});
