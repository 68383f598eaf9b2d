// The sign-up call to action, for visitors only. Until the session is restored at start-up it
// shows nothing, so a signed-in member never sees it flash.
import { Link } from 'react-router-dom';
import { useSessionReady } from '../../data/session-ready.ts';
import { useViewer } from '../../components/catalog/index.ts';

export const CTA_TEXT = 'Become a Traveller';

export function TravellerCta() {
  const { signedIn } = useViewer();
  const ready = useSessionReady();
  if (signedIn || !ready) return null;
  return (
    <Link to="/signup" className="btn home-cta" data-testid="home-cta">
      {CTA_TEXT}
    </Link>
  );
}
