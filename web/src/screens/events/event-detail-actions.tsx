// Like and Attend / Cancel Attendance; a visitor gets the spec's sign-in prompts from the kit.
// Edit, for the event's organiser and admins only (ADR 032): the server refuses anyone else.
import { Link } from 'react-router-dom';
import { AttendButton, LikeButton } from '../../components/catalog/index.ts';
import { useViewer } from '../../components/catalog/use-viewer.ts';
import type { Event } from '../../data/repos/events.ts';
import { canEditEvent } from '../../lib/can-edit-event.ts';

export function EventActions({ event }: { event: Event }) {
  const { user, isAdmin } = useViewer();
  const canEdit = canEditEvent({ userId: user?.id ?? null, isAdmin }, event);
  return (
    <div className="detail__actions event-detail__social">
      {canEdit && (
        <Link to={`/events/${event.id}/edit`} className="btn btn--secondary btn--small" data-testid="event-edit">
          Edit
        </Link>
      )}
      <LikeButton itemType="event" itemId={event.id} itemName={event.title} />
      <AttendButton targetType="event" targetId={event.id} />
    </div>
  );
}
