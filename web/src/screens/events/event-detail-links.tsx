// Tickets, the Fete ID ticket button, FeteRide and Instagram. Links out open a new tab; a ride
// link inside the app (the demo's /fete-rides) stays in it.
import { Link } from 'react-router-dom';
import { CarIcon, ExternalLink, safeExternalUrl, useViewer } from '../../components/catalog/index.ts';
import { Button } from '../../components/ui/button.tsx';
import type { Event } from '../../data/repos/events.ts';

export const BUY_TICKETS_LABEL = 'Buy Tickets';
export const FETE_ID_SIGN_IN_TEXT = 'Please sign in to purchase tickets with Fete ID';
export const FETE_ID_BUY_LABEL = 'Buy with Fete ID';
export const RIDE_LABEL = 'FeteRide Available';
export const INSTAGRAM_LABEL = 'Follow on Instagram';

/** An in-app path ("/fete-rides") or an http(s) link; anything else is no link. */
export function linkTarget(value: string | null | undefined): { internal: string } | { external: string } | null {
  const v = value?.trim();
  if (!v) return null;
  if (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) return { internal: v };
  const url = safeExternalUrl(v);
  return url ? { external: url } : null;
}

function FeteIdTicket({ url }: { url: string | null | undefined }) {
  const { signedIn } = useViewer();
  // Decision: no Fete ID link, no button, for anyone (as 'Register with Fete ID' on bands).
  if (!safeExternalUrl(url)) return null;
  if (!signedIn) {
    return (
      <Button variant="secondary" disabled data-testid="fete-id-ticket">
        {FETE_ID_SIGN_IN_TEXT}
      </Button>
    );
  }
  return (
    <ExternalLink href={url} className="btn btn--primary event-detail__fete-id" data-testid="fete-id-ticket">
      {FETE_ID_BUY_LABEL}
    </ExternalLink>
  );
}

function RideLink({ url }: { url: string | null | undefined }) {
  const target = linkTarget(url);
  if (!target) return null;
  const body = (
    <>
      <CarIcon /> {RIDE_LABEL}
    </>
  );
  return 'internal' in target ? (
    <Link to={target.internal} className="btn btn--secondary" data-testid="ride-link">
      {body}
    </Link>
  ) : (
    <ExternalLink href={target.external} className="btn btn--secondary" data-testid="ride-link">
      {body}
    </ExternalLink>
  );
}

export function EventLinks({ event }: { event: Event }) {
  const any = [event.ticket_url, event.fete_id_ticket_url, event.fete_ride_url, event.instagram_url].some((u) => linkTarget(u) !== null);
  if (!any) return null;
  return (
    <div className="detail__actions event-detail__links">
      <ExternalLink href={event.ticket_url} className="btn btn--primary" data-testid="ticket-link">
        {BUY_TICKETS_LABEL}
      </ExternalLink>
      <FeteIdTicket url={event.fete_id_ticket_url} />
      <RideLink url={event.fete_ride_url} />
      <ExternalLink href={event.instagram_url} className="btn btn--ghost" data-testid="instagram-link">
        {INSTAGRAM_LABEL}
      </ExternalLink>
    </div>
  );
}
