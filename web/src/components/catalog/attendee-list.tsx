// Who is going to an event or with a band: one component for both, so
// the two detail pages show attendees alike. Names and avatars are members' data: the view
// reads the members database, which a visitor does not have, so a visitor is invited to sign
// in instead. Live: attending adds you at once. A big event can have thousands, so the list
// renders a page at a time.
import { Link, useLocation } from 'react-router-dom';
import { useAttendees } from '../../data/hooks/use-attendance.ts';
import type { Attendee } from '../../data/repos/attendance.ts';
import type { AttendanceTargetType } from '../../../../design-docs/src/constants.ts';
import { fullName } from '../../data/repos/profiles.ts';
import { FeteImage } from '../image/fete-image.tsx';
import { LoadMore } from './load-more.tsx';
import { usePagedList } from './paged-list.ts';
import { useViewer } from './use-viewer.ts';

export const ATTENDEES_TITLE = "Who's Going";
export const ATTENDEES_SIGN_IN_TEXT = "to see who's going.";
export const NO_ATTENDEES_TEXT = 'No one has marked attendance yet.';

export function attendeeCountText(n: number): string {
  return n === 1 ? '1 person going' : `${n} people going`;
}

export function attendeeName(a: Attendee): string {
  return fullName(a) || 'Fete member';
}

const NONE: Attendee[] = [];

export function AttendeeList({ target, id }: { target: AttendanceTargetType; id: string }) {
  const location = useLocation();
  const { signedIn } = useViewer();
  const { data: attendees } = useAttendees(target, id, signedIn);
  const paged = usePagedList(attendees ?? NONE, `${target}:${id}`);
  const titleId = `attendees-title-${target}`;

  return (
    <section className="detail__section attendees" aria-labelledby={titleId} data-testid="attendees">
      <h2 id={titleId}>{ATTENDEES_TITLE}</h2>
      {!signedIn ? (
        <p className="attendees__note">
          <Link to="/signin" state={{ from: location }}>
            Sign in
          </Link>{' '}
          {ATTENDEES_SIGN_IN_TEXT}
        </p>
      ) : attendees === undefined ? (
        <p className="attendees__note">Loading...</p>
      ) : attendees.length === 0 ? (
        <p className="attendees__note">{NO_ATTENDEES_TEXT}</p>
      ) : (
        <>
          <p className="attendees__note">{attendeeCountText(attendees.length)}</p>
          <ul className="attendees__list">
            {paged.visible.map((a) => (
              <li key={a.user_id} className="attendees__person">
                <FeteImage value={a.avatar_url} bucket="avatars" alt="" width={40} height={40} size="thumb" className="attendees__avatar" />
                <span className="attendees__name">{attendeeName(a)}</span>
              </li>
            ))}
          </ul>
          <LoadMore paged={paged} noun="attendees" />
        </>
      )}
    </section>
  );
}
