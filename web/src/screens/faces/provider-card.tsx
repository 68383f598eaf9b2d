// One provider on the Fete Faces list: round avatar, name (the card's link), rating to one
// decimal, 'state, country', the first two services then '+N'.
import { Link } from 'react-router-dom';
import { FeatureToggle, LikeButton, PinIcon, StarIcon } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { VisuallyHidden } from '../../components/ui/visually-hidden.tsx';
import { providerLocation } from '../../data/repos/providers.ts';
import type { Provider } from '../../data/repos/providers.ts';
import { formatRating } from '../../lib/format.ts';
import { cardServices } from '../../lib/provider-logic.ts';
import { providerName } from '../../lib/provider-name.ts';

export function ProviderCard({ provider, liked, featured }: { provider: Provider; liked: boolean; featured: boolean }) {
  const name = providerName(provider);
  const place = providerLocation(provider);
  const { visible, more } = cardServices(provider.services);
  return (
    <article className="card face-card" data-testid="provider-card">
      <div className="card__overlay">
        <FeatureToggle itemType="face" itemId={provider.id} itemName={name} featured={featured} />
        <LikeButton itemType="provider" itemId={provider.id} itemName={name} liked={liked} />
      </div>
      <div className="face-card__avatar">
        <FeteImage value={provider.avatar_url} bucket="avatars" alt="" width={120} height={120} size="small" />
      </div>
      <div className="card__body face-card__body">
        <h2 className="card__title">
          <Link className="card__link" to={`/fete-faces/${encodeURIComponent(provider.id)}`}>
            {name}
          </Link>
        </h2>
        <p className="face-card__rating" data-testid="provider-rating">
          <StarIcon filled size={18} />
          <VisuallyHidden>Rating </VisuallyHidden>
          <span>{formatRating(provider.rating)}</span>
        </p>
        {place && (
          <p className="card__meta face-card__place">
            <PinIcon size={16} />
            <span>{place}</span>
          </p>
        )}
        {visible.length > 0 && (
          <ul className="face-card__services" aria-label="Services">
            {visible.map((s) => (
              <li key={s} className="chip">
                {s}
              </li>
            ))}
            {more > 0 && (
              <li className="chip chip--more" data-testid="more-services">
                +{more}
                <VisuallyHidden> more</VisuallyHidden>
              </li>
            )}
          </ul>
        )}
      </div>
    </article>
  );
}
