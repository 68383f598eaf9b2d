// Who is going with a band: names and avatars, for members only (the attendee view reads the
// members database, which a visitor does not have). Live: attending adds you at once.
import { Link } from 'react-router-dom';
import { useViewer } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { useDataLayer, useLiveQuery } from '../../data/react.ts';
import type { Attendee } from '../../data/repos/attendance.ts';

export function attendeeName(a: Attendee): string {
  return `${a.first_name} ${a.last_name}`.trim() || 'Fete member';
}

export function BandAttendees({ bandId }: { bandId: string }) {
  const data = useDataLayer();
  const { signedIn } = useViewer();
  const { data: attendees } = useLiveQuery(
    () => (signedIn ? data.attendance.attendees('band', bandId) : Promise.resolve([])),
    [bandId, signedIn],
    { dbs: ['members'] },
  );

  return (
    <section className="detail__section band-attendees" aria-labelledby="band-attendees-title">
      <h2 id="band-attendees-title">Who's Going</h2>
      {!signedIn ? (
        <p className="band-attendees__note">
          <Link to="/signin">Sign in</Link> to see who's going.
        </p>
      ) : attendees === undefined ? (
        <p className="band-attendees__note">Loading...</p>
      ) : attendees.length === 0 ? (
        <p className="band-attendees__note">No one has marked attendance yet.</p>
      ) : (
        <ul className="band-attendees__list" data-testid="band-attendees">
          {attendees.map((a) => (
            <li key={a.user_id} className="band-attendees__person">
              <FeteImage value={a.avatar_url} bucket="avatars" alt="" width={40} height={40} size="small" className="band-attendees__avatar" />
              <span>{attendeeName(a)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
