// The list view's compact row: a thumbnail, the name (the link to the details), dates and place.
import { Link } from 'react-router-dom';
import { FeatureToggle, LikeButton } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { joinPlace } from '../../lib/format.ts';
import type { BandCardProps } from './band-row.tsx';
import { bandDates } from '../../lib/band-logic.ts';

export function BandCompact({ band, liked, featured }: BandCardProps) {
  const dates = bandDates(band);
  const place = joinPlace(band.location, band.country);
  return (
    <article className="card card--row band-compact" data-testid="band-card">
      <div className="card__media band-compact__media">
        <FeteImage value={band.image_url} bucket="band-images" alt="" width={96} height={72} size="small" />
      </div>
      <div className="card__body band-compact__body">
        <h2 className="card__title band-compact__title">
          <Link className="card__link" to={`/bands/${encodeURIComponent(band.id)}`}>
            {band.name}
          </Link>
        </h2>
        {dates && <p className="card__meta" data-testid="band-dates">{dates}</p>}
        {place && <p className="card__meta">{place}</p>}
      </div>
      <div className="band-compact__actions">
        <FeatureToggle itemType="band" itemId={band.id} itemName={band.name} featured={featured} />
        <LikeButton itemType="band" itemId={band.id} itemName={band.name} liked={liked} />
      </div>
    </article>
  );
}
