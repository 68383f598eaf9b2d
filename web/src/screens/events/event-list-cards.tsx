// The cards of an event list, a page at a time (48, then more as the end nears the viewport).
// The liked and featured ids are read here once for the whole list and handed to each card.
import { LoadMore, useFeaturedIds, useLikedIds, usePagedList } from '../../components/catalog/index.ts';
import type { ListView } from '../../components/catalog/index.ts';
import type { Event } from '../../data/repos/events.ts';
import { EventCard } from './event-card.tsx';

export interface EventCardsProps {
  events: readonly Event[];
  view: ListView;
  /** Changes with the search and filters: back to the first page. */
  pageKey: string;
  /** The list's accessible name, e.g. "Events". */
  label: string;
  /** "events", for "Show more events". */
  noun: string;
  /** Whether admins get the feature star (ADR 017: not on Fete Travel). */
  featurable?: boolean;
}

export function EventCards({ events, view, pageKey, label, noun, featurable = true }: EventCardsProps) {
  const liked = useLikedIds('event');
  const featured = useFeaturedIds('event');
  const paged = usePagedList(events, pageKey);
  if (events.length === 0) return null;
  return (
    <>
      <ul className={view === 'list' ? 'card-list event-list' : 'card-grid event-list'} aria-label={label} data-testid="event-list">
        {paged.visible.map((event) => (
          <li key={event.id}>
            <EventCard event={event} view={view} liked={liked.has(event.id)} featured={featurable ? featured.has(event.id) : null} />
          </li>
        ))}
      </ul>
      <LoadMore paged={paged} noun={noun} />
    </>
  );
}
