// The grid view's large row: picture, name, dates, place, description, the band's links and
// 'View Band Details'. The name is the card's stretched link; the buttons sit above it.
import { Link } from 'react-router-dom';
import { CalendarIcon, FeatureToggle, LikeButton, PinIcon } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import type { Band } from '../../data/repos/bands.ts';
import { joinPlace } from '../../lib/format.ts';
import { BandLinks } from './band-links.tsx';
import { bandDates } from '../../lib/band-logic.ts';

export interface BandCardProps {
  band: Band;
  liked: boolean;
  featured: boolean;
}

export function BandRow({ band, liked, featured }: BandCardProps) {
  const dates = bandDates(band);
  const place = joinPlace(band.location, band.country);
  return (
    <article className="card card--row band-row" data-testid="band-card">
      <div className="card__media band-row__media">
        <FeteImage value={band.image_url} bucket="band-images" alt={band.name} width={320} height={240} size="small" />
        <div className="card__overlay">
          <FeatureToggle itemType="band" itemId={band.id} itemName={band.name} featured={featured} />
          <LikeButton itemType="band" itemId={band.id} itemName={band.name} liked={liked} />
        </div>
      </div>
      <div className="card__body">
        {band.year ? <p className="card__kicker">{band.year}</p> : null}
        <h2 className="card__title">
          <Link className="card__link" to={`/bands/${encodeURIComponent(band.id)}`}>
            {band.name}
          </Link>
        </h2>
        {dates && (
          <p className="card__meta">
            <CalendarIcon /> <span data-testid="band-dates">{dates}</span>
          </p>
        )}
        {place && (
          <p className="card__meta">
            <PinIcon /> <span>{place}</span>
          </p>
        )}
        {band.description && <p className="band-row__description">{band.description}</p>}
        <div className="card__footer">
          <BandLinks band={band} />
          <Link className="btn btn--secondary btn--small" to={`/bands/${encodeURIComponent(band.id)}`}>
            View Band Details
          </Link>
        </div>
      </div>
    </article>
  );
}
