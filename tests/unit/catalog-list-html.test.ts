// The previews of Fete Band, Fete Eats and Fete Faces (ADR 060): the first cards in the list's own
// order, every text escaped, and each text as the app's own card writes it (the app's helpers are
// the reference: a change to one side that the other does not follow fails here).
import { describe, expect, it } from 'vitest';
import { bandListPreview, joinPlace as serverJoinPlace, providerListPreview, ratingText, restaurantListPreview } from '../../sync-server/src/share/catalog-list-html.ts';
import { dateRange, timeRange } from '../../sync-server/src/share/first-screen-html.ts';
import { catalogHead } from '../../sync-server/src/share/list-pages.ts';
import { compareBands, compareProviders, compareRestaurants } from '../../design-docs/src/rules.ts';
import { bandDates } from '../../web/src/lib/band-logic.ts';
import { formatRating, joinPlace } from '../../web/src/lib/format.ts';
import { formatTimeRange } from '../../web/src/lib/dates.ts';
import { filterBands } from '../../web/src/data/repos/bands.ts';
import { filterRestaurants } from '../../web/src/data/repos/restaurants.ts';
import { filterProviders } from '../../web/src/data/repos/providers.ts';
import type { Band } from '../../web/src/data/repos/bands.ts';
import type { Restaurant } from '../../web/src/data/repos/restaurants.ts';
import type { Provider } from '../../web/src/data/repos/providers.ts';

const EVIL = '</a></h2><script>alert(1)</script><img src=x onerror=alert(2)> & "q"';

