// Fete Eats and the restaurant page (ADR 010): the active restaurants by name, search and the
// three filters, the empty state; a restaurant's photos, menu, today's discount, links and its
// OpenStreetMap map, which gives way to the plain address offline. The test machine has no
// internet, so tile requests are answered here.
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, expectAccessible, DEMO } from './support/fixtures.ts';
import { catalogDocs, idOf, showFilters, waitForCatalog } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { toast } from './account-support.ts';
import { waitForServiceWorker } from './pwa-support.ts';
import { signInOverApi } from './shell-support.ts';
import { tileFor } from '../../web/src/components/map/map-logic.ts';

const TILES = 'https://*.tile.openstreetmap.org/**';
// A 1x1 transparent PNG: the smallest answer Leaflet counts as a loaded tile.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

type Item = { name: string; active?: boolean } & Doc;

async function activeRestaurants(server: Parameters<typeof catalogDocs>[0]): Promise<Item[]> {
  const docs = (await catalogDocs(server, 'restaurant')) as Item[];
  // The list's order: by name, code-point order.
  return docs.filter((d) => d.active === true).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function text(doc: Doc, field: string): string {
  const v = doc[field];
  return typeof v === 'string' ? v : '';
}

/** "05:30" → "5:30 AM", written out here so the test does not lean on the app's formatter. */
function to12(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function matches(doc: Doc, q: string): boolean {
  return ['name', 'description', 'location'].some((f) => text(doc, f).toLowerCase().includes(q.toLowerCase()));
}

type Sub = Record<string, unknown>;
const list = (doc: Doc, field: string): Sub[] => (Array.isArray(doc[field]) ? (doc[field] as Sub[]) : []);
const today = () => new Date().toISOString().slice(0, 10);
function validToday(d: Sub): boolean {
  const from = typeof d.valid_from === 'string' ? d.valid_from.slice(0, 10) : null;
  const until = typeof d.valid_until === 'string' ? d.valid_until.slice(0, 10) : null;
  return d.active !== false && (from === null || from <= today()) && (until === null || until >= today());
}

function cards(page: Page) {
  return page.getByTestId('restaurant-card');
}

async function expectNames(page: Page, docs: Item[]): Promise<void> {
  await expect(cards(page)).toHaveCount(docs.length);
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(docs.map((d) => d.name));
}

async function answerTiles(context: BrowserContext, seen: string[] = []): Promise<string[]> {
  await context.route(TILES, (route) => {
    seen.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });
  return seen;
}

test('Fete Eats lists the active restaurants by name, with their facts on the cards', async ({ page, server }) => {
  const all = await activeRestaurants(server);
  expect(all.length).toBeGreaterThan(3);
  await page.goto('/fete-eats');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Eats' })).toBeVisible();
  await expectNames(page, all);
  await expect(page.getByRole('button', { name: 'Reset Filters' })).toHaveCount(0);

  // A card: price range badge, state and country, 12-hour hours, location, link to its page.
  const first = all[0] as Item;
  const card = cards(page).filter({ has: page.getByRole('link', { name: first.name, exact: true }) });
  await expect(card.getByTestId('price-range')).toContainText(text(first, 'price_range'));
  await expect(card.getByTestId('restaurant-hours')).toHaveText(`${to12(text(first, 'opening_time'))} - ${to12(text(first, 'closing_time'))}`);
  await expect(card).toContainText(`${text(first, 'state')}, ${text(first, 'country')}`);
  await expect(card).toContainText(text(first, 'location'));
  await expect(card.getByRole('link', { name: first.name, exact: true })).toHaveAttribute('href', `/restaurants/${idOf(first)}`);
  // The feature star is for admins only.
  await expect(page.getByTestId('feature-toggle')).toHaveCount(0);
  await expectAccessible(page, 'Fete Eats');
  // A visitor's heart asks to sign in.
  await card.getByRole('button', { name: `Like ${first.name}` }).click();
  await expect(toast(page, 'Please sign in to like restaurants')).toBeVisible();
  await expect(page).toHaveURL(/\/fete-eats$/);
});

test('search and each filter narrow the list; nothing found offers a reset', async ({ page, server }) => {
  const all = await activeRestaurants(server);
  await page.goto('/fete-eats');
  await expectNames(page, all);

  // Search: name, description and location, as the person types.
  const search = page.getByPlaceholder('Search restaurants...');
  for (const q of ['bay', 'ROAD', 'roti']) {
    const expected = all.filter((d) => matches(d, q));
    expect(expected.length, `demo restaurants matching ${q}`).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    await search.fill(q);
    await expectNames(page, expected);
  }
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(search).toHaveValue('');
  await expectNames(page, all);

  // Each filter narrows to what the documents say; they combine.
  await showFilters(page);
  const cuisine = page.getByLabel('Cuisine', { exact: true });
  const price = page.getByLabel('Price Range', { exact: true });
  const location = page.getByLabel('Location', { exact: true });
  await expect(cuisine.locator('option').first()).toHaveText('All Cuisines');
  await expect(price.locator('option').first()).toHaveText('All Prices');
  await expect(location.locator('option')).toHaveText(['All Locations', 'Trinidad', 'Tobago']);

  const narrows = (docs: Item[]) => {
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.length).toBeLessThan(all.length);
    return docs;
  };
  await cuisine.selectOption('Seafood');
  await expectNames(page, narrows(all.filter((d) => d.cuisine === 'Seafood')));
  await cuisine.selectOption('');
  await price.selectOption('$');
  await expectNames(page, narrows(all.filter((d) => d.price_range === '$')));
  await price.selectOption('');
  await location.selectOption('Tobago');
  await expectNames(page, narrows(all.filter((d) => d.country === 'Tobago')));
  await location.selectOption('Trinidad');
  await expectNames(page, narrows(all.filter((d) => d.country === 'Trinidad')));
  await cuisine.selectOption('Seafood');
  await expectNames(page, all.filter((d) => d.country === 'Trinidad' && d.cuisine === 'Seafood'));

  // Nothing left: the empty text, and reset brings everything back.
  await search.fill('no such restaurant anywhere');
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText('No restaurants found', { exact: true })).toBeVisible();
  await expectAccessible(page, 'Fete Eats, nothing found');
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(cuisine).toHaveValue('');
  await expect(location).toHaveValue('');
  await expectNames(page, all);
});

