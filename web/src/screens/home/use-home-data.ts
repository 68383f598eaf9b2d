// Everything the home page shows, read from the local catalogue in one live query: it works
// offline and re-reads when a pull brings changes.
import type { ProductDoc } from '../../../../design-docs/src/schemas/product.ts';
import type { ProviderDoc } from '../../../../design-docs/src/schemas/provider.ts';
import type { RestaurantDoc } from '../../../../design-docs/src/schemas/restaurant.ts';
import { useToday } from '../../components/catalog/use-today.ts';
import { useDataLayer, useLiveQuery, useSyncStatus } from '../../data/react.ts';
import type { Band } from '../../data/repos/bands.ts';
import type { Event } from '../../data/repos/events.ts';
import type { Ad, HeroSlide } from '../../data/repos/home.ts';
import type { Product } from '../../data/repos/products.ts';
import type { Provider } from '../../data/repos/providers.ts';
import type { Restaurant } from '../../data/repos/restaurants.ts';
import { AD_POSITIONS, HOME_FEATURED_LIMIT } from './home-limits.ts';
import type { AdPosition } from './home-limits.ts';

export interface HomeData {
  slides: HeroSlide[];
  bands: Band[];
  picks: Event[];
  destinations: Event[];
  products: Product[];
  restaurants: Restaurant[];
  providers: Provider[];
  ads: Record<AdPosition, Ad[]>;
}

export interface HomeState {
  /** Undefined until the local catalogue has answered (and, on a first visit, the first pull). */
  data: HomeData | undefined;
}

export function useHomeData(): HomeState {
  const data = useDataLayer();
  const sync = useSyncStatus();
  // The event rows leave out events that are over: read again when the day changes.
  const today = useToday();
  const q = useLiveQuery(
    async (): Promise<HomeData> => {
      const [slides, bands, picks, destinations, products, restaurants, providers, ...ads] = await Promise.all([
        data.home.heroSlides(),
        data.bands.homeFeatured(HOME_FEATURED_LIMIT),
        data.events.homePicks(HOME_FEATURED_LIMIT),
        data.events.homeDestinations(HOME_FEATURED_LIMIT),
        data.featured.items<ProductDoc>('marqet'),
        data.featured.items<RestaurantDoc>('restaurant'),
        data.featured.items<ProviderDoc>('face'),
        ...AD_POSITIONS.map((p) => data.home.ads(p)),
      ]);
      return {
        slides,
        bands,
        picks,
        destinations,
        products,
        restaurants,
        providers,
        ads: Object.fromEntries(AD_POSITIONS.map((p, i) => [p, ads[i] ?? []])) as Record<AdPosition, Ad[]>,
      };
    },
    [today],
    { dbs: ['catalog'] },
  );
  // An empty device whose first pull is on its way is still loading: the fallback slides
  // would only flash before the real ones.
  const firstPull = sync.lastSyncedAt === null && sync.state === 'syncing' && (q.data?.slides.length ?? 0) === 0;
  return { data: firstPull ? undefined : q.data };
}
