// Every admin page is axe clean and usable at 1280 px and at 768 px. As the demo admin,
// each page once loaded is axe clean and shows its h1; each Add New is visible and opens its form
// from the keyboard; nothing overflows the window sideways, with the add forms open too (each
// page's own spec runs axe on its open add form). Nothing is saved.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { goInApp, signInOverApi } from './shell-support.ts';

interface AdminPage {
  path: string;
  heading: string | RegExp;
}

const PAGES: AdminPage[] = [
  { path: '/admin', heading: 'Admin Control' },
  { path: '/admin/events', heading: 'Manage Events' },
  { path: '/admin/products', heading: 'Manage Products' },
  { path: '/admin/providers', heading: 'Manage Fete Faces' },
  { path: '/admin/restaurants', heading: 'Manage Restaurants' },
  { path: '/admin/bands', heading: 'Manage Bands' },
  { path: '/admin/home', heading: 'Home Page' },
  { path: '/admin/receipts', heading: 'Manage Receipts' },
  { path: '/admin/users', heading: 'Manage Users' },
  { path: '/admin/reports', heading: 'Reports' },
  { path: '/admin/packages', heading: 'Manage Packages' },
  { path: '/admin/rides', heading: 'Manage Ride Packages' },
  { path: '/admin/forms', heading: 'Forms Management' },
];

async function noSidewaysOverflow(page: Page, label: string): Promise<void> {
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(sizes.scroll, `${label}: page ${sizes.scroll} px wide in a ${sizes.window} px window`).toBeLessThanOrEqual(sizes.window);
}

/** The page has loaded: its h1 shows and no loading spinner is left. */
async function loaded(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.spinner-wrap')).toHaveCount(0, { timeout: 20_000 });
}

async function checkPage(page: Page, heading: string | RegExp, label: string): Promise<void> {
  await loaded(page, heading);
  await expectAccessible(page, label);
  await noSidewaysOverflow(page, label);
  const addNew = page.getByRole('button', { name: 'Add New', exact: true });
  const count = await addNew.count();
  for (let i = 0; i < count; i++) {
    const button = addNew.nth(i);
    await expect(button, label).toBeVisible();
    await expect(button, label).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button, `${label}: Add New opens from the keyboard`).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(panel.getByRole('form')).toBeVisible();
    await noSidewaysOverflow(page, `${label} with its add form open`);
  }
}

async function everyPage(page: Page, width: number): Promise<void> {
  await signInOverApi(page, DEMO.admin, '/admin');
  for (const { path, heading } of PAGES) {
    await goInApp(page, path);
    await checkPage(page, heading, `${path} at ${width} px`);
  }
  // The details pages: the first demo restaurant's, provider's and event's.
  for (const [list, heading, details] of [
    ['/admin/restaurants', 'Manage Restaurants', /^Restaurant Details/],
    ['/admin/providers', 'Manage Fete Faces', /^Fete Face Details/],
    ['/admin/events', 'Manage Events', /^Event Details/],
  ] as const) {
    await goInApp(page, list);
    await loaded(page, heading);
    await page.getByRole('link', { name: /^Details of / }).first().click();
    await checkPage(page, details, `${list} details at ${width} px`);
  }
  // A form's submissions: the first demo form's.
  await goInApp(page, '/admin/forms');
  await loaded(page, 'Forms Management');
  await page.getByRole('link', { name: 'View Submissions' }).first().click();
  await checkPage(page, /^Form Submissions: /, `a form's submissions at ${width} px`);
}

test('every admin page is axe clean at 1280 px, with its h1, a keyboard Add New and no sideways overflow', async ({ page }) => {
  test.setTimeout(180_000);
  await everyPage(page, 1280);
});

test.describe('on a tablet', () => {
  test.use({ viewportSize: { width: 768, height: 1024 } });

  test('every admin page is axe clean at 768 px, with its h1, a keyboard Add New and no sideways overflow', async ({ page }) => {
    test.setTimeout(180_000);
    await everyPage(page, 768);
  });
});

/** Every link and button of the page's admin tables lies inside the window, side to side. */
async function tableActionsOnScreen(page: Page, label: string): Promise<void> {
  const controls = page.locator('.admin-table a, .admin-table button');
  const count = await controls.count();
  expect(count, `${label}: the table has actions`).toBeGreaterThan(0);
  const width = await page.evaluate(() => window.innerWidth);
  for (let i = 0; i < count; i++) {
    const box = await controls.nth(i).boundingBox();
    expect(box, `${label}: action ${i} is drawn`).not.toBeNull();
    expect(box!.x, `${label}: action ${i} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${label}: action ${i} ends on screen`).toBeLessThanOrEqual(width);
  }
}

test.describe('on a phone', () => {
  test.use({ viewportSize: { width: 390, height: 844 } });

  test('at 390 px no admin page scrolls sideways, and the admin tables are cards with every action on screen', async ({ page }) => {
    test.setTimeout(180_000);
    await signInOverApi(page, DEMO.admin, '/admin');
    for (const { path, heading } of PAGES) {
      await goInApp(page, path);
      await loaded(page, heading);
      await noSidewaysOverflow(page, `${path} at 390 px`);
    }
    await goInApp(page, '/admin/forms');
    await loaded(page, 'Forms Management');
    const row = page.getByTestId('form-row').first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await noSidewaysOverflow(page, 'Forms Management at 390 px, listed');
    await tableActionsOnScreen(page, 'Forms Management at 390 px');
    for (const name of ['View Submissions', 'Edit Form']) await expect(row.getByRole('link', { name })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Delete Form / })).toBeVisible();
    // A card: each cell on its own line, labelled by its column.
    const updated = row.locator('td[data-label="Last Updated"]');
    expect(await updated.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Last Updated"');
    expect(await updated.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    await expectAccessible(page, 'Forms Management at 390 px');

    await row.getByRole('link', { name: 'View Submissions' }).click();
    await loaded(page, /^Form Submissions: /);
    await expect(page.getByTestId('submissions-count')).not.toContainText(/Loading|Searching/, { timeout: 20_000 });
    await noSidewaysOverflow(page, 'Form Submissions at 390 px');
    if ((await page.getByTestId('submission-row').count()) > 0) await tableActionsOnScreen(page, 'Form Submissions at 390 px');
    await expectAccessible(page, 'Form Submissions at 390 px');
  });
});
