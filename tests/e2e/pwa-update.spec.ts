// A new release is detected and offered, never forced: the toast "A new version of Fete is
// available" with Reload, which switches to the new version. Another open tab is never reloaded
// on its own, so its open form survives.
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { findWaitingWorker, startReleaseProxy, waitForServiceWorker } from './pwa-support.ts';
import type { ReleaseProxy } from './pwa-support.ts';

const UPDATE = 'A new version of Fete is available';

let proxy: ReleaseProxy;
test.beforeEach(async ({ server }) => {
  proxy = await startReleaseProxy(server.url);
});
test.afterEach(async () => {
  await proxy.close();
});

test('a new build shows the update toast and Reload activates it', async ({ page }) => {
  await page.goto(`${proxy.url}/`);
  await waitForServiceWorker(page);
  const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(first).toContain('/sw.js');

  proxy.release('release 2');
  await findWaitingWorker(page);
  const toast = page.getByText(UPDATE);
  await expect(toast).toBeVisible();
  const reload = page.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeVisible();
  await expectAccessible(page, 'update toast');
  // Shown, not forced: the new worker still waits.
  await page.waitForTimeout(500);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

  await page.evaluate(() => ((window as unknown as { feteMarker: number }).feteMarker = 1));
  await Promise.all([page.waitForEvent('load'), reload.click()]);
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return Boolean(reg?.active) && !reg?.waiting && Boolean(navigator.serviceWorker.controller);
      }),
    )
    .toBe(true);
  // A real reload happened, and the new version is the one in control.
  expect(await page.evaluate(() => (window as unknown as { feteMarker?: number }).feteMarker)).toBeUndefined();
  const sw = await page.evaluate(async () => (await fetch('/sw.js', { cache: 'no-store' })).text());
  expect(sw).toContain('// release 2');
  await expect(page.getByText(UPDATE)).toHaveCount(0);
});

test('Reload in one tab never reloads another tab on its own', async ({ page, context }) => {
  await page.goto(`${proxy.url}/signin`);
  await waitForServiceWorker(page);
  // Both tabs opened under the current worker, as on any visit after the first.
  await page.reload();
  const other = await context.newPage();
  await other.goto(`${proxy.url}/`);
  await waitForServiceWorker(other);
  // The member is half-way through a form in the first tab.
  await page.getByLabel('Email', { exact: true }).fill('half-typed@fete.demo');
  await page.evaluate(() => ((window as unknown as { feteMarker: number }).feteMarker = 1));

  proxy.release('release 3');
  await findWaitingWorker(other);
  await expect(other.getByText(UPDATE)).toBeVisible();
  await expect(page.getByText(UPDATE)).toBeVisible();

  // The second tab accepts: the new worker takes over both tabs (clientsClaim) ...
  const controllerChanged = page.evaluate(
    () => new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true })),
  );
  await Promise.all([other.waitForEvent('load'), other.getByRole('button', { name: 'Reload' }).click()]);
  await controllerChanged;
  await page.waitForTimeout(1000);
  // ... but the first tab keeps its form, and offers the switch once.
  expect(await page.evaluate(() => (window as unknown as { feteMarker?: number }).feteMarker)).toBe(1);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('half-typed@fete.demo');
  await expect(page.getByText(UPDATE)).toHaveCount(1);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
  await expect(page.getByText(UPDATE)).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
});
