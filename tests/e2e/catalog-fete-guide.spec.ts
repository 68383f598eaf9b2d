// Fete Guide (/fete-guide): active events outside Festival, Carnival and Cruise that are not over
// (ADR 017) by date then start time; search, Country / Date / Time of Day filters, reset, grid and list, the URL query, the
// card (ride link, like, admin star). The demo data moves with today's date, so the expected
// lists are computed here from the server's documents with the spec's rules.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { catalogDocs, idOf, isOver, waitForCatalog } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import type { E2eServer } from './support/fixtures.ts';
import { signInOverApi } from './shell-support.ts';
import { toast } from './account-support.ts';

interface Ev {
  id: string;
  title: string;
  description: string;
  location: string;
  country: string;
  category: string | null;
  date: string;
  start: string | null;
  ride: string | null;
  price: number | null;
  active: boolean;
}

function toEv(d: Doc): Ev {
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  return {
    id: idOf(d),
    title: s('title') ?? '',
    description: s('description') ?? '',
    location: s('location') ?? '',
    country: s('country') ?? '',
    category: s('category'),
    date: s('date') ?? '',
    start: s('start_time'),
    ride: s('fete_ride_url'),
    price: typeof d.price === 'number' ? d.price : null,
    active: d.active === true,
  };
}

const TRAVEL = ['Festival', 'Carnival', 'Cruise'];
const cmp = (a: string | null, b: string | null) => (a === b ? 0 : !a ? 1 : !b ? -1 : a < b ? -1 : 1);

/** The spec's Fete Guide list, before any filter, without the events that are over (ADR 017). */
async function guideList(server: E2eServer): Promise<Ev[]> {
  return (await catalogDocs(server, 'event'))
    .filter((d) => !isOver(d))
    .map(toEv)
    .filter((e) => e.active && !TRAVEL.includes(e.category ?? ''))
    .sort((a, b) => cmp(a.date, b.date) || cmp(a.start, b.start));
}

/** ADR 010: the band holding the start time; Morning 6-12, Afternoon 12-17, Evening 17-21, else Night. */
function band(start: string | null): string | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(start ?? '');
  if (!m) return null;
  const h = Number(m[1]);
  return h >= 6 && h < 12 ? 'morning' : h >= 12 && h < 17 ? 'afternoon' : h >= 17 && h < 21 ? 'evening' : 'night';
}

function matches(e: Ev, q: string): boolean {
  const n = q.trim().toLowerCase();
  return [e.title, e.description, e.location].some((f) => f.toLowerCase().includes(n));
}

const titles = (list: Ev[]) => list.map((e) => e.title);
const cards = (page: Page) => page.getByTestId('event-card');
const shownTitles = (page: Page) => cards(page).locator('.card__title').allTextContents();
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search events' });

async function openGuide(page: Page, path = '/fete-guide'): Promise<void> {
  await page.goto(path);
  await waitForCatalog(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Guide', exact: true })).toBeVisible();
}

async function expectTitles(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => shownTitles(page)).toEqual(expected);
}

test('lists the active non-travel events by date then start time, each card with its details', async ({ page, server }) => {
  const all = await guideList(server);
  expect(all.length).toBeGreaterThan(5);
  await openGuide(page);
  await expect(search(page)).toHaveAttribute('placeholder', 'Search events...');
  await expectTitles(page, titles(all).slice(0, 48));
  // Grid is the default layout.
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-list')).toHaveClass(/card-grid/);

  const first = all[0]!;
  const card = cards(page).first();
  await expect(card.getByRole('link', { name: first.title, exact: true })).toHaveAttribute('href', `/events/${first.id}`);
  const [y, m, d] = first.date.split('-').map(Number) as [number, number, number];
  await expect(card).toContainText(new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }));
  await expect(card).toContainText(first.location);
  await expect(card).toContainText(first.country);
  // Times in 12-hour form, never 24-hour.
  await expect(card).toContainText(/\d{1,2}:\d{2} (AM|PM)/);
  const priced = all.findIndex((e) => (e.price ?? 0) > 0);
  if (priced >= 0 && priced < 48) await expect(cards(page).nth(priced).locator('.price-badge')).toHaveText(`$${all[priced]!.price}`);
  await expectAccessible(page, 'Fete Guide, grid');
});

