// A restaurant in the Fete Eats list: the whole card opens its page through the name link; the
// heart and the admin's star sit above that link.
import { Link } from 'react-router-dom';
import { ClockIcon, FeatureToggle, LikeButton, PinIcon } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { VisuallyHidden } from '../../components/ui/index.ts';
import type { Restaurant } from '../../data/repos/restaurants.ts';
import { hoursText, regionText } from './restaurant-text.ts';

export function RestaurantCard({ restaurant: r, liked, featured }: { restaurant: Restaurant; liked: boolean; featured: boolean }) {
  const hours = hoursText(r);
  const region = regionText(r);
  return (
    <article className="card eats-card" data-testid="restaurant-card">
      <div className="card__media">
        <FeteImage value={r.image_url} bucket="restaurant-images" alt="" width={480} height={300} size="small" />
        {r.price_range && (
          <span className="price-badge" data-testid="price-range">
            <VisuallyHidden>Price range </VisuallyHidden>
            {r.price_range}
          </span>
        )}
        <div className="card__overlay">
          <FeatureToggle itemType="restaurant" itemId={r.id} itemName={r.name} featured={featured} />
          <LikeButton itemType="restaurant" itemId={r.id} itemName={r.name} liked={liked} />
        </div>
      </div>
      <div className="card__body">
        {region && <p className="card__kicker">{region}</p>}
        <h2 className="card__title">
          <Link className="card__link" to={`/restaurants/${encodeURIComponent(r.id)}`}>
            {r.name}
          </Link>
        </h2>
        {r.cuisine && <p className="eats-card__cuisine"><span className="chip">{r.cuisine}</span></p>}
        {hours && (
          <p className="card__meta" data-testid="restaurant-hours">
            <ClockIcon />
            <span>{hours}</span>
          </p>
        )}
        {r.location && (
          <p className="card__meta">
            <PinIcon />
            <span>{r.location}</span>
          </p>
        )}
      </div>
    </article>
  );
}
