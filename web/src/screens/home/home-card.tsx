// The card every home row uses: a picture, a kicker, a title (a link that makes the whole card
// clickable when the item has a page here), a few facts and an optional footer.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { UploadBucket } from '../../../../design-docs/src/constants.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';

export const CARD_IMAGE = { width: 400, height: 250 } as const;

export interface HomeCardProps {
  title: string;
  /** The item's page in the app; none for market products, which live in external shops. */
  to?: string;
  image: string | null | undefined;
  bucket: UploadBucket;
  kicker?: string | null;
  /** Sits on the picture (a price). */
  badge?: string | null;
  facts?: ReactNode;
  footer?: ReactNode;
}

export function HomeCard({ title, to, image, bucket, kicker, badge, facts, footer }: HomeCardProps) {
  return (
    <li>
      <article className="card home-card">
        <div className="card__media">
          <FeteImage value={image} bucket={bucket} alt="" width={CARD_IMAGE.width} height={CARD_IMAGE.height} size="small" />
          {badge && <span className="price-badge">{badge}</span>}
        </div>
        <div className="card__body">
          {kicker && <p className="card__kicker">{kicker}</p>}
          <h3 className="card__title">
            {to ? (
              <Link to={to} className="card__link">
                {title}
              </Link>
            ) : (
              title
            )}
          </h3>
          {facts}
          {footer && <div className="card__footer">{footer}</div>}
        </div>
      </article>
    </li>
  );
}

/** One line of facts under the title, with its icon. */
export function CardFact({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <p className="card__meta">
      {icon}
      <span>{children}</span>
    </p>
  );
}
