// The traveller's tools: add the event to a calendar (an .ics made on the device), share its
// link, and get directions to it.
import { CalendarIcon, ExternalLink, PinIcon } from '../../components/catalog/index.ts';
import { useToast } from '../../components/ui/toast.tsx';
import type { Event } from '../../data/repos/events.ts';
import { directionsUrl } from '../../lib/directions.ts';
import { eventToIcs, icsFileName } from '../../lib/ics.ts';
import { LINK_COPIED_TEXT, browserShareDeps, itemUrl, shareLink } from '../../lib/share.ts';
import { downloadText } from './event-detail-download.ts';

export const CALENDAR_LABEL = 'Add to Calendar';
export const SHARE_LABEL = 'Share';
export const DIRECTIONS_LABEL = 'Get Directions';
export const CALENDAR_FAILED_TEXT = 'Could not make the calendar file';

function ShareIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

export function EventTools({ event }: { event: Event }) {
  const toast = useToast();
  const url = itemUrl(window.location.origin, 'events', event.id);
  const directions = directionsUrl(event);

  function addToCalendar() {
    try {
      downloadText(icsFileName(event.title), eventToIcs(event, { url, now: new Date() }), 'text/calendar;charset=utf-8');
    } catch {
      toast.error(CALENDAR_FAILED_TEXT);
    }
  }

  async function share() {
    const outcome = await shareLink({ title: event.title, text: `${event.title} on Fete`, url }, browserShareDeps());
    if (outcome === 'copied') toast.success(LINK_COPIED_TEXT);
    // The clipboard was refused too: the link, to copy by hand, until dismissed.
    else if (outcome === 'manual') toast.show({ message: `Copy this link: ${url}`, tone: 'info', durationMs: null });
  }

  return (
    <div className="detail__actions event-detail__tools">
      <button type="button" className="btn btn--secondary" onClick={addToCalendar} data-testid="add-to-calendar">
        <CalendarIcon /> {CALENDAR_LABEL}
      </button>
      <button type="button" className="btn btn--secondary" onClick={() => void share()} data-testid="share-event">
        <ShareIcon /> {SHARE_LABEL}
      </button>
      <ExternalLink href={directions} className="btn btn--secondary" data-testid="directions-link">
        <PinIcon /> {DIRECTIONS_LABEL}
      </ExternalLink>
    </div>
  );
}
