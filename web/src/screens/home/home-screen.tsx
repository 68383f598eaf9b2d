// Home (/): the hero slideshow, then the rows of featured bands, event picks, destinations,
// market picks, eats and faces, with ads between them by position, and a way into every
// section. The layout adds the partner strip and the footer around it.
import './home.css';
import { useHomeData } from './use-home-data.ts';
import { Hero } from './hero.tsx';
import { TravellerCta } from './traveller-cta.tsx';
import { HomeRow } from './home-row.tsx';
import { BandCard, EventCard, ProductCard, ProviderCard, RestaurantCard } from './home-cards.tsx';
import { HomeAds } from './home-ad.tsx';
import { ExploreSection } from './explore-section.tsx';

export function HomeScreen() {
  const { data } = useHomeData();
  return (
    <div className="home">
      <Hero slides={data?.slides}>
        <p className="hero__lead">Carnival, fetes and festivals across the Caribbean.</p>
        <TravellerCta />
      </Hero>
      {data && (
        <>
          <HomeAds ads={data.ads.home_top} position="home_top" />
          {data.bands.length > 0 && (
            <HomeRow title="Top Carnival Bands" to="/fete-destinations" seeAllOf="carnival bands" testId="row-bands">
              {data.bands.map((b) => (
                <BandCard key={b.id} band={b} />
              ))}
            </HomeRow>
          )}
          {data.picks.length > 0 && (
            <HomeRow title="Top Event Picks" to="/fete-guide" seeAllOf="events" testId="row-picks">
              {data.picks.map((e) => (
                <EventCard key={e.id} event={e} />
              ))}
            </HomeRow>
          )}
          {data.destinations.length > 0 && (
            <HomeRow title="Top Destinations" to="/fete-travel" seeAllOf="destinations" testId="row-destinations">
              {data.destinations.map((e) => (
                <EventCard key={e.id} event={e} />
              ))}
            </HomeRow>
          )}
          <HomeAds ads={data.ads.home_middle} position="home_middle" />
          {data.products.length > 0 && (
            <HomeRow title="Fete Marqet Picks" to="/fete-marqet" seeAllOf="products" testId="row-products">
              {data.products.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </HomeRow>
          )}
          {data.restaurants.length > 0 && (
            <HomeRow title="Fete Eats" to="/fete-eats" seeAllOf="restaurants" testId="row-restaurants">
              {data.restaurants.map((r) => (
                <RestaurantCard key={r.id} restaurant={r} />
              ))}
            </HomeRow>
          )}
          {data.providers.length > 0 && (
            <HomeRow title="Fete Faces" to="/fete-faces" seeAllOf="beauty providers" testId="row-providers">
              {data.providers.map((p) => (
                <ProviderCard key={p.id} provider={p} />
              ))}
            </HomeRow>
          )}
          <HomeAds ads={data.ads.home_bottom} position="home_bottom" />
        </>
      )}
      <ExploreSection />
    </div>
  );
}
