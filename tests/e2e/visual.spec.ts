// Screenshot tests at 390 px: the header, signed out, with the install offer, and a
// catalogue card, against baselines committed in tests/e2e/__screenshots__/. A change to either
// fails the run until the baseline is updated on purpose (`npx playwright test
// tests/e2e/visual.spec.ts --update-snapshots`, then review the images and commit them).
import { expect, test } from './support/fixtures.ts';
import { holdBackRealInstallOffers, offerInstall } from './pwa-support.ts';

test.use({ viewportSize: { width: 390, height: 844 } });

test('the header at 390 px, signed out, with the install offer', async ({ page }) => {
  await holdBackRealInstallOffers(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
  await offerInstall(page);
  await expect(page.getByRole('button', { name: 'Install Fete' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');
  await expect(page.locator('header.topbar')).toHaveScreenshot('header-390-signed-out-install.png');
});

test('a Fete Marqet card at 390 px', async ({ page }) => {
  await page.goto('/fete-marqet');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced');
  const card = page.getByTestId('product-card').first();
  await expect(card).toBeVisible();
  // The demo picture is drawn on the server from the product's id: wait until it has loaded.
  await expect
    .poll(() => card.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(card).toHaveScreenshot('marqet-card-390.png');
});
