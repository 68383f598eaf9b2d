// Fete Travel (/fete-travel, headed Fete Destinations): only active Festival, Carnival and Cruise
// events that are not over (ADR 017), by date; search; the five-country filter; the empty state. Expectations come from the
// server's documents (the demo data moves with today's date).
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { signInOverApi } from './shell-support.ts';
import { catalogDocs, idOf, isOver, showFilters, waitForCatalog } from './catalog-support.ts';
import type { E2eServer } from './support/fixtures.ts';

interface Ev {
  id: string;
  title: string;
  text: string;
  country: string;
  category: string;
  date: string;
  start: string;
}

const TRAVEL = ['Festival', 'Carnival', 'Cruise'];
const cmp = (a: string, b: string) => (a === b ? 0 : !a ? 1 : !b ? -1 : a < b ? -1 : 1);

async function events(server: E2eServer): Promise<{ travel: Ev[]; others: Ev[] }> {
  const all = (await catalogDocs(server, 'event'))
    .filter((d) => d.active === true && !isOver(d))
    .map((d) => ({
      id: idOf(d),
      title: String(d.title ?? ''),
      text: [d.title, d.description, d.location].map((v) => String(v ?? '').toLowerCase()).join('\n'),
      country: String(d.country ?? ''),
      category: String(d.category ?? ''),
      date: String(d.date ?? ''),
      start: String(d.start_time ?? ''),
    }))
    .sort((a, b) => cmp(a.date, b.date) || cmp(a.start, b.start));
  return { travel: all.filter((e) => TRAVEL.includes(e.category)), others: all.filter((e) => !TRAVEL.includes(e.category)) };
}

const titles = (list: Ev[]) => list.map((e) => e.title);
const shownTitles = (page: Page) => page.getByTestId('event-card').locator('.card__title').allTextContents();
const expectTitles = (page: Page, expected: string[]) => expect.poll(() => shownTitles(page)).toEqual(expected);

async function openTravel(page: Page): Promise<void> {
  await page.goto('/fete-travel');
  await waitForCatalog(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Destinations', exact: true })).toBeVisible();
}

test('shows only festivals, carnivals and cruises by date, each opening its event', async ({ page, server }) => {
  const { travel, others } = await events(server);
  expect(travel.length).toBeGreaterThan(3);
  await openTravel(page);
  await expectTitles(page, titles(travel).slice(0, 48));
  const shown = new Set(await shownTitles(page));
  for (const e of others) expect(shown.has(e.title), `${e.title} (${e.category}) is not a destination`).toBe(false);

  await expect(page.getByRole('searchbox', { name: 'Search destinations' })).toHaveAttribute('placeholder', 'Search destinations...');
  await expectAccessible(page, 'Fete Travel');

  const first = travel[0]!;
  await page.getByTestId('event-card').first().getByRole('link', { name: first.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${first.id}$`));
});

test('search and the country filter narrow the list; no match says so; Reset restores', async ({ page, server }) => {
  const { travel } = await events(server);
  await openTravel(page);
  await expectTitles(page, titles(travel).slice(0, 48));

  await showFilters(page);
  const country = page.getByLabel('Country', { exact: true });
  await expect(country.locator('option')).toHaveText(['All Countries', 'Trinidad', 'Tobago', 'Jamaica', 'Barbados', 'United States']);
  for (const c of ['Trinidad', 'Jamaica', 'United States']) {
    await country.selectOption(c);
    const expected = travel.filter((e) => e.country === c);
    if (expected.length) await expectTitles(page, titles(expected));
    else await expect(page.getByText('No destinations found', { exact: true })).toBeVisible();
  }
  await country.selectOption('');

  const q = 'carnival';
  await page.getByRole('searchbox', { name: 'Search destinations' }).fill('CARNIVAL');
  const expected = travel.filter((e) => e.text.includes(q));
  expect(expected.length).toBeGreaterThan(0);
  await expectTitles(page, titles(expected).slice(0, 48));
  await expect(page).toHaveURL(/q=CARNIVAL/);

  await page.getByRole('searchbox', { name: 'Search destinations' }).fill('zz-nowhere-zz');
  await expect(page.getByText('No destinations found', { exact: true })).toBeVisible();
  await expect(page.getByTestId('event-card')).toHaveCount(0);
  await expectAccessible(page, 'Fete Travel, empty');

  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expectTitles(page, titles(travel).slice(0, 48));
  await expect(page).toHaveURL(/\/fete-travel$/);
});

test('the admin gets no feature star here: featuring plays no part in Top Destinations (ADR 017)', async ({ page, server }) => {
  const { travel } = await events(server);
  await signInOverApi(page, DEMO.admin, '/fete-travel');
  await waitForCatalog(page);
  // Known as admin: the sidebar's Admin Control group is there.
  await expect(page.getByTestId('sidebar').getByRole('region', { name: 'Admin Control' })).toBeVisible();
  await expectTitles(page, titles(travel).slice(0, 48));
  await expect(page.getByTestId('event-card').first().getByRole('button', { name: /^Like / })).toBeVisible();
  await expect(page.getByTestId('feature-toggle')).toHaveCount(0);
});
