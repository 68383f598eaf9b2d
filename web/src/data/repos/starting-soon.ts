// The bell's "Starting soon" (ADR 048): attended events and bands that start within a day, on
// their own clock (design-docs/src/event-start.ts). Loaded with the bell's first read, not the shell.
import type { AttendanceTargetType } from '../../../../design-docs/src/constants.ts';
import type { EventDoc } from '../../../../design-docs/src/schemas/event.ts';
import type { BandDoc } from '../../../../design-docs/src/schemas/band.ts';
import { STARTING_SOON_MS, startOf } from '../../../../design-docs/src/event-start.ts';
import type { Item } from './query.ts';

export interface StartingSoon {
  type: AttendanceTargetType;
  id: string;
  title: string;
  location: string;
  /** HH:MM on the local clock, when the event gives one. */
  time: string | null;
  startsAt: number;
}

/** Those of `items` that start after `now` and within STARTING_SOON_MS, soonest first. */
export function startingSoon(items: readonly (Item<EventDoc> | Item<BandDoc>)[], now: number): StartingSoon[] {
  const out: StartingSoon[] = [];
  for (const d of items) {
    const start = startOf(d);
    if (!start || start.startsAt <= now || start.startsAt - now > STARTING_SOON_MS) continue;
    const type = d.type === 'event' ? 'event' : 'band';
    out.push({ type, id: d._id.slice(type.length + 1), title: d.type === 'event' ? d.title : d.name, location: d.location ?? '', time: start.time, startsAt: start.startsAt });
  }
  return out.sort((a, b) => a.startsAt - b.startsAt);
}
