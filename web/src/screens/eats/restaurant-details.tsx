// The restaurant itself: its facts, today's discount, links out, the map, photos and menu.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink, LikeButton } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { LocationMap } from '../../components/map/index.ts';
import { activeMenu, activePhotos, currentDiscount } from '../../data/repos/restaurants.ts';
import type { Restaurant } from '../../data/repos/restaurants.ts';
import { directionsUrl } from '../../lib/directions.ts';
import { RestaurantDiscountNote } from './restaurant-discount.tsx';
import { RestaurantMenu } from './restaurant-menu.tsx';
import { RestaurantPhotos } from './restaurant-photos.tsx';
import { addressText, hoursText } from './restaurant-text.ts';

export function RestaurantDetails({ restaurant: r }: { restaurant: Restaurant }) {
  const photos = useMemo(() => activePhotos(r), [r]);
  const menu = useMemo(() => activeMenu(r), [r]);
  // "Now" is when the page renders: an offer ending tonight is gone on the next visit.
  const discount = useMemo(() => currentDiscount(r, new Date()), [r]);
  const address = addressText(r);
  const hours = hoursText(r);
  const directions = directionsUrl(r);

  return (
    <article className="detail eats-detail" aria-labelledby="restaurant-name">
      <Link to="/fete-eats" className="btn btn--ghost btn--small detail__back">
        ← Back to Fete Eats
      </Link>
      <div className="detail__hero">
        <FeteImage value={r.image_url} bucket="restaurant-images" alt={r.name} width={1200} height={500} priority />
      </div>
      <header className="detail__header">
        <div className="eats-detail__title">
          <h1 id="restaurant-name">{r.name}</h1>
          {r.price_range && (
            <span className="price-badge" data-testid="price-range">
              {r.price_range}
            </span>
          )}
        </div>
        <LikeButton itemType="restaurant" itemId={r.id} itemName={r.name} />
      </header>

      <dl className="detail__facts">
        {r.cuisine && (
          <div>
            <dt>Cuisine</dt>
            <dd>{r.cuisine}</dd>
          </div>
        )}
        {r.price_range && (
          <div>
            <dt>Price Range</dt>
            <dd>{r.price_range}</dd>
          </div>
        )}
        {hours && (
          <div>
            <dt>Hours</dt>
            <dd data-testid="restaurant-hours">{hours}</dd>
          </div>
        )}
        {address && (
          <div>
            <dt>Location</dt>
            <dd>{address}</dd>
          </div>
        )}
      </dl>

      {r.description && <p className="eats-detail__description">{r.description}</p>}

      <div className="detail__actions" data-testid="restaurant-links">
        <ExternalLink href={r.eat_now_url} className="btn btn--primary">
          Eat Now
        </ExternalLink>
        <ExternalLink href={r.website_url} className="btn btn--secondary">
          Website
        </ExternalLink>
        <ExternalLink href={r.instagram_url} className="btn btn--secondary">
          Instagram
        </ExternalLink>
        <ExternalLink href={directions} className="btn btn--secondary">
          Get Directions
        </ExternalLink>
      </div>

      {discount && <RestaurantDiscountNote discount={discount} />}

      <section className="detail__section" aria-labelledby="restaurant-map-title">
        <h2 id="restaurant-map-title">Location</h2>
        <LocationMap name={r.name} latitude={r.latitude} longitude={r.longitude} address={address} />
      </section>

      {photos.length > 0 && <RestaurantPhotos photos={photos} name={r.name} />}
      {menu.length > 0 && <RestaurantMenu items={menu} />}
    </article>
  );
}
