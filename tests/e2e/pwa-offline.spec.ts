// Fete opens with no signal: after one visit, a reload offline shows the signed-in member from
// local data, the sync status says offline, and deep links fall back to the app shell.
import { test, expect, expectAccessible, DEMO } from './support/fixtures.ts';
import { profileButton, signIn, syncStatus } from './shell-support.ts';
import { waitForServiceWorker } from './pwa-support.ts';

test('an offline start opens signed in and says offline', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await signIn(page, DEMO.member);
  await expect(syncStatus(page)).toHaveAttribute('data-state', /synced|syncing/);

  await context.setOffline(true);
  await page.reload();
  await expect(profileButton(page)).toBeVisible();
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'offline');
  await expect(syncStatus(page)).toContainText('Offline');
  await expectAccessible(page, 'offline start');

  // A deep link never visited before still opens: the shell answers navigations offline.
  await page.goto('/fete-guide');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(profileButton(page)).toBeVisible();

  await context.setOffline(false);
  await expect(syncStatus(page)).not.toHaveAttribute('data-state', 'offline');
});

test.describe('on a new device', () => {
  test.use({ freshProfile: true });

  test('a visitor’s first visit is enough to browse offline', async ({ page, context }) => {
    await page.goto('/fete-eats');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.goto('/fete-faces');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});
