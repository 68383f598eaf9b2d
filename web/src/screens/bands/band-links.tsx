// A band's ways out of the app: its website, Instagram, registration, and registration with a
// Fete ID (members only, and only when the band has that link). Used by the rows and the detail.
import { ExternalLink, useViewer } from '../../components/catalog/index.ts';
import type { Band } from '../../data/repos/bands.ts';
import { showFeteIdRegistration } from '../../lib/band-logic.ts';

export function BandLinks({ band, variant = 'small' }: { band: Band; variant?: 'small' | 'large' }) {
  const { signedIn } = useViewer();
  const size = variant === 'small' ? ' btn--small' : '';
  return (
    <>
      <ExternalLink href={band.website_url} className={`btn btn--ghost${size}`}>
        Website
      </ExternalLink>
      <ExternalLink href={band.instagram_url} className={`btn btn--ghost${size}`}>
        Instagram
      </ExternalLink>
      <ExternalLink href={band.registration_url} className={`btn btn--primary${size}`}>
        Register Now
      </ExternalLink>
      {showFeteIdRegistration(signedIn, band.fete_id_registration_url) && (
        <ExternalLink href={band.fete_id_registration_url} className={`btn btn--secondary${size}`} data-testid="fete-id-registration">
          Register with Fete ID
        </ExternalLink>
      )}
    </>
  );
}
