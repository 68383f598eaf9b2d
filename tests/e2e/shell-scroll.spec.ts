// Scroll is restored on back navigation and reset to the top on a new page.
import { expect, test } from './support/fixtures.ts';
import { scrollTo } from './shell-support.ts';

test.use({ viewportSize: { width: 375, height: 812 } });

const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => Math.round(window.scrollY));

/** Index of the first event link fully inside the viewport. */
async function firstVisibleEventLink(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('#main a[href^="/events/"]')];
    return links.findIndex((a) => {
      const r = a.getBoundingClientRect();
      return r.height > 0 && r.top >= 80 && r.bottom <= window.innerHeight;
    });
  });
}

test('a new page starts at the top; back restores where you were', async ({ page }) => {
  await page.goto('/fete-guide');
  const events = page.locator('#main a[href^="/events/"]');
  await expect.poll(() => events.count()).toBeGreaterThan(8);
  await scrollTo(page, 900);
  await expect.poll(() => scrollY(page)).toBe(900);

  const index = await firstVisibleEventLink(page);
  expect(index).toBeGreaterThanOrEqual(0);
  await events.nth(index).click();
  await expect(page).toHaveURL(/\/events\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  // Back: the list renders at once from its last answer, so the position comes back.
  await page.goBack();
  await expect(page).toHaveURL(/\/fete-guide$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Guide' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(900);

  // Forward again: that page is restored to where it was (the top).
  await page.goForward();
  await expect(page).toHaveURL(/\/events\/[^/]+$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('focus moves to the new page after a navigation', async ({ page }) => {
  await page.goto('/fete-guide');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Guide' })).toBeVisible();
  const first = page.locator('#main a[href^="/events/"]').first();
  const title = ((await first.textContent()) ?? '').trim();
  expect(title).not.toBe('');
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();
  await expect(page).toHaveTitle(`${title} · Fete`);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Fete');
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
