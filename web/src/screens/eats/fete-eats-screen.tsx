// Fete Eats (/fete-eats): active restaurants, searched and filtered in memory on every keystroke,
// shown a page at a time.
import { useMemo } from 'react';
import { FilterPanel, ListStatus, LoadMore, SearchField, useFeaturedIds, useLikedIds, usePagedList, useQueryState } from '../../components/catalog/index.ts';
import { SelectField, VisuallyHidden } from '../../components/ui/index.ts';
import { useRestaurants } from '../../data/hooks/use-restaurants.ts';
import { filterRestaurants } from '../../data/repos/restaurants.ts';
import { showingCount } from '../../lib/format.ts';
import { CUISINE_OPTIONS, LOCATION_OPTIONS, NO_FILTER, PRICE_OPTIONS, isFilterActive, toRestaurantFilter } from './eats-filter.ts';
import type { EatsFilter } from './eats-filter.ts';
import { RestaurantCard } from './restaurant-card.tsx';
import './eats.css';

export function FeteEatsScreen() {
  const { items, loading } = useRestaurants();
  const [filter, setFilter] = useQueryState(NO_FILTER);
  const shown = useMemo(() => filterRestaurants(items, toRestaurantFilter(filter)), [items, filter]);
  const stored = useMemo(() => items.filter((r) => r.active).length, [items]);
  const paged = usePagedList(shown, JSON.stringify(filter));
  const liked = useLikedIds('restaurant');
  const featured = useFeaturedIds('restaurant');
  const set = (patch: Partial<EatsFilter>) => setFilter((f) => ({ ...f, ...patch }));

  return (
    <section className="catalog-page eats-page" aria-labelledby="eats-title">
      <header className="catalog-page__header">
        <h1 id="eats-title">Fete Eats</h1>
      </header>
      <div className="catalog-toolbar">
        <SearchField label="Search restaurants" placeholder="Search restaurants..." value={filter.search} onChange={(search) => set({ search })} />
      </div>
      <FilterPanel active={isFilterActive(filter)} filtersSet={isFilterActive({ ...filter, search: '' })} onReset={() => setFilter(NO_FILTER)}>
        <SelectField label="Cuisine" placeholder="All Cuisines" options={CUISINE_OPTIONS} value={filter.cuisine} onChange={(e) => set({ cuisine: e.target.value })} />
        <SelectField label="Price Range" placeholder="All Prices" options={PRICE_OPTIONS} value={filter.priceRange} onChange={(e) => set({ priceRange: e.target.value })} />
        <SelectField label="Location" placeholder="All Locations" options={LOCATION_OPTIONS} value={filter.location} onChange={(e) => set({ location: e.target.value })} />
      </FilterPanel>
      {/* Filtering changes the list silently; this says how many are left. */}
      <VisuallyHidden role="status">{loading ? '' : showingCount(shown.length, 'restaurant')}</VisuallyHidden>
      <ListStatus loading={loading} stored={stored} shown={shown.length} loadingText="Loading restaurants..." emptyText="No restaurants found" noun="restaurants" />
      {shown.length > 0 && (
        <ul className="card-grid" aria-label="Restaurants">
          {paged.visible.map((r) => (
            <li key={r._id}>
              <RestaurantCard restaurant={r} liked={liked.has(r.id)} featured={featured.has(r.id)} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore paged={paged} noun="restaurants" />
    </section>
  );
}
