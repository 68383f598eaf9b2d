// The page's schema.org Event, for crawlers that run the app. The JSON is escaped so nothing in
// a title or description can close the script tag.
import { useMemo } from 'react';
import type { Event } from '../../data/repos/events.ts';
import { eventJsonLd, serializeJsonLd } from '../../lib/event-json-ld.ts';

export function EventJsonLd({ event }: { event: Event }) {
  const json = useMemo(() => {
    try {
      return serializeJsonLd(eventJsonLd(event, { origin: window.location.origin }));
    } catch {
      return null; // a malformed date: no structured data rather than a broken page
    }
  }, [event]);
  if (!json) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
