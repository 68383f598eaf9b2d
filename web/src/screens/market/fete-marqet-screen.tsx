// Fete Marqet (/fete-marqet): carnival products sold through external shop links, searched and
// filtered (category, whole-dollar price range) in memory on each keystroke, 48 at a time.
import { useMemo, useState } from 'react';
import {
  FilterPanel,
  ListStatus,
  LoadMore,
  SearchField,
  listPhase,
  useFeaturedIds,
  usePagedList,
} from '../../components/catalog/index.ts';
import { SelectField } from '../../components/ui/index.ts';
import { useSyncStatus } from '../../data/react.ts';
import { useProducts } from '../../data/hooks/use-products.ts';
import { filterProducts } from '../../data/repos/products.ts';
import { MARKET_CATEGORIES } from '../../../../design-docs/src/constants.ts';
import { showingCount } from '../../lib/format.ts';
import { DEFAULT_PRICE_FILTER, priceFilterActive, typePriceBound } from './price-filter.ts';
import type { PriceFilter } from './price-filter.ts';
import { PriceRangeFields } from './price-range-fields.tsx';
import { ProductCard } from './product-card.tsx';
import './market.css';

const CATEGORY_OPTIONS = [{ value: '', label: 'All Categories' }, ...MARKET_CATEGORIES.map((c) => ({ value: c, label: c }))];

export function FeteMarqetScreen() {
  const { items, loading } = useProducts();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [price, setPrice] = useState<PriceFilter>(DEFAULT_PRICE_FILTER);
  const filter = useMemo(
    () => ({ search, category: category || null, minPrice: price.applied.min, maxPrice: price.applied.max }),
    [search, category, price.applied],
  );
  const shown = useMemo(() => filterProducts(items, filter), [items, filter]);
  const paged = usePagedList(shown, JSON.stringify(filter));
  const featured = useFeaturedIds('marqet');
  const sync = useSyncStatus();
  const phase = listPhase({ loading, stored: items.length, shown: shown.length, syncState: sync.state, everSynced: sync.lastSyncedAt !== null });
  const active = search.trim() !== '' || category !== '' || priceFilterActive(price);

  function reset() {
    setSearch('');
    setCategory('');
    setPrice(DEFAULT_PRICE_FILTER);
  }

  return (
    <section className="page catalog-page marqet-page" aria-labelledby="marqet-title">
      <header className="catalog-page__header">
        <div>
          <h1 id="marqet-title">Fete Marqet</h1>
          <p className="catalog-page__lead">Costumes, swimwear and carnival essentials from the shops that make them.</p>
        </div>
      </header>

      <div className="catalog-toolbar">
        <SearchField label="Search products" placeholder="Search for carnival essentials..." value={search} onChange={setSearch} />
      </div>
      <FilterPanel active={active} filtersSet={category !== '' || priceFilterActive(price)} onReset={reset}>
        <SelectField label="Category" options={CATEGORY_OPTIONS} value={category} onChange={(e) => setCategory(e.target.value)} />
        <PriceRangeFields value={price} onType={(bound, text) => setPrice((p) => typePriceBound(p, bound, text))} />
      </FilterPanel>

      {(phase === 'ready' || phase === 'empty') && (
        <p className="catalog-count" role="status" data-testid="product-count">
          {showingCount(shown.length, 'product')}
        </p>
      )}
      <ListStatus loading={loading} stored={items.length} shown={shown.length} loadingText="Loading products..." emptyText="No products found" noun="products" />
      {shown.length > 0 && (
        <ul className="card-grid" aria-label="Products">
          {paged.visible.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} featured={featured.has(product.id)} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore paged={paged} noun="products" />
    </section>
  );
}
