// Bands: the Fete Band list (/fete-destinations) with its search, country filter, count,
// large and compact rows and the members-only 'Register with Fete ID'; and the band page with
// its details, rating, sign-in prompts, attendance and attendee list, and 'Band not found'.
// The demo data is drawn from today's date, so what to expect is read from the server.
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { catalogDocs, idOf, membersDocs, putCatalogDoc, showFilters, waitForCatalog } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';
import { toast } from './account-support.ts';
import { formatDateRange } from '../../web/src/lib/dates.ts';
import { formatRating, formatRatingCount } from '../../web/src/lib/format.ts';

const LIST = '/fete-destinations';

/** The list's rule: active bands by start date, then name. */
async function activeBands(server: E2eServer): Promise<Doc[]> {
  return (await catalogDocs(server, 'band'))
    .filter((b) => b.active === true)
    .sort((a, b) => cmp(a.start_date, b.start_date) || cmp(a.name, b.name));
}

function cmp(a: unknown, b: unknown): number {
  const x = typeof a === 'string' ? a : '';
  const y = typeof b === 'string' ? b : '';
  if (x === y) return 0;
  if (x === '') return 1;
  if (y === '') return -1;
  return x < y ? -1 : 1;
}

/** The spec's band search: name, description and location, case-insensitive. */
function matches(band: Doc, term: string): boolean {
  const q = term.toLowerCase();
  return [band.name, band.description, band.location].some((f) => typeof f === 'string' && f.toLowerCase().includes(q));
}

/** A link as the page writes it: ExternalLink normalises through URL ("https://x.com" → "https://x.com/"). */
const href = (v: unknown) => new URL(String(v)).href;

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

function cards(page: Page): Locator {
  return page.getByTestId('band-card');
}

function card(page: Page, band: Doc): Locator {
  return cards(page).filter({ has: page.getByRole('heading', { level: 2, name: String(band.name), exact: true }) });
}

async function shownNames(page: Page): Promise<string[]> {
  return cards(page).locator('h2').allInnerTexts();
}

async function openList(page: Page): Promise<void> {
  await page.goto(LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Band' })).toBeVisible();
  await waitForCatalog(page);
}

test('a visitor sees the active bands in large rows, and search and country narrow them', async ({ page, server }) => {
  const bands = await activeBands(server);
  expect(bands.length, 'demo bands').toBeGreaterThan(2);
  await openList(page);

  // All of them, in start-date order, counted.
  await expect(page.getByTestId('band-count')).toHaveText(`Showing ${bands.length} bands`);
  await expect(cards(page)).toHaveCount(Math.min(bands.length, 48));
  expect(await shownNames(page)).toEqual(bands.slice(0, 48).map((b) => b.name));
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');

  // A large row: description, dates, location, the links out (new tabs) and the details link.
  const first = bands[0] as Doc;
  const row = card(page, first);
  await expect(row).toContainText(String(first.description));
  await expect(row.getByTestId('band-dates')).toHaveText(formatDateRange(String(first.start_date), first.end_date as string | null));
  await expect(row).toContainText(String(first.location));
  const register = row.getByRole('link', { name: /^Register Now/ });
  await expect(register).toHaveAttribute('href', href(first.registration_url));
  await expect(register).toHaveAttribute('target', '_blank');
  await expect(register).toHaveAttribute('rel', /noopener/);
  await expect(row.getByRole('link', { name: /^Website/ })).toHaveAttribute('href', href(first.website_url));
  await expect(row.getByRole('link', { name: /^Instagram/ })).toHaveAttribute('href', href(first.instagram_url));
  await expect(row.getByRole('link', { name: 'View Band Details' })).toHaveAttribute('href', `/bands/${idOf(first)}`);
  await expect(page.getByRole('link', { name: 'View Band Details' })).toHaveCount(Math.min(bands.length, 48));
  // A visitor never gets 'Register with Fete ID', though some bands have the link.
  expect(bands.some((b) => !blank(b.fete_id_registration_url)), 'a demo band with a Fete ID link').toBe(true);
  await expect(page.getByRole('link', { name: /Register with Fete ID/ })).toHaveCount(0);
  await expectAccessible(page, 'bands list, grid');

  // The heart asks a visitor to sign in.
  await row.getByRole('button', { name: `Like ${String(first.name)}` }).click();
  await expect(toast(page, 'Please sign in to like bands')).toBeVisible();

  // Search: a word of some locations (not all), matched on name, description and location.
  const words = [...new Set(bands.map((b) => String(b.location).split(/[\s,]+/).pop()!.toLowerCase()))];
  const term = words.find((w) => {
    const n = bands.filter((b) => matches(b, w)).length;
    return n > 0 && n < bands.length;
  });
  expect(term, 'a location word that narrows the list').toBeTruthy();
  const found = bands.filter((b) => matches(b, term!));
  const search = page.getByRole('searchbox', { name: 'Search bands' });
  await expect(search).toHaveAttribute('placeholder', 'Search bands...');
  await search.fill(term!.toUpperCase());
  await expect(page.getByTestId('band-count')).toHaveText(`Showing ${found.length} ${found.length === 1 ? 'band' : 'bands'}`);
  expect(await shownNames(page)).toEqual(found.map((b) => b.name));
  await search.fill('');

  // Country: one that holds some of the bands, not all.
  await showFilters(page);
  const country = page.getByLabel('Country');
  await expect(country.locator('option').first()).toHaveText('All Countries');
  const counts = new Map<string, number>();
  for (const b of bands) counts.set(String(b.country), (counts.get(String(b.country)) ?? 0) + 1);
  const [pick] = [...counts].find(([, n]) => n < bands.length) ?? [];
  expect(pick, 'a country with some of the bands').toBeTruthy();
  const inCountry = bands.filter((b) => b.country === pick);
  await country.selectOption(pick!);
  await expect(page.getByTestId('band-count')).toHaveText(`Showing ${inCountry.length} ${inCountry.length === 1 ? 'band' : 'bands'}`);
  expect(await shownNames(page)).toEqual(inCountry.map((b) => b.name));

  // Nothing matches: the empty state, then Reset Filters brings everything back.
  await search.fill('no band is called this');
  await expect(page.getByText('No bands found', { exact: true })).toBeVisible();
  await expect(page.getByTestId('band-count')).toHaveText('Showing 0 bands');
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page, 'bands list, empty');
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(search).toHaveValue('');
  await expect(country).toHaveValue('');
  await expect(page.getByTestId('band-count')).toHaveText(`Showing ${bands.length} bands`);
  await expect(page.getByRole('button', { name: 'Reset Filters' })).toHaveCount(0);
});