test('events that are over are left out: not listed, not found by search or by their date', async ({ page, server }) => {
  const over = (await catalogDocs(server, 'event')).filter((d) => d.active === true && !TRAVEL.includes(String(d.category)) && isOver(d)).map(toEv);
  expect(over.length, 'the demo has events that are over').toBeGreaterThan(0);
  const all = await guideList(server);
  await openGuide(page);
  await expectTitles(page, titles(all).slice(0, 48));
  const shown = new Set(await shownTitles(page));
  for (const e of over) expect(shown.has(e.title), `${e.title} (${e.date}) is over`).toBe(false);

  const past = over[0]!;
  await search(page).fill(past.title);
  const sameTitle = all.filter((e) => matches(e, past.title));
  if (sameTitle.length === 0) await expect(page.getByText('No events found', { exact: true })).toBeVisible();
  else await expectTitles(page, titles(sameTitle));
  await page.getByRole('button', { name: 'Clear search' }).click();

  await page.getByRole('button', { name: 'Show Filters' }).click();
  await page.getByLabel('Date', { exact: true }).fill(past.date);
  const sameDay = all.filter((e) => e.date === past.date);
  if (sameDay.length === 0) await expect(page.getByText('No events found', { exact: true })).toBeVisible();
  else await expectTitles(page, titles(sameDay));
});

test('search narrows by title and by location as the person types', async ({ page, server }) => {
  const all = await guideList(server);
  await openGuide(page);
  await expectTitles(page, titles(all).slice(0, 48));

  const byTitle = all[Math.floor(all.length / 2)]!.title.split(' ').slice(-2).join(' ').toUpperCase();
  const expectedTitle = all.filter((e) => matches(e, byTitle));
  expect(expectedTitle.length).toBeLessThan(all.length);
  await search(page).pressSequentially(byTitle);
  await expectTitles(page, titles(expectedTitle));
  await expect(page.getByRole('button', { name: 'Reset Filters' })).toBeVisible();

  const byLocation = all[0]!.location;
  const expectedLocation = all.filter((e) => matches(e, byLocation));
  await search(page).fill(byLocation.toLowerCase());
  await expectTitles(page, titles(expectedLocation));
  expect(expectedLocation.map((e) => e.id)).toContain(all[0]!.id);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expectTitles(page, titles(all).slice(0, 48));
  await expect(page.getByRole('button', { name: 'Reset Filters' })).toHaveCount(0);
});

