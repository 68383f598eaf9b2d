// Who may edit an event (ADR 032): its organiser, or an admin. The event page shows Edit by it and
// the Edit Event screen lets in by it; the server refuses anyone else anyway.
import type { EventDoc } from '../../../design-docs/src/schemas/event.ts';

export function canEditEvent(viewer: { userId: string | null; isAdmin: boolean }, event: Pick<EventDoc, 'organizer_id'>): boolean {
  if (!viewer.userId) return false;
  return viewer.isAdmin || (event.organizer_id !== null && event.organizer_id === viewer.userId);
}