test('the list view is compact and links to each band', async ({ page, server }) => {
  const bands = await activeBands(server);
  await openList(page);
  await expect(cards(page)).toHaveCount(Math.min(bands.length, 48));
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: 'Bands' })).toHaveAttribute('data-view', 'list');

  // Same bands, without the description and the big buttons.
  expect(await shownNames(page)).toEqual(bands.slice(0, 48).map((b) => b.name));
  await expect(page.getByRole('link', { name: /^Register Now/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View Band Details' })).toHaveCount(0);
  const first = bands[0] as Doc;
  const row = card(page, first);
  await expect(row).not.toContainText(String(first.description));
  await expect(row.getByTestId('band-dates')).toHaveText(formatDateRange(String(first.start_date), first.end_date as string | null));
  await expect(row).toContainText(String(first.location));
  // Compact: far shorter than a large row.
  const height = (await row.boundingBox())?.height ?? 0;
  expect(height).toBeGreaterThan(0);
  expect(height).toBeLessThan(160);
  await expectAccessible(page, 'bands list, list view');

  await row.getByRole('link', { name: String(first.name), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/bands/${idOf(first)}$`));
  await expect(page.getByRole('heading', { level: 1, name: String(first.name) })).toBeVisible();
});

test('an inactive band is neither listed nor opened', async ({ page, server }) => {
  const bands = await activeBands(server);
  const id = `e2e-inactive-${Date.now()}`;
  const remove = await putCatalogDoc(server, {
    ...(bands[0] as Doc),
    _id: `band:${id}`,
    _rev: undefined,
    name: 'Retired Mas E2E',
    active: false,
  });
  try {
    await openList(page);
    await expect(page.getByTestId('band-count')).toHaveText(`Showing ${bands.length} bands`);
    await page.getByRole('searchbox', { name: 'Search bands' }).fill('Retired Mas');
    await expect(page.getByText('No bands found', { exact: true })).toBeVisible();
    await page.goto(`/bands/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Band not found' })).toBeVisible();
  } finally {
    await remove();
  }
});

test('a member sees Register with Fete ID only on bands that have the link', async ({ page, server }) => {
  const bands = await activeBands(server);
  const withLink = bands.find((b) => !blank(b.fete_id_registration_url)) as Doc;
  const withoutLink = bands.find((b) => blank(b.fete_id_registration_url));
  await signInOverApi(page, DEMO.member, LIST);
  await waitForCatalog(page);
  await expect(cards(page)).toHaveCount(Math.min(bands.length, 48));

  const link = card(page, withLink).getByRole('link', { name: /^Register with Fete ID/ });
  await expect(link).toHaveAttribute('href', href(withLink.fete_id_registration_url));
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: /^Register with Fete ID/ })).toHaveCount(
    bands.slice(0, 48).filter((b) => !blank(b.fete_id_registration_url)).length,
  );
  if (withoutLink) {
    await expect(card(page, withoutLink).getByRole('link', { name: /^Register Now/ })).toBeVisible();
    await expect(card(page, withoutLink).getByRole('link', { name: /Register with Fete ID/ })).toHaveCount(0);
  }
});

