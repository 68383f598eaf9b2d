// What only members see: the event's current discount code and who is attending. Both live in
// the members database, which a visitor does not have at all.
import { Link, useLocation } from 'react-router-dom';
import { LoadMore, usePagedList, useViewer } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { useDataLayer, useLiveQuery } from '../../data/react.ts';
import type { Attendee } from '../../data/repos/attendance.ts';
import { fullName } from '../../data/repos/profiles.ts';

export const ATTENDEES_TITLE = "Who's Attending";
export const NO_ATTENDEES_TEXT = 'No one has marked attendance yet.';
export const ATTENDEES_SIGN_IN_TEXT = "to see who's attending.";

export function EventDiscount({ eventId }: { eventId: string }) {
  const data = useDataLayer();
  const { signedIn } = useViewer();
  const { data: discount } = useLiveQuery(
    () => (signedIn ? data.eventDiscounts.current(eventId) : Promise.resolve(null)),
    [eventId, signedIn],
    { dbs: ['members'] },
  );
  if (!signedIn || !discount) return null;
  return (
    <section className="detail__section event-detail__discount" aria-labelledby="event-discount-title" data-testid="event-discount">
      <h2 id="event-discount-title">Fete ID Discount</h2>
      <p className="event-detail__discount-offer">
        <strong data-testid="discount-percentage">{discount.percentage}% off</strong> with code{' '}
        <code className="event-detail__code" data-testid="discount-code">
          {discount.code}
        </code>
      </p>
      {discount.description?.trim() && <p data-testid="discount-description">{discount.description}</p>}
    </section>
  );
}

const NONE: Attendee[] = [];

export function EventAttendees({ eventId }: { eventId: string }) {
  const data = useDataLayer();
  const location = useLocation();
  const { signedIn } = useViewer();
  const { data: attendees } = useLiveQuery(
    () => (signedIn ? data.attendance.attendees('event', eventId) : Promise.resolve([])),
    [eventId, signedIn],
    { dbs: ['members'] },
  );
  // A big event can have thousands: the page renders them a page at a time.
  const paged = usePagedList(attendees ?? NONE, eventId);

  return (
    <section className="detail__section" aria-labelledby="event-attendees-title" data-testid="event-attendees">
      <h2 id="event-attendees-title">{ATTENDEES_TITLE}</h2>
      {!signedIn ? (
        // Decision: members' names are for members; a visitor gets an invitation instead.
        <p className="event-detail__muted">
          <Link to="/signin" state={{ from: location }}>
            Sign in
          </Link>{' '}
          {ATTENDEES_SIGN_IN_TEXT}
        </p>
      ) : attendees === undefined ? null : attendees.length === 0 ? (
        <p className="event-detail__muted">{NO_ATTENDEES_TEXT}</p>
      ) : (
        <>
          <p className="event-detail__muted">{attendees.length === 1 ? '1 person attending' : `${attendees.length} people attending`}</p>
          <ul className="event-detail__attendees">
            {paged.visible.map((a) => (
              <li key={a.user_id} className="event-detail__attendee">
                <FeteImage value={a.avatar_url} bucket="avatars" alt="" width={40} height={40} size="small" className="event-detail__avatar" />
                <span>{fullName(a) || 'Fete member'}</span>
              </li>
            ))}
          </ul>
          <LoadMore paged={paged} noun="attendees" />
        </>
      )}
    </section>
  );
}
