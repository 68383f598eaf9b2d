// Like and Attend / Cancel Attendance; a visitor gets the spec's sign-in prompts from the kit.
import { AttendButton, LikeButton } from '../../components/catalog/index.ts';
import type { Event } from '../../data/repos/events.ts';

export function EventActions({ event }: { event: Event }) {
  return (
    <div className="detail__actions event-detail__social">
      <LikeButton itemType="event" itemId={event.id} itemName={event.title} />
      <AttendButton targetType="event" targetId={event.id} />
    </div>
  );
}
