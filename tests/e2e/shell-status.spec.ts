// The sync status follows the connection: offline when the context goes offline, all synced
// when it comes back; an offline reload still opens the app.
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { profileButton, signIn, syncStatus } from './shell-support.ts';

test('signed out: offline, then all synced again', async ({ page, context }) => {
  await page.goto('/fete-eats');
  const status = syncStatus(page);
  await expect(status).toHaveText('All synced', { timeout: 20_000 });
  await expect(status).toHaveAttribute('role', 'status');

  await context.setOffline(true);
  await expect(status).toHaveText('Offline');
  await expect(status).toHaveAttribute('data-state', 'offline');
  await expectAccessible(page, 'offline status');

  await context.setOffline(false);
  await expect(status).toHaveText('All synced', { timeout: 20_000 });
});

test('signed in: offline and back, and the page still works offline', async ({ page, context }) => {
  await signIn(page, DEMO.member);
  const status = syncStatus(page);
  await expect(status).toHaveText('All synced', { timeout: 20_000 });
  await context.setOffline(true);
  await expect(status).toHaveText('Offline');
  // Navigating in the app needs no network once the screens' code is loaded.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fete' })).toBeVisible();
  await expect(profileButton(page)).toBeVisible();
  await context.setOffline(false);
  await expect(status).toHaveText('All synced', { timeout: 20_000 });
});

test.describe('at 375px', () => {
  test.use({ viewportSize: { width: 375, height: 812 } });

  test('the status stays visible and compact', async ({ page, context }) => {
    await page.goto('/');
    const status = syncStatus(page);
    await expect(status).toBeVisible();
    await context.setOffline(true);
    await expect(status).toContainText('Offline');
    await expect(status).toBeInViewport();
    const box = await status.boundingBox();
    expect(box?.width ?? 999).toBeLessThan(140);
    await context.setOffline(false);
  });
});
