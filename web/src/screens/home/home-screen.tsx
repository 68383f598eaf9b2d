// Home (/): the hero slideshow, then the rows of featured bands, event picks, destinations,
// market picks, eats and faces, with ads between them by position, and a way into every
// section. The layout adds the partner strip and the footer around it.
// Styles in cascade order: a later file may override an earlier one.
import './hero.css';
import './home-row.css';
import './home-ad.css';
import './explore-section.css';
import { useToday } from '../../components/catalog/use-today.ts';
import { useHomeCatalog } from '../../data/hooks/use-home.ts';
import { AD_POSITIONS } from '../../lib/home-limits.ts';
import { Hero } from './hero.tsx';
import { TravellerCta } from './traveller-cta.tsx';
import { HomeRow } from './home-row.tsx';
import { BandCard, EventCard, ProductCard, ProviderCard, RestaurantCard } from './home-cards.tsx';
import { HomeAds } from './home-ad.tsx';
import { ExploreSection } from './explore-section.tsx';

export function HomeScreen() {
  // The event rows leave out events that are over: read again when the day changes.
  const { data } = useHomeCatalog(useToday(), AD_POSITIONS);
  return (
    <div className="home">
      <Hero slides={data?.slides}>
        <p className="hero__lead">Carnival, fetes and festivals across the Caribbean.</p>
        <TravellerCta />
      </Hero>
      {data && (
        <>
          <HomeAds ads={data.ads.home_top} position="home_top" />
          <HomeRow title="Top Carnival Bands" to="/fete-destinations" seeAllOf="carnival bands" testId="row-bands" items={data.bands} render={(b) => <BandCard band={b} />} />
          <HomeRow title="Top Event Picks" to="/fete-guide" seeAllOf="events" testId="row-picks" items={data.picks} render={(e) => <EventCard event={e} />} />
          <HomeRow title="Top Destinations" to="/fete-travel" seeAllOf="destinations" testId="row-destinations" items={data.destinations} render={(e) => <EventCard event={e} />} />
          <HomeAds ads={data.ads.home_middle} position="home_middle" />
          <HomeRow title="Fete Marqet Picks" to="/fete-marqet" seeAllOf="products" testId="row-products" items={data.products} render={(p) => <ProductCard product={p} />} />
          <HomeRow title="Fete Eats" to="/fete-eats" seeAllOf="restaurants" testId="row-restaurants" items={data.restaurants} render={(r) => <RestaurantCard restaurant={r} />} />
          <HomeRow title="Fete Faces" to="/fete-faces" seeAllOf="beauty providers" testId="row-providers" items={data.providers} render={(p) => <ProviderCard provider={p} />} />
          <HomeAds ads={data.ads.home_bottom} position="home_bottom" />
        </>
      )}
      <ExploreSection />
    </div>
  );
}
