// The ads of one position, in their order: a picture with a title and description, the whole
// of it a link to the advertiser (a new tab).
import { safeExternalUrl } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { VisuallyHidden } from '../../components/ui/visually-hidden.tsx';
import type { Ad } from '../../data/repos/home.ts';

function AdBody({ ad }: { ad: Ad }) {
  return (
    <>
      {ad.image_url && (
        <span className="home-ad__media">
          {/* Site artwork, like the hero, lives in events-images. */}
          <FeteImage value={ad.image_url} bucket="events-images" alt="" width={320} height={180} size="small" />
        </span>
      )}
      <span className="home-ad__text">
        <span className="home-ad__label">Sponsored</span>
        {ad.title && <span className="home-ad__title">{ad.title}</span>}
        {ad.description && <span className="home-ad__description">{ad.description}</span>}
      </span>
    </>
  );
}

export function HomeAds({ ads, position }: { ads: readonly Ad[]; position: string }) {
  if (ads.length === 0) return null;
  return (
    <div className="home-ads" data-testid={`ads-${position}`}>
      {ads.map((ad) => {
        const href = safeExternalUrl(ad.link_url);
        return (
          <div key={ad._id} className="home-ad" data-testid="home-ad">
            {href ? (
              <a className="home-ad__link" href={href} target="_blank" rel="noopener noreferrer sponsored">
                <AdBody ad={ad} />
                <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </a>
            ) : (
              <div className="home-ad__link">
                <AdBody ad={ad} />
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
