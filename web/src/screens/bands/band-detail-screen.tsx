// A band's page (/bands/:id): its details and links, like, attend or cancel, the average rating
// with the member's own one-to-five stars, and who is going.
import { Link, useParams } from 'react-router-dom';
import {
  AttendButton,
  AttendeeList,
  DetailLoading,
  FeatureToggle,
  ItemNotFound,
  LikeButton,
  StarIcon,
  StarRating,
  useDocumentTitle,
  useFeaturedIds,
} from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { useBand } from '../../data/hooks/use-bands.ts';
import type { Band } from '../../data/repos/bands.ts';
import { formatRating, formatRatingCount } from '../../lib/format.ts';
import { BandLinks } from './band-links.tsx';
import { bandDates, bandRegion } from '../../lib/band-logic.ts';
import './bands.css';

const BACK_TO = '/fete-destinations';
const BACK_LABEL = 'Back to Fete Band';

export function BandDetailScreen() {
  const { id = '' } = useParams();
  const { phase, item, offline } = useBand(id);
  useDocumentTitle(item?.name);

  if (phase === 'loading') return <DetailLoading text="Loading..." />;
  if (!item) return <ItemNotFound text="Band not found" backTo={BACK_TO} backLabel={BACK_LABEL} offline={offline} />;
  return <BandDetail band={item} />;
}

function BandDetail({ band }: { band: Band }) {
  const featured = useFeaturedIds('band');
  const dates = bandDates(band);
  const region = bandRegion(band);
  return (
    <article className="page detail band-detail" aria-labelledby="band-title">
      <Link to={BACK_TO} className="btn btn--ghost btn--small detail__back">
        <span aria-hidden="true">← </span>
        {BACK_LABEL}
      </Link>
      <div className="detail__hero">
        <FeteImage value={band.image_url} bucket="band-images" alt={band.name} width={1200} height={520} priority />
      </div>

      <header className="detail__header">
        <div className="band-detail__title">
          {band.year ? <p className="card__kicker">{band.year}</p> : null}
          <h1 id="band-title">{band.name}</h1>
          <p className="rating-summary" data-testid="band-rating">
            <StarIcon filled size={18} />
            <strong>{formatRating(band.rating)}</strong>
            <span>({formatRatingCount(band.total_ratings)})</span>
          </p>
        </div>
        <div className="detail__actions">
          <FeatureToggle itemType="band" itemId={band.id} itemName={band.name} featured={featured.has(band.id)} />
          <LikeButton itemType="band" itemId={band.id} itemName={band.name} />
          <AttendButton targetType="band" targetId={band.id} />
        </div>
      </header>

      <dl className="detail__facts">
        {dates && (
          <div>
            <dt>Dates</dt>
            <dd data-testid="band-dates">{dates}</dd>
          </div>
        )}
        {band.location && (
          <div>
            <dt>Location</dt>
            <dd>{band.location}</dd>
          </div>
        )}
        {region && (
          <div>
            <dt>State and Country</dt>
            <dd>{region}</dd>
          </div>
        )}
        {band.year ? (
          <div>
            <dt>Year</dt>
            <dd>{band.year}</dd>
          </div>
        ) : null}
      </dl>

      <div className="detail__actions">
        <BandLinks band={band} variant="large" />
      </div>

      {band.description && (
        <section className="detail__section" aria-labelledby="band-about-title">
          <h2 id="band-about-title">About</h2>
          <p className="band-detail__description">{band.description}</p>
        </section>
      )}

      <section className="detail__section" aria-labelledby="band-rate-title">
        <h2 id="band-rate-title">Rate this Band</h2>
        <StarRating targetType="band" targetId={band.id} average={band.rating} />
      </section>

      <AttendeeList target="band" id={band.id} />
    </article>
  );
}
