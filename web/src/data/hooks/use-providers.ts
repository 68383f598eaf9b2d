// Fete Faces' list and a provider page's provider, from the local catalogue.
import { useDataLayer } from '../react.ts';
import { useCatalogItem, useCatalogList } from './use-catalog-item.ts';

/** Every provider on the device; the last answer shows first on the next visit. */
export function useProviders() {
  const data = useDataLayer();
  return useCatalogList(() => data.providers.all(), 'providers');
}

export function useProvider(id: string) {
  const data = useDataLayer();
  return useCatalogItem(() => data.providers.byId(id), [id]);
}
