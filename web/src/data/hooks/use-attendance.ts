// Attendance lives in the members database, which a visitor does not have: the hooks that a
// visitor's page also draws answer without asking until the member signs in.
import type { AttendanceTargetType } from '../../../../design-docs/src/constants.ts';
import { useDataLayer, useLiveQuery } from '../react.ts';
import type { Attendee } from '../repos/attendance.ts';

export function useIsAttending(targetType: AttendanceTargetType, targetId: string, signedIn: boolean) {
  const data = useDataLayer();
  return useLiveQuery(() => (signedIn ? data.attendance.isAttending(targetType, targetId) : Promise.resolve(false)), [targetType, targetId, signedIn], { dbs: ['members'] });
}

const NONE: Attendee[] = [];

export function useAttendees(targetType: AttendanceTargetType, targetId: string, signedIn: boolean) {
  const data = useDataLayer();
  return useLiveQuery(() => (signedIn ? data.attendance.attendees(targetType, targetId) : Promise.resolve(NONE)), [targetType, targetId, signedIn], { dbs: ['members'] });
}

/** The events and bands the member attends (the dashboard). */
export function useMyAttendance(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.attendance.mine(), [userId], { dbs: ['members', 'catalog'] });
}

/**
 * What the member attends that starts within a day (the bell). `open` is only a trigger: an
 * event leaves the list by the clock, not by a change, so it is asked again on each opening.
 */
export function useStartingSoon(userId: string, open: boolean) {
  const data = useDataLayer();
  return useLiveQuery(() => data.attendance.startingSoon(), [userId, open], { dbs: ['members', 'catalog'] });
}
