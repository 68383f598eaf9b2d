// Fete Travel (/fete-travel, headed Fete Destinations): the active festivals, carnivals and
// cruises that are not over yet (ADR 017) by date, with a search and the short travel country filter. Loaded once, filtered in
// memory; the search and country live in the URL query.
import { useMemo } from 'react';
import { TRAVEL_COUNTRY_FILTER } from '../../../../design-docs/src/constants.ts';
import { FilterPanel, ListStatus, SearchField, useToday } from '../../components/catalog/index.ts';
import { SelectField, VisuallyHidden } from '../../components/ui/index.ts';
import { travelEvents } from '../../data/repos/events.ts';
import { showingCount } from '../../lib/format.ts';
import { EventCards } from './event-list-cards.tsx';
import { EventListHeader } from './event-list-header.tsx';
import { useEventItems } from './event-list-items.ts';
import { searchEvents } from './event-list-search.ts';
import { TRAVEL_DEFAULTS, parseTravelQuery, serializeTravelQuery, travelFiltersActive } from './event-list-params.ts';
import { useUrlState } from '../../components/catalog/use-url-state.ts';
import './events-list.css';

export const TRAVEL_TEXT = {
  title: 'Fete Destinations',
  search: 'Search destinations...',
  loading: 'Loading destinations...',
  empty: 'No destinations found',
  allCountries: 'All Countries',
} as const;

const NO_EVENTS: readonly never[] = [];
const COUNTRY_OPTIONS = [{ value: '', label: TRAVEL_TEXT.allCountries }, ...TRAVEL_COUNTRY_FILTER.map((c) => ({ value: c, label: c }))];

export function FeteTravelScreen() {
  const events = useEventItems();
  const today = useToday();
  const [query, setQuery] = useUrlState(parseTravelQuery, serializeTravelQuery);
  // The first-page copy only answers the unfiltered view; a search or filter waits for all.
  const waiting = events.partial && travelFiltersActive(query);
  const items = waiting ? NO_EVENTS : events.items;
  const loading = events.loading || waiting;
  const { search, country } = query;
  const filtered = useMemo(() => travelEvents(items, today, { country: country || null }), [items, today, country]);
  const shown = useMemo(() => searchEvents(filtered, search), [filtered, search]);

  return (
    <section className="page catalog-page event-list-page" aria-labelledby="fete-travel-title">
      <EventListHeader title={TRAVEL_TEXT.title} titleId="fete-travel-title" />
      <div className="catalog-toolbar">
        <SearchField label="Search destinations" placeholder={TRAVEL_TEXT.search} value={search} onChange={(v) => setQuery({ ...query, search: v })} />
      </div>
      {/* One filter: it shows always, no Show/Hide toggle. */}
      <FilterPanel active={travelFiltersActive(query)} filtersSet={query.country !== ''} onReset={() => setQuery(TRAVEL_DEFAULTS)}>
        <SelectField label="Country" options={COUNTRY_OPTIONS} value={country} onChange={(e) => setQuery({ ...query, country: e.target.value })} />
      </FilterPanel>
      <VisuallyHidden role="status" aria-live="polite" data-testid="event-count">
        {loading || events.partial ? '' : showingCount(shown.length, 'destination')}
      </VisuallyHidden>
      <ListStatus loading={loading} stored={items.length} shown={shown.length} loadingText={TRAVEL_TEXT.loading} emptyText={TRAVEL_TEXT.empty} noun="destinations" />
      <EventCards events={shown} view="grid" pageKey={JSON.stringify([search, country])} label="Destinations" noun="destinations" featurable={false} />
    </section>
  );
}
