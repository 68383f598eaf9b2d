// The Fete Guide's and Fete Travel's events and an event page's event, from the local catalogue;
// the event's discount code from the members database, which a visitor does not have.
import { useDataLayer, useLiveQuery } from '../react.ts';
import type { LiveQueryState } from '../react.ts';
import type { EventDiscount } from '../repos/event-discounts.ts';
import { useCatalogItem, useCatalogList } from './use-catalog-item.ts';

/** Every event on the device; the last answer shows first on the next visit. */
export function useEvents() {
  const data = useDataLayer();
  return useCatalogList(() => data.events.all(), 'events');
}

export function useEvent(id: string) {
  const data = useDataLayer();
  return useCatalogItem(() => data.events.byId(id), [id]);
}

/** Null for a visitor, without asking. */
export function useEventDiscount(eventId: string, signedIn: boolean): LiveQueryState<EventDiscount | null> {
  const data = useDataLayer();
  return useLiveQuery(() => (signedIn ? data.eventDiscounts.current(eventId) : Promise.resolve(null)), [eventId, signedIn], { dbs: ['members'] });
}
