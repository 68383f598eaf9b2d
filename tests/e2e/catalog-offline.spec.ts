// ADR 010: a visitor who loaded Fete once can browse every list and detail page on a plane, and a
// device with nothing stored yet says so plainly and recovers when the signal is back.
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';
import { catalogDocs, idOf, waitForCatalog } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { syncStatus } from './shell-support.ts';

const LISTS = [
  { path: '/fete-guide', h1: 'Fete Guide', detail: '/events/' },
  { path: '/fete-travel', h1: 'Fete Destinations', detail: '/events/' },
  { path: '/fete-destinations', h1: 'Fete Band', detail: '/bands/' },
  { path: '/fete-eats', h1: 'Fete Eats', detail: '/restaurants/' },
  { path: '/fete-faces', h1: 'Fete Faces', detail: '/fete-faces/' },
] as const;

const active = (docs: Doc[]) => docs.filter((d) => d.active === true);

async function openFirstDetail(page: Page, prefix: string): Promise<void> {
  const link = page.locator(`#main a[href^="${prefix}"]`).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/not found$/)).toHaveCount(0);
}

test('after one visit, every list and detail page works offline', async ({ page, context, server }) => {
  const load = (type: string) => catalogDocs(server, type).then(active);
  const [bands, restaurants, providers, products, events] = await Promise.all([load('band'), load('restaurant'), load('provider'), load('product'), load('event')]);
  await page.goto('/');
  await waitForServiceWorker(page);
  await waitForCatalog(page);

  await context.setOffline(true);
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'offline');

  for (const list of LISTS) {
    // A full page load: the service worker answers with the shell, the data is local.
    await page.goto(list.path);
    await expect(page.getByRole('heading', { level: 1, name: list.h1 })).toBeVisible();
    await openFirstDetail(page, list.detail);
  }

  // The market links out, so its check is the cards themselves.
  await page.goto('/fete-marqet');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Marqet' })).toBeVisible();
  const newest = [...products].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0] as Doc;
  await expect(page.getByText(String(newest.name), { exact: true }).first()).toBeVisible();

  // Deep links straight to a detail page, never opened before, also work.
  const deepLinks: Array<[string, string]> = [
    [`/events/${idOf(events[0] as Doc)}`, String((events[0] as Doc).title)],
    [`/bands/${idOf(bands[0] as Doc)}`, String((bands[0] as Doc).name)],
    [`/restaurants/${idOf(restaurants[0] as Doc)}`, String((restaurants[0] as Doc).name)],
    [`/fete-faces/${idOf(providers[0] as Doc)}`, `${String((providers[0] as Doc).first_name)} ${String((providers[0] as Doc).last_name)}`],
  ];
  for (const [path, name] of deepLinks) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  // Home too.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete' })).toBeVisible();
  await context.setOffline(false);
});

test.describe('on a device that never pulled the catalogue', () => {
  test.use({ freshProfile: true });

  test('a list with nothing stored yet says so offline, and fills once the server answers', async ({ page, context }) => {
    // The catalogue never arrives: the app shell is cached, the data is not.
    await context.route('**/db/catalog/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/fete-eats');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await reloadOffline(page, context);

    const note = page.getByTestId('offline-empty');
    await expect(note).toContainText("You're offline, and no restaurants are saved on this device yet.");
    await expect(note.getByRole('button', { name: 'Try again when online' })).toBeVisible();
    await expectAccessible(page, 'offline, nothing stored');

    // Back online but the server still unreachable: the note stays, with a retry.
    await context.setOffline(false);
    await expect(note.getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    await context.unroute('**/db/catalog/**');
    await note.getByRole('button', { name: 'Try again', exact: true }).click();
    await expect(page.locator('#main a[href^="/restaurants/"]').first()).toBeVisible();
    await expect(note).toHaveCount(0);
  });
});
