// Back from a detail page returns to the list as it was left: its search and filters (kept in
// the URL query), so a shared link opens the same view too.
import { test, expect } from './support/fixtures.ts';
import { catalogDocs, showFilters, waitForCatalog } from './catalog-support.ts';

test('Fete Eats and Fete Faces keep their search and filters across Back and in the link', async ({ page, server }) => {
  const restaurants = (await catalogDocs(server, 'restaurant')).filter((r) => r.active === true);
  const cuisine = String(restaurants[0]?.cuisine);
  const withCuisine = restaurants.filter((r) => r.cuisine === cuisine).length;

  await page.goto('/fete-eats');
  await waitForCatalog(page);
  await showFilters(page);
  await page.getByLabel('Cuisine').selectOption(cuisine);
  const cards = page.locator('#main a[href^="/restaurants/"]');
  await expect.poll(() => cards.count()).toBe(withCuisine);
  await expect(page).toHaveURL(new RegExp(`cuisine=${encodeURIComponent(cuisine).replace(/%20/g, '(\\+|%20)')}`));
  await cards.first().click();
  await expect(page).toHaveURL(/\/restaurants\//);
  await page.goBack();
  await expect(page.getByLabel('Cuisine')).toHaveValue(cuisine);
  await expect.poll(() => cards.count()).toBe(withCuisine);

  const providers = (await catalogDocs(server, 'provider')).filter((p) => p.active === true);
  const name = String(providers[0]?.first_name);
  await page.goto(`/fete-faces?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('searchbox', { name: 'Search providers' })).toHaveValue(name);
  const faces = page.locator('#main a[href^="/fete-faces/"]');
  await expect(faces.first()).toBeVisible();
  await faces.first().click();
  await expect(page).toHaveURL(/\/fete-faces\/[^/?]+$/);
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search providers' })).toHaveValue(name);
});
