// The home page's catalogue (hero, rows, ads) and the partner strip, from the local catalogue: they
// work offline and re-read when a pull brings changes.
import { HOME_FEATURED_LIMIT } from '../../../../design-docs/src/constants.ts';
import type { ProductDoc } from '../../../../design-docs/src/schemas/product.ts';
import type { ProviderDoc } from '../../../../design-docs/src/schemas/provider.ts';
import type { RestaurantDoc } from '../../../../design-docs/src/schemas/restaurant.ts';
import { useDataLayer, useLiveQuery, useSyncStatus } from '../react.ts';
import type { Band } from '../repos/bands.ts';
import type { Event } from '../repos/events.ts';
import type { Ad, HeroSlide } from '../repos/home.ts';
import type { Product } from '../repos/products.ts';
import type { Provider } from '../repos/providers.ts';
import type { Restaurant } from '../repos/restaurants.ts';

export interface HomeData<P extends string> {
  slides: HeroSlide[];
  bands: Band[];
  picks: Event[];
  destinations: Event[];
  products: Product[];
  restaurants: Restaurant[];
  providers: Provider[];
  ads: Record<P, Ad[]>;
}

export interface HomeState<P extends string> {
  /** Undefined until the local catalogue has answered (and, on a first visit, the first pull). */
  data: HomeData<P> | undefined;
}

/**
 * Everything the home page shows, in one live query. `today` is only a trigger: the event rows
 * leave out events that are over, so they are read again when the day changes. `adPositions`
 * (where the page puts ads) is the screen's constant.
 */
export function useHomeCatalog<P extends string>(today: string, adPositions: readonly P[]): HomeState<P> {
  const data = useDataLayer();
  const sync = useSyncStatus();
  const q = useLiveQuery(
    async (): Promise<HomeData<P>> => {
      const [slides, bands, picks, destinations, products, restaurants, providers, ...ads] = await Promise.all([
        data.home.heroSlides(),
        data.bands.homeFeatured(HOME_FEATURED_LIMIT),
        data.events.homePicks(HOME_FEATURED_LIMIT),
        data.events.homeDestinations(HOME_FEATURED_LIMIT),
        data.featured.items<ProductDoc>('marqet'),
        data.featured.items<RestaurantDoc>('restaurant'),
        data.featured.items<ProviderDoc>('face'),
        ...adPositions.map((p) => data.home.ads(p)),
      ]);
      return {
        slides,
        bands,
        picks,
        destinations,
        products,
        restaurants,
        providers,
        ads: Object.fromEntries(adPositions.map((p, i) => [p, ads[i] ?? []])) as Record<P, Ad[]>,
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

/** The partner strip's logos. */
export function usePartners() {
  const data = useDataLayer();
  return useLiveQuery(() => data.home.partners(), [], { dbs: ['catalog'] });
}
