// One event on the Fete Guide and Fete Travel lists, as a grid card or a list row. Liked and
// featured state come from the list (one query each for the whole list), so a card runs no
// database query of its own; memo keeps unchanged cards out of a keystroke's re-render.
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { CalendarIcon, CarIcon, ClockIcon, FeatureToggle, LikeButton, PinIcon } from '../../components/catalog/index.ts';
import type { ListView } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import type { Event } from '../../data/repos/events.ts';
import { eventDateText, eventTimeText } from './event-list-dates.ts';
import { eventPlaceLabel, eventPriceLabel, rideHref } from '../../components/catalog/event-list-format.ts';

export const RIDE_TOOLTIP = 'FeteRide Available';

export interface EventCardProps {
  event: Event;
  view: ListView;
  liked: boolean;
  /** Null: no star. Fete Travel's cards have none, since featuring plays no part in its home row. */
  featured: boolean | null;
}

export const EventCard = memo(function EventCard({ event, view, liked, featured }: EventCardProps) {
  const price = eventPriceLabel(event.price);
  const place = eventPlaceLabel(event.state, event.country);
  const times = eventTimeText(event.start_time, event.end_time);
  const ride = rideHref(event.fete_ride_url);
  return (
    <article className={`card event-card${view === 'list' ? ' card--row event-card--row' : ''}`} data-testid="event-card" data-event-id={event.id}>
      <div className="card__media">
        <FeteImage value={event.image_url} bucket="events-images" alt="" width={480} height={300} size="small" />
        {price && <span className="price-badge">{price}</span>}
      </div>
      <div className="card__body">
        {place && <p className="card__kicker">{place}</p>}
        <h2 className="card__title">
          <Link className="card__link" to={`/events/${encodeURIComponent(event.id)}`}>
            {event.title}
          </Link>
        </h2>
        {event.date && (
          <p className="card__meta">
            <CalendarIcon />
            <span>{eventDateText(event.date, event.end_date)}</span>
          </p>
        )}
        {times && (
          <p className="card__meta">
            <ClockIcon />
            <span>{times}</span>
          </p>
        )}
        {event.location && (
          <p className="card__meta">
            <PinIcon />
            <span>{event.location}</span>
          </p>
        )}
        {ride && (
          <div className="card__footer">
            <a className="event-card__ride" href={ride} target="_blank" rel="noopener noreferrer" title={RIDE_TOOLTIP} aria-label={`${RIDE_TOOLTIP} (opens in a new tab)`}>
              <CarIcon size={22} />
            </a>
          </div>
        )}
      </div>
      <div className="card__overlay">
        <LikeButton itemType="event" itemId={event.id} itemName={event.title} liked={liked} />
        {featured !== null && <FeatureToggle itemType="event" itemId={event.id} itemName={event.title} featured={featured} />}
      </div>
    </article>
  );
});
