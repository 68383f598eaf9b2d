// /events/{id}: every field of one event, like and attend, tickets, the members' discount and
// attendee list, and the travel tools (calendar, share, directions). Read from the device, so it
// opens offline once the catalogue has been pulled.
import { Link, useParams } from 'react-router-dom';
import { AttendeeList, DetailLoading, ItemNotFound, useDocumentTitle } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { useEvent } from '../../data/hooks/use-events.ts';
import type { Event } from '../../data/repos/events.ts';
import { TRAVEL_CATEGORIES } from '../../../../design-docs/src/constants.ts';
import { EventActions } from './event-detail-actions.tsx';
import { EventFacts } from './event-detail-facts.tsx';
import { EventLinks } from './event-detail-links.tsx';
import { EventJsonLd } from './event-detail-json-ld.tsx';
import { EventDiscount } from './event-detail-members.tsx';
import { EventTools } from './event-detail-tools.tsx';
import './event-detail.css';

export const EVENT_NOT_FOUND = 'Event not found';
export const EVENT_LOADING = 'Loading...';

const TRAVEL: readonly string[] = TRAVEL_CATEGORIES;

/** Festivals, carnivals and cruises are listed on Fete Travel (whose title is Fete Destinations). */
function backLink(event: Event): { to: string; label: string } {
  return event.category && TRAVEL.includes(event.category)
    ? { to: '/fete-travel', label: 'Back to Fete Destinations' }
    : { to: '/fete-guide', label: 'Back to Fete Guide' };
}

export function EventDetailScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const { phase, item: event, offline } = useEvent(id);
  useDocumentTitle(event?.title);

  if (phase === 'loading') return <DetailLoading text={EVENT_LOADING} />;
  if (phase === 'not-found' || !event) return <ItemNotFound text={EVENT_NOT_FOUND} backTo="/fete-guide" backLabel="Back to Fete Guide" offline={offline} />;

  const back = backLink(event);
  return (
    <article className="detail event-detail" aria-labelledby="event-title">
      <Link to={back.to} className="btn btn--ghost btn--small detail__back">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <div className="detail__hero">
        <FeteImage value={event.image_url} bucket="events-images" alt={event.title} width={1200} height={600} priority />
      </div>
      <header className="detail__header">
        <div className="event-detail__heading">
          {event.category && <p className="card__kicker" data-testid="event-category">{event.category}</p>}
          <h1 id="event-title">{event.title}</h1>
        </div>
        <EventActions event={event} />
      </header>
      <EventFacts event={event} />
      <EventLinks event={event} />
      <EventTools event={event} />
      <EventDiscount eventId={event.id} />
      {event.description?.trim() && (
        <section className="detail__section" aria-labelledby="event-about">
          <h2 id="event-about">About this event</h2>
          <p className="event-detail__description">{event.description}</p>
        </section>
      )}
      <AttendeeList target="event" id={event.id} />
      <EventJsonLd event={event} />
    </article>
  );
}
