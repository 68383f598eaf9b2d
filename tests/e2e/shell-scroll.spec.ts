// Scroll is restored on back navigation and reset to the top on a new page.
import { expect, test } from './support/fixtures.ts';
import { scrollTo } from './shell-support.ts';

test.use({ viewportSize: { width: 375, height: 812 } });

const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => Math.round(window.scrollY));

test('a new page starts at the top; back restores where you were', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('link', { name: /^Fete Nation/ }).last();
  await expect(card).toBeAttached();
  await card.scrollIntoViewIfNeeded();
  await scrollTo(page, 900);
  await expect.poll(() => scrollY(page)).toBe(900);

  await page.getByRole('link', { name: /^Fete Packages/ }).last().click();
  await expect(page).toHaveURL(/\/fete-packages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Packages' })).toBeVisible();
  const afterPush = await scrollY(page);
  expect(afterPush).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fete' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(900);

  // Forward again: that page is restored to where it was (the top).
  await page.goForward();
  await expect(page).toHaveURL(/\/fete-packages$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('focus moves to the new page after a navigation', async ({ page }) => {
  await page.goto('/fete-guide');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Guide' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fete' })).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();
  await expect(page).toHaveTitle('Fete');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Fete');
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
