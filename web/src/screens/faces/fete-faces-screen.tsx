// Fete Faces (/fete-faces): makeup artists and beauty providers, searched and filtered in memory
// on every keystroke.
import { useMemo } from 'react';
import { FilterPanel, listPhase, ListStatus, LoadMore, SearchField, useFeaturedIds, useLikedIds, usePagedList, useQueryState } from '../../components/catalog/index.ts';
import { SelectField } from '../../components/ui/select-field.tsx';
import { useSyncStatus } from '../../data/react.ts';
import { useProviders } from '../../data/hooks/use-providers.ts';
import { filterProviders } from '../../data/repos/providers.ts';
import { showingCount } from '../../lib/format.ts';
import { RATING_FILTER_OPTIONS } from '../../lib/provider-logic.ts';
import { EMPTY_FACES_FILTER, isFilterActive, locationOptions, serviceOptions, toProviderFilter } from './faces-filters.ts';
import type { FacesFilterState } from './faces-filters.ts';
import { ProviderCard } from './provider-card.tsx';
import './faces.css';

export function FeteFacesScreen() {
  const { items, loading } = useProviders();
  const [filter, setFilter] = useQueryState(EMPTY_FACES_FILTER);
  const shown = useMemo(() => filterProviders(items, toProviderFilter(filter)), [items, filter]);
  const paged = usePagedList(shown, JSON.stringify(filter));
  const liked = useLikedIds('provider');
  const featured = useFeaturedIds('face');
  const services = useMemo(() => serviceOptions(items, filter.service), [items, filter.service]);
  const locations = useMemo(() => locationOptions(items, filter.location), [items, filter.location]);
  const sync = useSyncStatus();
  // The count waits with the list: no 'Showing 0 providers' while the first pull is on its way.
  const phase = listPhase({ loading, stored: items.length, shown: shown.length, syncState: sync.state, everSynced: sync.lastSyncedAt !== null });
  const set = (patch: Partial<FacesFilterState>) => setFilter((f) => ({ ...f, ...patch }));

  return (
    <section className="page catalog-page faces-page" aria-labelledby="faces-title">
      <header className="catalog-page__header">
        <h1 id="faces-title">Fete Faces</h1>
      </header>

      <div className="catalog-toolbar">
        <SearchField label="Search providers" placeholder="Search for makeup artists..." value={filter.search} onChange={(search) => set({ search })} />
      </div>
      <FilterPanel active={isFilterActive(filter)} filtersSet={isFilterActive({ ...filter, search: '' })} onReset={() => setFilter(EMPTY_FACES_FILTER)}>
        <SelectField label="Service" value={filter.service} onChange={(e) => set({ service: e.target.value })} placeholder="All Services" options={services.map((s) => ({ value: s, label: s }))} />
        <SelectField label="Location" value={filter.location} onChange={(e) => set({ location: e.target.value })} placeholder="All Locations" options={locations.map((l) => ({ value: l, label: l }))} />
        <SelectField label="Rating" value={filter.rating} onChange={(e) => set({ rating: e.target.value })} placeholder="Any Rating" options={RATING_FILTER_OPTIONS} />
      </FilterPanel>

      {(phase === 'ready' || phase === 'empty') && (
        <p className="catalog-count" role="status" data-testid="faces-count">
          {showingCount(shown.length, 'provider')}
        </p>
      )}
      <ListStatus loading={loading} stored={items.length} shown={shown.length} loadingText="Loading..." emptyText="No providers found" noun="providers" />
      {shown.length > 0 && (
        <ul className="card-grid faces-grid" aria-labelledby="faces-title">
          {paged.visible.map((p) => (
            <li key={p.id}>
              <ProviderCard provider={p} liked={liked.has(p.id)} featured={featured.has(p.id)} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore paged={paged} noun="providers" />
    </section>
  );
}
