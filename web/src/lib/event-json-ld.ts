// schema.org Event data for search engines and link previews that read JSON-LD. Dates are the
// event's own wall-clock time without an offset (none is stored), which schema.org allows.
import { eventSchedule } from './ics.ts';
import type { CalendarEvent, LocalDateTime } from './ics.ts';
import { imageUrl } from '../../../design-docs/src/image-url.ts';
import { itemUrl } from './share.ts';
import { safeExternalUrl } from './external-url.ts';

export interface JsonLdEvent extends CalendarEvent {
  price?: number | null;
  capacity?: number | null;
  image_url?: string | null;
  ticket_url?: string | null;
}

function localIso(at: LocalDateTime): string {
  return `${at.date}T${at.time}`;
}

function text(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

export function eventJsonLd(event: JsonLdEvent, opts: { origin: string }): Record<string, unknown> {
  const schedule = eventSchedule(event);
  const url = itemUrl(opts.origin, 'events', event.id);
  let startDate: string;
  let endDate: string | undefined;
  if (schedule.kind === 'all-day') {
    startDate = schedule.firstDay;
    endDate = schedule.lastDay !== schedule.firstDay ? schedule.lastDay : undefined;
  } else {
    startDate = localIso(schedule.start);
    endDate = schedule.end ? localIso(schedule.end) : schedule.lastDay !== schedule.start.date ? schedule.lastDay : undefined;
  }
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title.trim(),
    description: text(event.description),
    startDate,
    endDate,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: {
      '@type': 'Place',
      name: text(event.location),
      address: { '@type': 'PostalAddress', addressRegion: text(event.state), addressCountry: text(event.country) },
    },
    image: new URL(imageUrl(event.image_url, 'events-images'), opts.origin).href,
    url,
    maximumAttendeeCapacity: typeof event.capacity === 'number' && event.capacity > 0 ? event.capacity : undefined,
  };
  if (typeof event.price === 'number' && event.price > 0) {
    ld.offers = {
      '@type': 'Offer',
      price: event.price,
      priceCurrency: 'USD',
      url: safeExternalUrl(event.ticket_url) ?? url,
      availability: 'https://schema.org/InStock',
    };
  }
  return ld;
}

/**
 * JSON for inside `<script type="application/ld+json">`: `<` (and `>`, `&`, and the two line
 * separators JavaScript once choked on) as `\uXXXX` escapes, so a title holding `</script>`
 * cannot end the tag. JSON.parse reads the escapes back as the same characters.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