test('a visitor sees the band page with its rating, and is asked to sign in to like, attend or rate', async ({ page, server }) => {
  const bands = await activeBands(server);
  const band = bands.find((b) => Number(b.total_ratings) > 1) ?? (bands[0] as Doc);
  await page.goto(`/bands/${idOf(band)}`);
  await expect(page.getByRole('heading', { level: 1, name: String(band.name) })).toBeVisible();
  await expect(page).toHaveTitle(`${String(band.name)} · Fete`);

  const main = page.locator('#main');
  await expect(main.getByTestId('band-dates')).toHaveText(formatDateRange(String(band.start_date), band.end_date as string | null));
  await expect(main).toContainText(String(band.location));
  await expect(main).toContainText(String(band.country));
  await expect(main).toContainText(String(band.description));
  await expect(main).toContainText(String(band.year));
  await expect(main.getByRole('link', { name: /^Website/ })).toHaveAttribute('href', href(band.website_url));
  await expect(main.getByRole('link', { name: /^Instagram/ })).toHaveAttribute('href', href(band.instagram_url));
  await expect(main.getByRole('link', { name: /^Register Now/ })).toHaveAttribute('href', href(band.registration_url));
  await expect(main.getByRole('link', { name: /Register with Fete ID/ })).toHaveCount(0);

  // The average to one decimal and 'N rating(s)'.
  const rating = main.getByTestId('band-rating');
  await expect(rating).toContainText(formatRating(Number(band.rating)));
  await expect(rating).toContainText(`(${formatRatingCount(Number(band.total_ratings))})`);
  expect(formatRating(Number(band.rating))).toMatch(/^\d\.\d$/);
  await expectAccessible(page, 'band page, visitor');

  await main.getByRole('button', { name: `Like ${String(band.name)}` }).click();
  await expect(toast(page, 'Please sign in to like bands')).toBeVisible();
  await main.getByRole('button', { name: 'Attend', exact: true }).click();
  await expect(toast(page, 'Please sign in to mark attendance')).toBeVisible();
  await main.getByRole('radio', { name: '4 stars' }).click();
  await expect(toast(page, 'Please sign in to rate bands')).toBeVisible();

  // The attendee list is for members.
  await expect(main.getByTestId('attendees').getByRole('listitem')).toHaveCount(0);
  await expect(main.getByText("to see who's going.")).toBeVisible();

  // One rating reads '1 rating'.
  const single = bands.find((b) => Number(b.total_ratings) === 1);
  if (single) {
    await page.goto(`/bands/${idOf(single)}`);
    await expect(page.getByTestId('band-rating')).toContainText(`${formatRating(Number(single.rating))}(1 rating)`);
  }
});

test('a member sees who is going, and attending adds them to the list', async ({ page, server }) => {
  const bands = await activeBands(server);
  const signin = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO.member) });
  const me = ((await signin.json()) as { user: { id: string; first_name: string; last_name: string } }).user;
  const [attendance, profiles] = await Promise.all([membersDocs(server, 'attendance'), membersDocs(server, 'profile')]);
  const names = new Map(profiles.map((p) => [String(p.user_id ?? idOf(p)), `${String(p.first_name)} ${String(p.last_name)}`.trim()]));
  const goingTo = (band: Doc) => attendance.filter((a) => a.target_type === 'band' && a.target_id === idOf(band) && a.user_id !== me.id);
  // A band others go to and the member does not.
  const band = bands.find((b) => goingTo(b).length > 0 && !attendance.some((a) => a.target_id === idOf(b) && a.user_id === me.id));
  expect(band, 'a demo band with attendees the member is not among').toBeTruthy();
  const others = goingTo(band!).map((a) => names.get(String(a.user_id)) as string);

  await signInOverApi(page, DEMO.member, `/bands/${idOf(band!)}`);
  await expect(page.getByRole('heading', { level: 1, name: String(band!.name) })).toBeVisible();
  const list = page.getByTestId('attendees');
  await expect(list.getByRole('listitem')).toHaveCount(others.length);
  // The same attendee list as an event page's.
  await expect(list.getByRole('heading', { level: 2 })).toHaveText("Who's Going");
  await expect(list.getByRole('listitem').first()).toHaveClass(/attendees__person/);
  for (const name of others) await expect(list).toContainText(name);
  await expect(list.locator('img').first()).toBeVisible();
  const myName = `${me.first_name} ${me.last_name}`;
  await expect(list).not.toContainText(myName);
  await expectAccessible(page, 'band page, member');

  // Attend: the member joins the list; Cancel Attendance takes them off again.
  await page.getByRole('button', { name: 'Attend', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cancel Attendance' })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('listitem')).toHaveCount(others.length + 1);
  await expect(list).toContainText(myName);
  await page.getByRole('button', { name: 'Cancel Attendance' }).click();
  await expect(page.getByRole('button', { name: 'Attend', exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(others.length);
  await expect(list).not.toContainText(myName);
});

test('an unknown band says Band not found, with a way back', async ({ page }) => {
  await page.goto('/bands/no-such-band');
  await expect(page.getByRole('heading', { level: 1, name: 'Band not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Fete Band' })).toHaveAttribute('href', LIST);
  await expectAccessible(page, 'band not found');
  await page.getByRole('link', { name: 'Back to Fete Band' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Band' })).toBeVisible();
});
