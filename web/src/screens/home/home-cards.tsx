// The five kinds of home card: what each item shows, on the shared HomeCard.
import { CalendarIcon, ClockIcon, ExternalLink, PinIcon, StarIcon } from '../../components/catalog/index.ts';
import { VisuallyHidden } from '../../components/ui/visually-hidden.tsx';
import type { Band } from '../../data/repos/bands.ts';
import type { Event } from '../../data/repos/events.ts';
import type { Product } from '../../data/repos/products.ts';
import { providerLocation } from '../../data/repos/providers.ts';
import type { Provider } from '../../data/repos/providers.ts';
import type { Restaurant } from '../../data/repos/restaurants.ts';
import { formatDateRange, formatTimeRange } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { eventPriceLabel } from '../../components/catalog/event-list-format.ts';
import { formatRating, formatRatingCount, joinPlace } from '../../lib/format.ts';
import { cardServices } from '../../lib/provider-logic.ts';
import { CardFact, HomeCard } from './home-card.tsx';

export function BandCard({ band }: { band: Band }) {
  return (
    <HomeCard
      title={band.name}
      to={`/bands/${encodeURIComponent(band.id)}`}
      image={band.image_url}
      bucket="band-images"
      kicker={band.year ? `Carnival ${band.year}` : 'Carnival band'}
      facts={
        <>
          {band.start_date && <CardFact icon={<CalendarIcon />}>{formatDateRange(band.start_date, band.end_date)}</CardFact>}
          {joinPlace(band.location, band.country) && <CardFact icon={<PinIcon />}>{joinPlace(band.location, band.country)}</CardFact>}
        </>
      }
    />
  );
}

/** Event picks and destinations alike: both open the event's page. */
export function EventCard({ event }: { event: Event }) {
  const time = formatTimeRange(event.start_time, event.end_time);
  const place = joinPlace(event.state, event.country);
  return (
    <HomeCard
      title={event.title}
      to={`/events/${encodeURIComponent(event.id)}`}
      image={event.image_url}
      bucket="events-images"
      kicker={event.category}
      badge={eventPriceLabel(event.price)}
      facts={
        <>
          <CardFact icon={<CalendarIcon />}>{formatDateRange(event.date, event.end_date)}</CardFact>
          {time && <CardFact icon={<ClockIcon />}>{time}</CardFact>}
          {place && <CardFact icon={<PinIcon />}>{place}</CardFact>}
        </>
      }
    />
  );
}

export function ProductCard({ product }: { product: Product }) {
  return (
    <HomeCard
      title={product.name}
      image={product.image_url}
      bucket="market-images"
      kicker={product.brand}
      facts={<p className="home-card__price">{formatMoney(product.price)}</p>}
      footer={
        <ExternalLink href={product.external_url} className="btn btn--primary btn--small">
          Shop Now<VisuallyHidden>: {product.name}</VisuallyHidden>
        </ExternalLink>
      }
    />
  );
}

export function RestaurantCard({ restaurant }: { restaurant: Restaurant }) {
  const hours = formatTimeRange(restaurant.opening_time, restaurant.closing_time);
  const place = joinPlace(restaurant.state, restaurant.country);
  return (
    <HomeCard
      title={restaurant.name}
      to={`/restaurants/${encodeURIComponent(restaurant.id)}`}
      image={restaurant.image_url}
      bucket="restaurant-images"
      kicker={[restaurant.cuisine, restaurant.price_range].filter(Boolean).join(' · ')}
      facts={
        <>
          {place && <CardFact icon={<PinIcon />}>{place}</CardFact>}
          {hours && <CardFact icon={<ClockIcon />}>{hours}</CardFact>}
        </>
      }
    />
  );
}

export function ProviderCard({ provider }: { provider: Provider }) {
  const { visible, more } = cardServices(provider.services);
  const place = providerLocation(provider);
  return (
    <HomeCard
      title={`${provider.first_name} ${provider.last_name}`}
      to={`/fete-faces/${encodeURIComponent(provider.id)}`}
      image={provider.avatar_url}
      bucket="avatars"
      facts={
        <>
          <p className="rating-summary">
            <StarIcon filled size={18} />
            <strong>{formatRating(provider.rating)}</strong>
            <span>({formatRatingCount(provider.total_ratings)})</span>
          </p>
          {place && <CardFact icon={<PinIcon />}>{place}</CardFact>}
          {visible.length > 0 && (
            <p className="home-card__chips">
              {visible.map((s) => (
                <span key={s} className="chip">
                  {s}
                </span>
              ))}
              {more > 0 && <span className="chip">+{more}</span>}
            </p>
          )}
        </>
      }
    />
  );
}
