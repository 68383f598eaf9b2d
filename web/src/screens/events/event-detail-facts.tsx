// The event's facts: when, where, price and capacity, in the spec's long US dates and 12-hour
// times. The organiser is not shown: visitors have no organiser profile to go to.
import { CalendarIcon, ClockIcon, PinIcon } from '../../components/catalog/index.ts';
import type { Event } from '../../data/repos/events.ts';
import { formatDateRange, formatTimeRange } from '../../lib/dates.ts';
import { placeLabel } from '../../lib/directions.ts';
import { eventPriceLabel } from '../../components/catalog/event-list-format.ts';
import { formatCount } from '../../lib/format.ts';

export function EventFacts({ event }: { event: Event }) {
  const time = formatTimeRange(event.start_time, event.end_time);
  const region = placeLabel(event.state, event.country);
  const price = eventPriceLabel(event.price);
  const capacity = typeof event.capacity === 'number' && event.capacity > 0 ? formatCount(event.capacity) : null;
  return (
    <dl className="detail__facts event-detail__facts">
      <div>
        <dt>
          <CalendarIcon /> Date
        </dt>
        <dd data-testid="event-date">{formatDateRange(event.date, event.end_date)}</dd>
      </div>
      {time && (
        <div>
          <dt>
            <ClockIcon /> Time
          </dt>
          <dd data-testid="event-time">{time}</dd>
        </div>
      )}
      <div>
        <dt>
          <PinIcon /> Location
        </dt>
        <dd>
          <span className="event-detail__place" data-testid="event-location">{event.location}</span>
          {region && <span className="event-detail__region" data-testid="event-region">{region}</span>}
        </dd>
      </div>
      {price && (
        <div>
          <dt>Price</dt>
          <dd data-testid="event-price">{price}</dd>
        </div>
      )}
      {capacity && (
        <div>
          <dt>Capacity</dt>
          <dd data-testid="event-capacity">{capacity}</dd>
        </div>
      )}
    </dl>
  );
}