describe('the catalogue lists\' previews', () => {
  it('say dates, times, places and ratings as the app\'s cards do', () => {
    for (const [start, end] of [['2027-02-15', '2027-02-16'], ['2027-02-15', ''], ['2027-02-15', '2027-02-15'], ['', '']] as const) {
      expect(dateRange(start, end), `${start}..${end}`).toBe(bandDates({ start_date: start || null, end_date: end || null }));
    }
    for (const [open, close] of [['11:00', '22:00'], ['00:30', ''], ['', '12:00'], ['', '']] as const) {
      expect(timeRange(open, close)).toBe(formatTimeRange(open || null, close || null));
    }
    for (const parts of [['Port of Spain', 'Trinidad'], ['Trinidad', 'trinidad'], ['  Saint   Ann ', 'Jamaica'], ['', 'Barbados'], ['', '']]) {
      expect(serverJoinPlace(...parts)).toBe(joinPlace(...parts));
    }
    for (const r of [4.25, 0, 5, undefined]) expect(ratingText(r)).toBe(formatRating(r));
  });

  it('take the first active ones in the app\'s own order', () => {
    const bands = [
      { _id: 'band:c', name: 'Carib', start_date: '2027-03-01', active: true },
      { _id: 'band:a', name: 'Zulu', start_date: '2027-02-01', active: true },
      { _id: 'band:b', name: 'Alpha', start_date: '2027-02-01', active: true },
      { _id: 'band:off', name: 'Aaa', start_date: '2027-01-01', active: false },
      { _id: 'band:undated', name: 'Undated', active: true },
    ];
    const app = (docs: readonly Record<string, unknown>[]) => docs.map((d) => ({ ...d, id: String(d._id).split(':')[1] }));
    expect(catalogHead(bands, compareBands).map((b) => b._id)).toEqual(filterBands(app(bands) as unknown as Band[]).map((b) => b._id));
    const restaurants = [{ _id: 'restaurant:1', name: 'roti', active: true }, { _id: 'restaurant:2', name: 'Doubles', active: true }, { _id: 'restaurant:3', name: 'Bake', active: false }];
    expect(catalogHead(restaurants, compareRestaurants).map((r) => r._id)).toEqual(filterRestaurants(app(restaurants) as unknown as Restaurant[]).map((r) => r._id));
    const providers = [
      { _id: 'provider:1', first_name: 'Zoe', rating: 4.5, active: true },
      { _id: 'provider:2', first_name: 'Ana', rating: 4.5, active: true },
      { _id: 'provider:3', first_name: 'Bo', rating: 5, active: true },
      { _id: 'provider:4', first_name: 'Cy', rating: 3, active: true },
    ];
    expect(catalogHead(providers, compareProviders).map((p) => p._id)).toEqual(['provider:3', 'provider:2', 'provider:1', 'provider:4']);
    expect(catalogHead(providers, compareProviders).map((p) => p._id)).toEqual(filterProviders(app(providers) as unknown as Provider[]).map((p) => p._id));
    expect(catalogHead(providers, compareProviders, 2)).toHaveLength(2);
  });

  it('Fete Band: the heading and lead, the rows\' pictures, years, dates, places and the details link', () => {
    const { html, images } = bandListPreview([
      { _id: 'band:tribe 1', name: 'Tribe <Mas>', year: 2027, start_date: '2027-02-15', end_date: '2027-02-16', location: 'Port of Spain', country: 'Trinidad and Tobago', description: `Pretty mas. ${'word '.repeat(400)}`, image_url: 'u1/1765000000000-0123456789ab.webp' },
      { _id: 'band:b2', name: 'Second', image_url: '', website_url: 'https://second.example/', instagram_url: 'javascript:alert(1)', registration_url: ' http://reg.example/x?a=1&b=2 ' },
    ]);
    expect(html).toContain('<h1>Fete Band</h1>');
    expect(html).toContain('<p class="catalog-page__lead">Fete Destinations: carnival bands, their road dates and how to register.</p>');
    expect(html).toContain('<ul class="card-list bands-rows">');
    expect(html).toContain('<a class="card__link" href="/bands/tribe%201">Tribe &lt;Mas&gt;</a>');
    expect(html).toContain('<p class="card__kicker">2027</p>');
    expect(html).toContain('<span>February 15, 2027 - February 16, 2027</span>');
    expect(html).toContain('<span>Port of Spain, Trinidad and Tobago</span>');
    expect(html).toContain('<a class="btn btn--secondary btn--small" href="/bands/tribe%201">View Band Details</a>');
    expect(html).toContain('alt="Tribe &lt;Mas&gt;" width="320" height="240"');
    // The band's ways out, as the app links them: http(s) only, in a new tab, said so.
    expect(html).toContain('<a class="btn btn--ghost btn--small" href="https://second.example/" target="_blank" rel="noopener noreferrer">Website<span class="visually-hidden"> (opens in a new tab)</span></a>');
    expect(html).toContain('<a class="btn btn--primary btn--small" href="http://reg.example/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">Register Now');
    expect(html).not.toContain('Instagram');
    expect(html).not.toContain('javascript:');
    // A long description is cut: three lines show.
    expect((/<p class="band-row__description">([^<]*)<\/p>/.exec(html) as RegExpExecArray)[1]!.length).toBeLessThanOrEqual(601);
    // The first row's picture is the page's main one; a band without one shows the bucket's default.
    expect(images).toEqual(['/uploads/band-images/u1/1765000000000-0123456789ab-sm.webp', '/images/defaults/band.svg']);
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(1);
    // The count's line keeps its room, with nothing said twice to a screen reader.
    expect(html).toContain('<p class="catalog-count" aria-hidden="true">&nbsp;</p>');
  });

  it('Fete Eats: price range, region, cuisine, hours and address', () => {
    const { html } = restaurantListPreview([
      { _id: 'restaurant:r1', name: 'Roti Hut', price_range: '$$', state: 'Tobago', country: 'Trinidad and Tobago', cuisine: 'Caribbean', opening_time: '11:00', closing_time: '22:00', location: 'Store Bay', image_url: 'demo/r.webp' },
    ]);
    expect(html).toContain('<h1>Fete Eats</h1>');
    expect(html).toContain('<span class="price-badge"><span class="visually-hidden">Price range </span>$$</span>');
    expect(html).toContain('<p class="card__kicker">Tobago, Trinidad and Tobago</p>');
    expect(html).toContain('<a class="card__link" href="/restaurants/r1">Roti Hut</a>');
    expect(html).toContain('<p class="eats-card__cuisine"><span class="chip">Caribbean</span></p>');
    expect(html).toContain('<span>11:00 AM - 10:00 PM</span>');
    expect(html).toContain('<span>Store Bay</span>');
    expect(html).not.toContain('catalog-count');
  });

  it('Fete Faces: name, rating, place and the first two services then "+N"', () => {
    const { html, images } = providerListPreview([
      { _id: 'provider:p1', first_name: 'Ana', last_name: 'Lee', rating: 4.25, state: 'St. Michael', country: 'Barbados', services: ['Makeup', 'Hair', 'Nails', 'Lashes'], avatar_url: 'demo/ana.webp' },
      { _id: 'provider:p2', first_name: 'Bo', last_name: '', services: [] },
    ]);
    expect(html).toContain('<h1>Fete Faces</h1>');
    expect(html).toContain('<a class="card__link" href="/fete-faces/p1">Ana Lee</a>');
    expect(html).toContain('<span class="visually-hidden">Rating </span><span>4.3</span>');
    expect(html).toContain('<span>St. Michael, Barbados</span>');
    expect(html).toContain('<ul class="face-card__services" aria-label="Services"><li class="chip">Makeup</li><li class="chip">Hair</li><li class="chip chip--more">+2<span class="visually-hidden"> more</span></li></ul>');
    expect(html).toContain('<a class="card__link" href="/fete-faces/p2">Bo</a>');
    expect(html.match(/face-card__services/g)).toHaveLength(1);
    expect(images).toEqual(['/uploads/avatars/demo/ana.webp', '/images/defaults/avatar.svg']);
  });

  it('escape every text', () => {
    const band = bandListPreview([{ _id: `band:${EVIL}`, name: EVIL, description: EVIL, location: EVIL, country: EVIL, image_url: `https://x.example/a.jpg?"><script>` }]).html;
    const eats = restaurantListPreview([{ _id: `restaurant:${EVIL}`, name: EVIL, price_range: EVIL, cuisine: EVIL, location: EVIL, state: EVIL }]).html;
    const faces = providerListPreview([{ _id: `provider:${EVIL}`, first_name: EVIL, last_name: EVIL, services: [EVIL, EVIL, EVIL], state: EVIL }]).html;
    for (const html of [band, eats, faces]) {
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toMatch(/href="[^"]*"[^>]*"/);
    }
  });
});
