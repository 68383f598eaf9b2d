// A non-admin opening any admin route lands on /, whether signed out or
// signed in as a member, and no admin screen is shown. The routes are those of
// web/src/app/routes.tsx; the ids need not exist, since the gate comes before any load. This is
// the one place the gate is checked in the browser; each admin page's spec tests the page.
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures.ts';
import { goInApp, profileButton, signInOverApi } from './shell-support.ts';

const ADMIN_ROUTES = [
  '/admin',
  '/admin/events',
  '/admin/products',
  '/admin/providers',
  '/admin/restaurants',
  '/admin/restaurants/e2e-gate/details',
  '/admin/providers/e2e-gate/details',
  '/admin/events/e2e-gate/details',
  '/admin/bands',
  '/admin/home',
  '/admin/receipts',
  '/admin/users',
  '/admin/reports',
  '/admin/packages',
  '/admin/rides',
  '/admin/forms',
  '/admin/forms/form:e2e-gate/submissions',
  '/admin/forms/package/e2e-gate/create',
  '/admin/forms/ride/e2e-gate/edit',
  // A path no admin page answers is gated too.
  '/admin/no-such-page',
] as const;

// The h1 of every admin screen (and the builder's error screen).
const ADMIN_HEADING = /^(Admin Control|Manage |Forms Management|Form Submissions|Home Page|Reports|Create Form|Edit Form|Error|Restaurant Details|Fete Face Details|Event Details)/;

/** Opened as a link from outside (the app starts on the route); the others from inside the app. */
const DEEP_LINKS = new Set<string>(['/admin', '/admin/forms/form:e2e-gate/submissions', '/admin/no-such-page']);

async function expectSentHome(page: Page, route: string): Promise<void> {
  if (DEEP_LINKS.has(route) || !page.url().startsWith('http')) await page.goto(route);
  else await goInApp(page, route);
  await expect.poll(() => new URL(page.url()).pathname, { message: `${route} lands on /`, timeout: 20_000 }).toBe('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: ADMIN_HEADING }), route).toHaveCount(0);
}

test('a signed-out visitor opening each admin route lands on /', async ({ page }) => {
  test.setTimeout(90_000);
  for (const route of ADMIN_ROUTES) await expectSentHome(page, route);
  await expect(profileButton(page)).toHaveCount(0);
});

test('a signed-in member opening each admin route lands on /', async ({ page }) => {
  test.setTimeout(90_000);
  await signInOverApi(page, DEMO.member);
  for (const route of ADMIN_ROUTES) await expectSentHome(page, route);
  await expect(profileButton(page)).toBeVisible();
});
