// Fete Guide (/fete-guide): every active event outside festivals, carnivals and cruises that is
// not over yet (ADR 017), by date then start time. The events are loaded once from the device and filtered in memory on each
// keystroke; search, filters and layout live in the URL query.
import { useMemo } from 'react';
import { COUNTRIES } from '../../../../design-docs/src/constants.ts';
import { FilterPanel, ListStatus, SearchField, ViewToggle, useToday } from '../../components/catalog/index.ts';
import { SelectField, TextField, VisuallyHidden } from '../../components/ui/index.ts';
import { guideEvents } from '../../data/repos/events.ts';
import { showingCount } from '../../lib/format.ts';
import { TIME_OF_DAY, TIME_OF_DAY_LABELS, isTimeOfDay } from '../../lib/time-of-day.ts';
import { EventCards } from './event-list-cards.tsx';
import { EventListHeader } from './event-list-header.tsx';
import { useEventItems } from './event-list-items.ts';
import { searchEvents } from './event-list-search.ts';
import { GUIDE_DEFAULTS, guideFiltersActive, parseGuideQuery, serializeGuideQuery } from './event-list-params.ts';
import type { GuideQuery } from './event-list-params.ts';
import { useUrlState } from '../../components/catalog/use-url-state.ts';
import './events-list.css';

export const GUIDE_TEXT = {
  title: 'Fete Guide',
  search: 'Search events...',
  loading: 'Loading events...',
  empty: 'No events found',
  allCountries: 'All Countries',
  allTimes: 'All Times',
} as const;

const NO_EVENTS: readonly never[] = [];
const COUNTRY_OPTIONS = [{ value: '', label: GUIDE_TEXT.allCountries }, ...COUNTRIES.map((c) => ({ value: c, label: c }))];
const TIME_OPTIONS = [{ value: '', label: GUIDE_TEXT.allTimes }, ...TIME_OF_DAY.map((t) => ({ value: t, label: TIME_OF_DAY_LABELS[t] }))];

export function FeteGuideScreen() {
  const events = useEventItems();
  const today = useToday();
  const [query, setQuery] = useUrlState(parseGuideQuery, serializeGuideQuery);
  // The first-page copy only answers the unfiltered view; a search or filter waits for all.
  const waiting = events.partial && guideFiltersActive(query);
  const items = waiting ? NO_EVENTS : events.items;
  const loading = events.loading || waiting;

  const { search, country, date, time } = query;
  // The filters narrow and sort once; a keystroke then searches that (already sorted) list only.
  const filtered = useMemo(
    () => guideEvents(items, today, { country: country || null, date: date || null, timeOfDay: time || null }),
    [items, today, country, date, time],
  );
  const shown = useMemo(() => searchEvents(filtered, search), [filtered, search]);
  const set = (patch: Partial<GuideQuery>) => setQuery({ ...query, ...patch });
  const pageKey = JSON.stringify([search, country, date, time]);

  return (
    <section className="page catalog-page event-list-page" aria-labelledby="fete-guide-title">
      <EventListHeader title={GUIDE_TEXT.title} titleId="fete-guide-title" />
      <div className="catalog-toolbar">
        <SearchField label="Search events" placeholder={GUIDE_TEXT.search} value={search} onChange={(v) => set({ search: v })} />
        <ViewToggle view={query.view} onChange={(view) => set({ view })} />
      </div>
      <FilterPanel
        filtersSet={query.country !== '' || query.date !== '' || query.time !== ''}
        active={guideFiltersActive(query)}
        onReset={() => setQuery({ ...GUIDE_DEFAULTS, view: query.view })}
      >
        <SelectField label="Country" options={COUNTRY_OPTIONS} value={country} onChange={(e) => set({ country: e.target.value })} />
        <TextField label="Date" type="date" value={date} onChange={(e) => set({ date: e.target.value })} />
        <SelectField
          label="Time of Day"
          options={TIME_OPTIONS}
          value={time}
          onChange={(e) => set({ time: isTimeOfDay(e.target.value) ? e.target.value : '' })}
        />
      </FilterPanel>
      <VisuallyHidden role="status" aria-live="polite" data-testid="event-count">
        {loading || events.partial ? '' : showingCount(shown.length, 'event')}
      </VisuallyHidden>
      <ListStatus loading={loading} stored={items.length} shown={shown.length} loadingText={GUIDE_TEXT.loading} emptyText={GUIDE_TEXT.empty} noun="events" />
      <EventCards events={shown} view={query.view} pageKey={pageKey} label="Events" noun="events" />
    </section>
  );
}