test('Country, Date and Time of Day narrow the list; no match shows the empty state; Reset restores', async ({ page, server }) => {
  const all = await guideList(server);
  await openGuide(page);
  await expectTitles(page, titles(all).slice(0, 48));
  await expect(page.getByLabel('Country', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Show Filters' }).click();
  await expect(page.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');

  const country = page.getByLabel('Country', { exact: true });
  await expect(country.locator('option').first()).toHaveText('All Countries');
  const time = page.getByLabel('Time of Day', { exact: true });
  await expect(time.locator('option')).toHaveText(['All Times', 'Morning (6 AM - 12 PM)', 'Afternoon (12 - 5 PM)', 'Evening (5 - 9 PM)', 'Night (9 PM - 6 AM)']);
  const date = page.getByLabel('Date', { exact: true });
  await expect(date).toHaveAttribute('type', 'date');

  // Country.
  const pick = all[0]!.country;
  await country.selectOption(pick);
  await expectTitles(page, titles(all.filter((e) => e.country === pick)));
  await expect(page).toHaveURL(/country=/);
  await country.selectOption('');

  // Date.
  const day = all[Math.floor(all.length / 3)]!.date;
  await date.fill(day);
  await expectTitles(page, titles(all.filter((e) => e.date === day)));
  await date.fill('');

  // Time of Day: every band against the bands computed here.
  for (const b of ['morning', 'afternoon', 'evening', 'night']) {
    await time.selectOption(b);
    const expected = all.filter((e) => band(e.start) === b);
    if (expected.length) await expectTitles(page, titles(expected).slice(0, 48));
    else await expect(page.getByText('No events found', { exact: true })).toBeVisible();
  }

  // Together, with a search nothing matches: the empty state.
  await search(page).fill('zz-no-such-event-zz');
  await expect(page.getByText('No events found', { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page, 'Fete Guide, empty');

  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expectTitles(page, titles(all).slice(0, 48));
  await expect(search(page)).toHaveValue('');
  await expect(time).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Reset Filters' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/fete-guide$/);
});

test('list view, and the URL keeps search, filters and layout across Back and in a shared link', async ({ page, server }) => {
  const all = await guideList(server);
  await openGuide(page);
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-list')).toHaveClass(/card-list/);
  await expect(cards(page).first()).toHaveClass(/card--row/);
  await expectAccessible(page, 'Fete Guide, list');

  const target = all[1]!;
  const q = target.title.slice(0, Math.min(8, target.title.length));
  const expected = all.filter((e) => matches(e, q));
  await search(page).fill(q);
  await expectTitles(page, titles(expected));
  await expect(page).toHaveURL(/view=list/);

  // A card opens the event; Back restores the search and the layout.
  await cards(page).filter({ hasText: target.title }).first().getByRole('link', { name: target.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${target.id}$`));
  await page.goBack();
  await expect(search(page)).toHaveValue(q);
  await expectTitles(page, titles(expected));
  await expect(cards(page).first()).toHaveClass(/card--row/);

  // A shared link opens with its filters applied and showing.
  const b = band(all[0]!.start)!;
  await page.goto(`/fete-guide?country=${encodeURIComponent(all[0]!.country)}&time=${b}`);
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue(all[0]!.country);
  await expect(page.getByLabel('Time of Day', { exact: true })).toHaveValue(b);
  await expectTitles(page, titles(all.filter((e) => e.country === all[0]!.country && band(e.start) === b)));

  // The sidebar link is a fresh Fete Guide.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Fete Guide', exact: true }).click();
  await expectTitles(page, titles(all).slice(0, 48));
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('');
});

test('the FeteRide icon links out in a new tab; a visitor is asked to sign in to like; no star for visitors', async ({ page, server }) => {
  const all = await guideList(server);
  const withRide = all.find((e) => e.ride);
  const withoutRide = all.find((e) => !e.ride);
  expect(withRide, 'a demo event with a ride link').toBeTruthy();
  await openGuide(page);
  await expectTitles(page, titles(all).slice(0, 48));

  const rideCard = page.locator(`[data-event-id="${withRide!.id}"]`);
  const ride = rideCard.getByRole('link', { name: /FeteRide Available/ });
  await expect(ride).toHaveAttribute('title', 'FeteRide Available');
  await expect(ride).toHaveAttribute('target', '_blank');
  await expect(ride).toHaveAttribute('rel', /noopener/);
  await expect(ride).toHaveAttribute('href', withRide!.ride!);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), ride.click()]);
  await expect(tab).toHaveURL(new RegExp(withRide!.ride!.replace(/[.?]/g, '\\$&')));
  await tab.close();
  await expect(page).toHaveURL(/\/fete-guide/);
  if (withoutRide) await expect(page.locator(`[data-event-id="${withoutRide.id}"]`).getByRole('link', { name: /FeteRide/ })).toHaveCount(0);

  await expect(page.getByTestId('feature-toggle')).toHaveCount(0);
  await rideCard.getByRole('button', { name: `Like ${withRide!.title}` }).click();
  await expect(toast(page, 'Please sign in to like events')).toBeVisible();
  // The heart did not open the event.
  await expect(page).toHaveURL(/\/fete-guide/);
});

test('the admin sees the feature star on every card', async ({ page, server }) => {
  const all = await guideList(server);
  await signInOverApi(page, DEMO.admin, '/fete-guide');
  await waitForCatalog(page);
  await expectTitles(page, titles(all).slice(0, 48));
  await expect(page.getByTestId('feature-toggle')).toHaveCount(Math.min(all.length, 48));
  await expect(page.locator(`[data-event-id="${all[0]!.id}"]`).getByTestId('feature-toggle')).toHaveAccessibleName(`Feature ${all[0]!.title} on the home page`);
});
