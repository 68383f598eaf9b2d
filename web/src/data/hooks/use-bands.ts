// Fete Band's list and a band page's band, from the local catalogue.
import { useDataLayer } from '../react.ts';
import { useCatalogItem, useCatalogList } from './use-catalog-item.ts';

/** Every band on the device; the last answer shows first on the next visit. */
export function useBands() {
  const data = useDataLayer();
  return useCatalogList(() => data.bands.all(), 'bands');
}

export function useBand(id: string) {
  const data = useDataLayer();
  return useCatalogItem(() => data.bands.byId(id), [id]);
}
