// Fete Band (/fete-destinations): the carnival bands, searched and filtered in memory on each
// keystroke, in large rows (grid) or compact rows (list), 48 at a time.
import { useMemo, useState } from 'react';
import { FilterPanel, listPhase, ListStatus, LoadMore, SearchField, useFeaturedIds, useLikedIds, usePagedList, useQueryState, ViewToggle } from '../../components/catalog/index.ts';
import type { ListView } from '../../components/catalog/index.ts';
import { SelectField } from '../../components/ui/index.ts';
import { useSyncStatus } from '../../data/react.ts';
import { useBands } from '../../data/hooks/use-bands.ts';
import { filterBands } from '../../data/repos/bands.ts';
import { COUNTRIES } from '../../../../design-docs/src/constants.ts';
import { showingCount } from '../../lib/format.ts';
import { BandCompact } from './band-compact.tsx';
import { BandRow } from './band-row.tsx';
import { DEFAULT_BAND_FILTER, bandFilterActive } from '../../lib/band-logic.ts';
import './bands.css';

const COUNTRY_OPTIONS = [{ value: '', label: 'All Countries' }, ...COUNTRIES.map((c) => ({ value: c, label: c }))];

export function BandsScreen() {
  const { items, loading } = useBands();
  const [filter, setFilter] = useQueryState(DEFAULT_BAND_FILTER);
  const [view, setView] = useState<ListView>('grid');
  const shown = useMemo(() => filterBands(items, { search: filter.search, country: filter.country || null }), [items, filter]);
  const paged = usePagedList(shown, JSON.stringify(filter));
  const liked = useLikedIds('band');
  const featured = useFeaturedIds('band');
  const Card = view === 'grid' ? BandRow : BandCompact;
  const sync = useSyncStatus();
  // The count waits for the same moment the list states do: no "Showing 0 bands" while loading.
  const phase = listPhase({ loading, stored: items.length, shown: shown.length, syncState: sync.state, everSynced: sync.lastSyncedAt !== null });

  return (
    <section className="page catalog-page bands-page" aria-labelledby="bands-title">
      <header className="catalog-page__header">
        <div>
          <h1 id="bands-title">Fete Band</h1>
          <p className="catalog-page__lead">Fete Destinations: carnival bands, their road dates and how to register.</p>
        </div>
        <ViewToggle view={view} onChange={setView} />
      </header>

      <div className="catalog-toolbar">
        <SearchField label="Search bands" placeholder="Search bands..." value={filter.search} onChange={(search) => setFilter((f) => ({ ...f, search }))} />
      </div>
      <FilterPanel active={bandFilterActive(filter)} filtersSet={filter.country !== ''} onReset={() => setFilter(DEFAULT_BAND_FILTER)}>
        <SelectField label="Country" options={COUNTRY_OPTIONS} value={filter.country} onChange={(e) => setFilter((f) => ({ ...f, country: e.target.value }))} />
      </FilterPanel>

      {(phase === 'ready' || phase === 'empty') && (
        <p className="catalog-count" role="status" data-testid="band-count">
          {showingCount(shown.length, 'band')}
        </p>
      )}
      <ListStatus loading={loading} stored={items.length} shown={shown.length} loadingText="Loading..." emptyText="No bands found" noun="bands" />
      {shown.length > 0 && (
        <ul className={view === 'grid' ? 'card-list bands-rows' : 'card-list bands-compact'} aria-label="Bands" data-view={view}>
          {paged.visible.map((band) => (
            <li key={band.id}>
              <Card band={band} liked={liked.has(band.id)} featured={featured.has(band.id)} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore paged={paged} noun="bands" />
    </section>
  );
}
