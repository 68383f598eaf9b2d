// The public catalogue of the demo, built from the shared fixtures with a fixed seed so that a
// re-run produces the same ids and simply conflicts with what is already there.
import { idOf } from '../../../design-docs/src/ids.ts';
import type { Fixtures } from '../../../tests/fixtures/index.ts';
import { EVENT_SEEDS } from '../../../tests/fixtures/content/events.ts';

export const DEMO_COUNTS = { events: EVENT_SEEDS.length, bands: 15, restaurants: 15, providers: 12, products: 30, heroSlides: 4, ads: 3, partners: 8, packages: 5, rides: 4 } as const;

function times<T>(n: number, make: (i: number) => T): T[] {
  return Array.from({ length: n }, (_, i) => make(i));
}

export function buildCatalog(f: Fixtures) {
  const events = times(DEMO_COUNTS.events, () => f.makeEvent());
  const bands = times(DEMO_COUNTS.bands, () => f.makeBand());
  const restaurants = times(DEMO_COUNTS.restaurants, () => f.makeRestaurant());
  const providers = times(DEMO_COUNTS.providers, () => f.makeProvider());
  const products = times(DEMO_COUNTS.products, () => f.makeProduct());
  const heroSlides = times(DEMO_COUNTS.heroSlides, () => f.makeHeroSlide());
  const ads = times(DEMO_COUNTS.ads, () => f.makeAd());
  const partners = times(DEMO_COUNTS.partners, () => f.makePartner());

  const today = f.context.baseDate;
  const upcoming = events.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  // Home "Top Event Picks" are featured Party events; "Top Destinations" needs no featuring (the
  // first festivals, carnivals and cruises by date). The other rows take the first few.
  const featuredEvents = upcoming.filter((e) => e.category === 'Party').slice(0, 3);
  const featured = [
    ...featuredEvents.map((e, order) => f.makeFeatured({ item_type: 'event', item_id: idOf(e._id), order })),
    ...bands.slice(0, 3).map((b, order) => f.makeFeatured({ item_type: 'band', item_id: idOf(b._id), order })),
    ...restaurants.slice(0, 4).map((r, order) => f.makeFeatured({ item_type: 'restaurant', item_id: idOf(r._id), order })),
    ...providers.slice(0, 4).map((p, order) => f.makeFeatured({ item_type: 'face', item_id: idOf(p._id), order })),
    ...products.slice(0, 4).map((p, order) => f.makeFeatured({ item_type: 'marqet', item_id: idOf(p._id), order })),
  ];

  return { events, bands, restaurants, providers, products, heroSlides, ads, partners, featured };
}

export type DemoCatalog = ReturnType<typeof buildCatalog>;

/** The Pelau Pot and Green Fig Vegan Kitchen belong to the demo owner, for /restaurant-admin. */
export const OWNED_RESTAURANTS = [3, 13] as const;

/** Owners are known only once the accounts exist, after the pictures have started rendering. */
export function assignOwner(catalog: DemoCatalog, ownerId: string): void {
  for (const i of OWNED_RESTAURANTS) {
    const r = catalog.restaurants[i];
    if (r) r.owner_id = ownerId;
  }
}
