// Fete Guide (events other than festivals), Fete Travel (festivals, carnivals, cruises), event
// detail, the home picks, and a member's Create Event.
import type { EventDoc, EventCreateInput } from '../../../../design-docs/src/schemas/event.ts';
import { TRAVEL_CATEGORIES } from '../../../../design-docs/src/constants.ts';
import { docId, newId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { compareText, getItem, listType, matchesText } from './query.ts';
import type { Item } from './query.ts';
import { featuredIds } from './featured.ts';
import { inTimeOfDay } from '../../lib/time-of-day.ts';
import type { TimeOfDay } from '../../lib/time-of-day.ts';

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
export const HOME_LIMIT = 3;

function byDateThenStart(a: Event, b: Event): number {
  return compareText(a.date, b.date) || compareText(a.start_time, b.start_time);
}

function isTravel(e: EventDoc): boolean {
  return e.category != null && TRAVEL.includes(e.category);
}

/**
 * Fete Guide: active events outside Festival, Carnival and Cruise, by date then start time.
 * Pure, so a screen can load the events once and filter on every keystroke in memory.
 */
export function guideEvents(all: readonly Event[], filter: EventFilter = {}): Event[] {
  return all
    .filter((e) => e.active && !isTravel(e))
    .filter((e) => !filter.country || e.country === filter.country)
    .filter((e) => !filter.date || e.date === filter.date)
    .filter((e) => !filter.timeOfDay || inTimeOfDay(e.start_time, filter.timeOfDay))
    .filter((e) => matchesText(filter.search, e.title, e.description, e.location))
    .sort(byDateThenStart);
}

/** Fete Travel: active festivals, carnivals and cruises by date. */
export function travelEvents(all: readonly Event[], filter: { search?: string; country?: string | null } = {}): Event[] {
  return all
    .filter((e) => e.active && isTravel(e))
    .filter((e) => !filter.country || e.country === filter.country)
    .filter((e) => matchesText(filter.search, e.title, e.description, e.location))
    .sort(byDateThenStart);
}

export function createEventsRepo(ctx: RepoContext) {
  const all = () => listType<EventDoc>(ctx.catalog(), 'event');

  async function festivals(filter: { search?: string; country?: string | null } = {}): Promise<Event[]> {
    return travelEvents(await all(), filter);
  }

  return {
    /** Every event document on the device (filter with guideEvents or travelEvents). */
    all,

    async list(filter: EventFilter = {}): Promise<Event[]> {
      return guideEvents(await all(), filter);
    },

    festivals,

    byId: (id: string) => getItem<EventDoc>(ctx.catalog(), docId('event', id)),

    /**
     * Home "top event picks": featured active events outside the travel categories (those are
     * the destinations row), by date then start time, three of them.
     */
    async homePicks(limit = HOME_LIMIT): Promise<Event[]> {
      const featured = new Set(await featuredIds(ctx.catalog(), 'event'));
      return (await all())
        .filter((e) => e.active && !isTravel(e) && featured.has(e.id))
        .sort(byDateThenStart)
        .slice(0, limit);
    },

    /** Home "top destinations": featured active festivals, carnivals and cruises, same order and limit. */
    async homeDestinations(limit = HOME_LIMIT): Promise<Event[]> {
      const featured = new Set(await featuredIds(ctx.catalog(), 'event'));
      return (await all())
        .filter((e) => e.active && isTravel(e) && featured.has(e.id))
        .sort(byDateThenStart)
        .slice(0, limit);
    },

    /** Create Event: a member's own event, created active; it reaches the list after the pull. */
    async create(input: EventCreateInput): Promise<string> {
      const me = requireMember(ctx);
      const id = newId();
      const doc = {
        _id: docId('event', id),
        type: 'event',
        ...input,
        organizer_id: me.userId,
        active: true,
        created_at: ctx.now().toISOString(),
      };
      await ctx.catalogRemote().put(doc);
      await ctx.afterCatalogWrite();
      return id;
    },
  };
}
