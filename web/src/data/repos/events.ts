// Fete Guide (events other than festivals), Fete Travel (festivals, carnivals, cruises), event
// detail, the two home event rows, and a member's Create Event. Every list leaves out events
// that are over (ADR 017).
import type { EventDoc, EventCreateInput } from '../../../../design-docs/src/schemas/event.ts';
import { HOME_FEATURED_LIMIT, TRAVEL_CATEGORIES } from '../../../../design-docs/src/constants.ts';
import { docId, newId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { compareText, getItem, listType, matchesText } from './query.ts';
import type { Item } from './query.ts';
import { featuredIds } from './featured.ts';
import { stamp } from './stamp.ts';
import type { Stamp } from './stamp.ts';
import { isConflict, isNotFound, statusOf } from '../pouch.ts';
import { inTimeOfDay } from '../../lib/time-of-day.ts';
import type { TimeOfDay } from '../../lib/time-of-day.ts';
import { isPastEvent, localDay } from '../../lib/past-events.ts';

export type Event = Item<EventDoc>;
export type { TimeOfDay };

export interface EventFilter {
  search?: string;
  country?: string | null;
  /** `YYYY-MM-DD`; the event's date must equal it. */
  date?: string | null;
  timeOfDay?: TimeOfDay | null;
}

const TRAVEL: readonly string[] = TRAVEL_CATEGORIES;
export const HOME_LIMIT = HOME_FEATURED_LIMIT;

function byDateThenStart(a: Event, b: Event): number {
  return compareText(a.date, b.date) || compareText(a.start_time, b.start_time);
}

function isTravel(e: EventDoc): boolean {
  return e.category != null && TRAVEL.includes(e.category);
}

/**
 * The one rule every event list applies before its own (ADR 017): active, and not over on
 * `today`. Past events stay reachable at /events/{id}, just not in the lists.
 */
export function listable(e: EventDoc, today: string): boolean {
  return e.active && !isPastEvent(e, today);
}

/**
 * Fete Guide: active events outside Festival, Carnival and Cruise that are not over on `today`
 * (`YYYY-MM-DD`), by date then start time. Pure, so a screen can load the events once and filter
 * on every keystroke in memory.
 */
export function guideEvents(all: readonly Event[], today: string, filter: EventFilter = {}): Event[] {
  return all
    .filter((e) => listable(e, today) && !isTravel(e))
    .filter((e) => !filter.country || e.country === filter.country)
    .filter((e) => !filter.date || e.date === filter.date)
    .filter((e) => !filter.timeOfDay || inTimeOfDay(e.start_time, filter.timeOfDay))
    .filter((e) => matchesText(filter.search, e.title, e.description, e.location))
    .sort(byDateThenStart);
}

/** Fete Travel: active festivals, carnivals and cruises not over on `today`, by date. */
export function travelEvents(all: readonly Event[], today: string, filter: { search?: string; country?: string | null } = {}): Event[] {
  return all
    .filter((e) => listable(e, today) && isTravel(e))
    .filter((e) => !filter.country || e.country === filter.country)
    .filter((e) => matchesText(filter.search, e.title, e.description, e.location))
    .sort(byDateThenStart);
}

/**
 * Home "Top Event Picks": featured events of category Party, active and
 * not over, by date, the first `limit`. Only Party: a featured Concert or Beach Party stays out.
 */
export function homePickEvents(all: readonly Event[], featured: ReadonlySet<string>, today: string, limit = HOME_LIMIT): Event[] {
  return all
    .filter((e) => listable(e, today) && e.category === 'Party' && featured.has(e.id))
    .sort(byDateThenStart)
    .slice(0, limit);
}

/**
 * Home "Top Destinations": Festival, Carnival or Cruise by date, the first `limit`; featuring
 * plays no part. That is the head of the Fete Travel list its "See all" opens.
 */
export function homeDestinationEvents(all: readonly Event[], today: string, limit = HOME_LIMIT): Event[] {
  return travelEvents(all, today).slice(0, limit);
}

/**
 * A member's new event (the create fields plus organizer_id and active true), as
 * the catalog validator accepts it from a member. The id is chosen by the caller: a written-ahead
 * event keeps the one it got on the device, so a repeated write is a conflict, not a second event.
 */
export function newEventDoc(input: EventCreateInput, organizerId: string, id: string, now: Date): EventDoc & { _id: string } {
  return {
    _id: docId('event', id),
    type: 'event',
    ...input,
    organizer_id: organizerId,
    active: true,
    created_at: now.toISOString(),
    // Who changed what (ADR 030): required when the member is an admin, harmless otherwise.
    updated_at: now.toISOString(),
    updated_by: organizerId,
  } as EventDoc & { _id: string };
}

/** The fields of the Create Event form, which its organiser edits (ADR 032). */
export const EVENT_EDIT_FIELDS = [
  'title', 'category', 'date', 'start_time', 'end_time', 'country', 'state', 'location', 'description', 'price', 'capacity',
  'ticket_url', 'fete_id_ticket_url', 'instagram_url', 'image_url',
] as const satisfies readonly (keyof EventCreateInput)[];

/**
 * The organiser's edit of `edited` (the version they opened, with its `_rev`): the form's fields
 * replaced (a blank optional one becomes null, so clearing it clears it), everything else kept as
 * stored (organizer_id, created_at, active, an admin's fete_ride_url), and the writer stamped.
 */
export function editedEventDoc(edited: Event, input: EventCreateInput, by: Stamp): EventDoc & { _id: string; _rev?: string } {
  const { id: _id, ...stored } = edited;
  const doc: Record<string, unknown> = { ...stored };
  for (const field of EVENT_EDIT_FIELDS) doc[field] = input[field] ?? null;
  return { ...doc, ...by } as EventDoc & { _id: string; _rev?: string };
}

/** Someone else saved or deleted the event since this version was opened: reload to see theirs. */
export class EventChangedError extends Error {
  constructor() {
    super('This event was changed by someone else while you were editing. Reload to see their version.');
    this.name = 'EventChangedError';
  }
}

/** No answer from the server: the edit was not sent and can be tried again once online. */
function unreachable(err: unknown): boolean {
  const status = statusOf(err);
  return status === undefined || status === 0;
}

export function createEventsRepo(ctx: RepoContext) {
  const all = () => listType<EventDoc>(ctx.catalog(), 'event');

  const today = () => localDay(ctx.now());

  async function festivals(filter: { search?: string; country?: string | null } = {}): Promise<Event[]> {
    return travelEvents(await all(), today(), filter);
  }

  return {
    /** Every event document on the device (filter with guideEvents or travelEvents). */
    all,

    async list(filter: EventFilter = {}): Promise<Event[]> {
      return guideEvents(await all(), today(), filter);
    },

    festivals,

    byId: (id: string) => getItem<EventDoc>(ctx.catalog(), docId('event', id)),

    /** Home "Top Event Picks": featured Party events, three of them (homePickEvents). */
    async homePicks(limit = HOME_LIMIT): Promise<Event[]> {
      const featured = new Set(await featuredIds(ctx.catalog(), 'event'));
      return homePickEvents(await all(), featured, today(), limit);
    },

    /** Home "Top Destinations": the first festivals, carnivals and cruises (homeDestinationEvents). */
    async homeDestinations(limit = HOME_LIMIT): Promise<Event[]> {
      return homeDestinationEvents(await all(), today(), limit);
    },

    /** Create Event: a member's own event, created active; it reaches the list after the pull. */
    async create(input: EventCreateInput): Promise<string> {
      const me = requireMember(ctx);
      const id = newId();
      await ctx.catalogRemote().put(newEventDoc(input, me.userId, id, ctx.now()));
      await ctx.afterCatalogWrite();
      return id;
    },

    /**
     * The version an organiser (or admin) edits: the server's, which is the newest; the device's
     * when the server cannot be reached, so the form still opens (saving needs the connection).
     */
    async forEdit(id: string): Promise<Event | null> {
      requireMember(ctx);
      try {
        return await getItem<EventDoc>(ctx.catalogRemote(), docId('event', id));
      } catch (err) {
        // Out of reach (or failing): the device's copy still opens the form.
        if (!unreachable(err) && (statusOf(err) ?? 0) < 500) throw err;
        return getItem<EventDoc>(ctx.catalog(), docId('event', id));
      }
    },

    /**
     * Saves the organiser's edit over the version they opened, on the server (the validator
     * allows the organiser and admins). EventChangedError when that version is no longer the
     * newest; the pull that shows the change follows.
     */
    async update(edited: Event, input: EventCreateInput): Promise<Event> {
      const doc = editedEventDoc(edited, input, stamp(ctx));
      let rev: string;
      try {
        rev = (await ctx.catalogRemote().put(doc)).rev;
      } catch (err) {
        if (isConflict(err) || isNotFound(err)) throw new EventChangedError();
        throw err;
      }
      await ctx.afterCatalogWrite().catch(() => undefined);
      return { ...doc, _rev: rev, id: edited.id } as Event;
    },

    /** Deletes the version the organiser saw (a newer one is EventChangedError), then pulls. */
    async remove(edited: Event): Promise<void> {
      requireMember(ctx);
      const rev = edited._rev;
      if (!rev) throw new EventChangedError();
      try {
        await ctx.catalogRemote().remove(edited._id, rev);
      } catch (err) {
        if (isConflict(err) || isNotFound(err)) throw new EventChangedError();
        throw err;
      }
      await ctx.afterCatalogWrite().catch(() => undefined);
    },
  };
}
