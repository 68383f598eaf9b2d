// "I'm attending" for events and bands: one doc per member and target, whose deterministic id
// makes a second attend a 409 rather than a duplicate.
import type { AttendanceDoc } from '../../../../design-docs/src/schemas/attendance.ts';
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import type { EventDoc } from '../../../../design-docs/src/schemas/event.ts';
import type { BandDoc } from '../../../../design-docs/src/schemas/band.ts';
import type { AttendanceTargetType } from '../../../../design-docs/src/constants.ts';
import { attendanceId, docId, profileId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { getItem, getItems, listRange } from './query.ts';
import type { Item } from './query.ts';
import { toggleDoc } from './toggle.ts';
import type { StartingSoon } from './starting-soon.ts';

export interface Attendee {
  user_id: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
}

export function createAttendanceRepo(ctx: RepoContext) {
  return {
    async isAttending(targetType: AttendanceTargetType, targetId: string): Promise<boolean> {
      const me = ctx.member();
      if (!me) return false;
      return (await getItem<AttendanceDoc>(me.dbs.members, attendanceId(targetType, targetId, me.userId))) !== null;
    },

    /** Attend, or cancel; resolves to whether the member now attends. */
    async toggle(targetType: AttendanceTargetType, targetId: string): Promise<boolean> {
      const me = requireMember(ctx);
      return toggleDoc(me, 'members', attendanceId(targetType, targetId, me.userId), () => ({
        type: 'attendance',
        target_type: targetType,
        target_id: targetId,
        user_id: me.userId,
        created_at: ctx.now().toISOString(),
      }));
    },

    /** Who attends, with names and avatars (the attendee view). */
    async attendees(targetType: AttendanceTargetType, targetId: string): Promise<Attendee[]> {
      const me = ctx.member();
      if (!me) return [];
      const rows = await listRange<AttendanceDoc>(me.dbs.members, `attendance:${targetType}:${targetId}:`);
      const profiles = await getItems<ProfileDoc>(me.dbs.members, rows.map((r) => profileId(r.user_id)));
      return rows.map((r) => {
        const p = profiles.get(profileId(r.user_id));
        return { user_id: r.user_id, first_name: p?.first_name ?? '', last_name: p?.last_name ?? '', avatar_url: p?.avatar_url ?? null };
      });
    },

    /** Dashboard "Events I'm Attending": the events and bands themselves. */
    async mine(): Promise<{ events: Item<EventDoc>[]; bands: Item<BandDoc>[] }> {
      const me = ctx.member();
      if (!me) return { events: [], bands: [] };
      const rows = (await listRange<AttendanceDoc>(me.dbs.members, 'attendance:')).filter((r) => r.user_id === me.userId);
      const ids = rows.map((r) => docId(r.target_type, r.target_id));
      const items = await getItems<EventDoc | BandDoc>(ctx.catalog(), ids);
      const found = ids.flatMap((id) => (items.has(id) ? [items.get(id)!] : []));
      return {
        events: found.filter((d): d is Item<EventDoc> => d.type === 'event'),
        bands: found.filter((d): d is Item<BandDoc> => d.type === 'band'),
      };
    },

    /** The attended events and bands that start within a day, soonest first. */
    async startingSoon(now: Date = ctx.now()): Promise<StartingSoon[]> {
      const [{ events, bands }, { startingSoon }] = await Promise.all([this.mine(), import('./starting-soon.ts')]);
      return startingSoon([...events, ...bands], now.getTime());
    },
  };
}
