// Fete Marqet's products, from the local catalogue.
import { useDataLayer } from '../react.ts';
import { useCatalogList } from './use-catalog-item.ts';

/** Every product on the device; the last answer shows first on the next visit. */
export function useProducts() {
  const data = useDataLayer();
  return useCatalogList(() => data.products.all(), 'products');
}