test('a restaurant page shows its photos, menu, discount, links and map', async ({ page, context, server }) => {
  const all = await activeRestaurants(server);
  // One with everything on it: an eat-now link, a position and an offer valid today.
  const r = all.find((d) => text(d, 'eat_now_url') && typeof d.latitude === 'number' && list(d, 'discounts').some(validToday));
  if (!r) throw new Error('no demo restaurant with an eat-now link, a position and a discount');
  const lat = r.latitude as number;
  const lng = r.longitude as number;
  const tiles = await answerTiles(context);

  await page.goto(`/restaurants/${idOf(r)}`);
  await expect(page.getByRole('heading', { level: 1, name: r.name })).toBeVisible();
  await expect(page).toHaveTitle(`${r.name} · Fete`);
  const facts = page.locator('.detail__facts');
  await expect(facts).toContainText(text(r, 'cuisine'));
  await expect(facts).toContainText(text(r, 'price_range'));
  await expect(page.getByTestId('restaurant-hours')).toHaveText(`${to12(text(r, 'opening_time'))} - ${to12(text(r, 'closing_time'))}`);
  await expect(facts).toContainText(`${text(r, 'location')}, ${text(r, 'state')}, ${text(r, 'country')}`);
  await expect(page.getByText(text(r, 'description'))).toBeVisible();

  // Photos: the active ones only (the demo hides one per restaurant).
  const photos = list(r, 'photos');
  const activePhotos = photos.filter((p) => p.active !== false);
  expect(activePhotos.length).toBeLessThan(photos.length);
  await expect(page.getByTestId('restaurant-photos').getByRole('img')).toHaveCount(activePhotos.length);

  // Menu: active items, price with two decimals.
  const menu = list(r, 'menu_items').filter((m) => m.active !== false);
  const items = page.getByTestId('menu-item');
  await expect(items.getByRole('heading', { level: 3 })).toHaveText(menu.map((m) => String(m.name)));
  const firstItem = menu[0] as Sub;
  await expect(items.first().getByTestId('menu-price')).toHaveText(`$${(firstItem.price as number).toFixed(2)}`);
  await expect(items.first()).toContainText(String(firstItem.category));

  // The offer valid today, not the expired one, for everyone.
  const discount = list(r, 'discounts').find(validToday) as Sub;
  const box = page.getByTestId('restaurant-discount');
  await expect(box).toContainText(`${String(discount.percentage)}% off`);
  await expect(box).toContainText(String(discount.description));
  await expect(box).toContainText(String(discount.terms_conditions));
  for (const d of list(r, 'discounts').filter((x) => !validToday(x))) await expect(box).not.toContainText(String(d.description));

  // Links out: new tab, no opener.
  const links = page.getByTestId('restaurant-links');
  const expected: Array<[string, string]> = [
    ['Eat Now', text(r, 'eat_now_url')],
    ['Website', text(r, 'website_url')],
    ['Instagram', text(r, 'instagram_url')],
    ['Get Directions', `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${lat},${lng}`)}`],
  ];
  for (const [name, href] of expected) {
    const link = links.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('href', new URL(href).href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }

  // The map: a named region with the pin, OSM's credit, tiles at zoom 13 around the position.
  const map = page.getByRole('region', { name: `Map of ${r.name}` });
  await expect(map).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeAttached();
  await expect(map.getByText('© OpenStreetMap contributors')).toBeVisible();
  await expect(page.getByTestId('location-map')).toHaveAttribute('data-status', 'map');
  const centre = tileFor({ lat, lng }, 13);
  await expect.poll(() => tiles.some((u) => u.endsWith(`/13/${centre.x}/${centre.y}.png`)), { message: `tile 13/${centre.x}/${centre.y}` }).toBe(true);
  // The plain address stays next to the map.
  await expect(page.getByTestId('map-address')).toContainText(`${lat.toFixed(4)}, ${lng.toFixed(4)}`);
  // The wheel over the map scrolls the page and does not zoom the map.
  await map.hover();
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  expect(tiles.filter((u) => !/\/13\/\d+\/\d+\.png$/.test(u))).toEqual([]);
  await expectAccessible(page, 'restaurant page');

  // A visitor's like asks to sign in.
  await page.getByRole('button', { name: `Like ${r.name}` }).click();
  await expect(toast(page, 'Please sign in to like restaurants')).toBeVisible();
});

test('offline, the map gives way to the plain address and comes back with the network', async ({ page, context, server }) => {
  const all = await activeRestaurants(server);
  const r = all.find((d) => typeof d.latitude === 'number') as Item;
  await page.goto('/fete-eats');
  await waitForServiceWorker(page);
  await waitForCatalog(page);

  await context.setOffline(true);
  await page.getByRole('link', { name: r.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: r.name })).toBeVisible();
  const status = page.getByTestId('location-map');
  await expect(status).toHaveAttribute('data-status', 'offline');
  await expect(page.getByTestId('map-note')).toHaveText("You're offline, so the map can't load. The address is below.");
  const address = `${text(r, 'location')}, ${text(r, 'state')}, ${text(r, 'country')}`;
  await expect(page.getByTestId('map-address')).toContainText(address);
  await expect(page.getByTestId('map-address')).toContainText(`${(r.latitude as number).toFixed(4)}, ${(r.longitude as number).toFixed(4)}`);
  await expectAccessible(page, 'restaurant page offline');

  // Every tile has failed (an errored <img> is complete too), so the map is known to be empty.
  await expect
    .poll(() => page.locator('.leaflet-tile').evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).complete)))
    .toBe(true);

  // The signal returns: the map is built again and its tiles load.
  const tiles = await answerTiles(context);
  await context.setOffline(false);
  await expect(status).toHaveAttribute('data-status', 'map');
  await expect(page.getByTestId('map-note')).toHaveCount(0);
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeAttached();
  expect(tiles.length).toBeGreaterThan(0);
});

test('an admin sees the feature star on every card, pressed for featured restaurants', async ({ page, server }) => {
  const all = await activeRestaurants(server);
  const featured = new Set(
    (await catalogDocs(server, 'featured')).filter((f) => f.item_type === 'restaurant' && f.active !== false).map((f) => String(f.item_id)),
  );
  expect(featured.size).toBeGreaterThan(0);
  await signInOverApi(page, DEMO.admin, '/fete-eats');
  await expect(page.getByTestId('feature-toggle')).toHaveCount(all.length);
  for (const r of all) {
    const star = cards(page).filter({ has: page.getByRole('link', { name: r.name, exact: true }) }).getByRole('button', { name: `Feature ${r.name} on the home page` });
    await expect(star).toHaveAttribute('aria-pressed', String(featured.has(idOf(r))));
  }
});

test('an unknown restaurant is not found, with a way back', async ({ page }) => {
  await page.goto('/fete-eats');
  await waitForCatalog(page);
  await page.goto('/restaurants/no-such-restaurant');
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Fete Eats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Eats' })).toBeVisible();
});
