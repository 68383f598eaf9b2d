// A provider's page (/fete-faces/:id): who they are, their rating, where they work, how to book,
// their services and the 'Clients' gallery.
import { Link, useParams } from 'react-router-dom';
import { DetailLoading, ExternalLink, ItemNotFound, LikeButton, PinIcon, StarRating, safeExternalUrl, useDocumentTitle } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useProvider } from '../../data/hooks/use-providers.ts';
import type { Provider } from '../../data/repos/providers.ts';
import { formatRating, formatRatingCount, joinPlace } from '../../lib/format.ts';
import { providerName } from '../../lib/provider-name.ts';
import { ProviderClients } from './provider-clients.tsx';
import './faces.css';

export function ProviderDetailScreen() {
  const { id = '' } = useParams();
  const { phase, item, offline } = useProvider(id);
  useDocumentTitle(item ? providerName(item) : null);

  if (phase === 'loading') return <DetailLoading text="Loading provider details..." />;
  if (!item) return <ItemNotFound text="Provider not found" backTo="/fete-faces" backLabel="Back to Fete Faces" offline={offline} />;
  return <ProviderDetail provider={item} />;
}

function ProviderDetail({ provider: p }: { provider: Provider }) {
  const name = providerName(p);
  const place = joinPlace(p.location, p.state, p.country);
  const services = (p.services ?? []).filter((s) => s.trim() !== '');
  return (
    <article className="page detail face-detail" aria-labelledby="provider-name">
      <Link to="/fete-faces" className="btn btn--ghost detail__back">
        <span aria-hidden="true">←</span> Back to Fete Faces
      </Link>

      <header className="face-detail__header">
        <FeteImage className="face-detail__avatar" value={p.avatar_url} bucket="avatars" alt={`Photo of ${name}`} width={160} height={160} priority />
        <div className="face-detail__intro">
          <div className="face-detail__title">
            <h1 id="provider-name">{name}</h1>
            <LikeButton itemType="provider" itemId={p.id} itemName={name} />
          </div>
          <div className="face-detail__rating">
            <StarRating targetType="provider" targetId={p.id} average={p.rating ?? 0} />
            <p className="rating-summary" data-testid="provider-rating-summary">
              <strong>{formatRating(p.rating)}</strong>
              <span aria-hidden="true">·</span>
              <span>{formatRatingCount(p.total_ratings)}</span>
            </p>
          </div>
          <div className="detail__actions">
            {safeExternalUrl(p.booking_url) ? (
              <ExternalLink className="btn btn--primary" href={p.booking_url}>
                Book Now
              </ExternalLink>
            ) : (
              <Button variant="secondary" disabled>
                Booking Coming Soon
              </Button>
            )}
            <ExternalLink className="btn btn--secondary" href={p.instagram_url}>
              Follow on Instagram
            </ExternalLink>
          </div>
        </div>
      </header>

      {place && (
        <dl className="detail__facts">
          <div>
            <dt>Service Location</dt>
            <dd className="face-detail__place">
              <PinIcon size={16} />
              <span>{place}</span>
            </dd>
          </div>
        </dl>
      )}

      {p.bio?.trim() && (
        <section className="detail__section" aria-labelledby="about-title">
          <h2 id="about-title">About</h2>
          <p className="face-detail__bio">{p.bio}</p>
        </section>
      )}

      {services.length > 0 && (
        <section className="detail__section" aria-labelledby="services-title">
          <h2 id="services-title">Services</h2>
          <ul className="face-detail__services">
            {services.map((s) => (
              <li key={s} className="chip">
                {s}
              </li>
            ))}
          </ul>
        </section>
      )}

      <ProviderClients provider={p} name={name} />
    </article>
  );
}
