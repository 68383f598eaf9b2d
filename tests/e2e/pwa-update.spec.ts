// A new release is detected and offered, never forced: the toast "A new version of Fete is
// available" with Reload, which switches to the new version.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { waitForServiceWorker } from './pwa-support.ts';

const SW = path.resolve(import.meta.dirname, '../../dist/sw.js');

test('a new build shows the update toast and Reload activates it', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(firstWorker).toContain('/sw.js');

  // A new release: the same worker with other bytes, as a rebuild would serve. The browser
  // fetches sw.js itself (no page request to intercept), so the served file changes for a moment.
  const original = await readFile(SW, 'utf8');
  try {
    await writeFile(SW, original + '\n// release 2\n');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update();
      // Wait until the new worker has installed and waits.
      for (let i = 0; i < 100 && !reg?.waiting; i++) await new Promise((r) => setTimeout(r, 100));
    });
  } finally {
    await writeFile(SW, original);
  }
  const toast = page.getByText('A new version of Fete is available');
  await expect(toast).toBeVisible();
  const reload = page.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeVisible();
  await expectAccessible(page, 'update toast');
  const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
  expect(waiting).toBe(true);

  await Promise.all([page.waitForEvent('load'), reload.click()]);
  await expect
    .poll(async () => page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return Boolean(reg?.active) && !reg?.waiting && Boolean(navigator.serviceWorker.controller);
    }))
    .toBe(true);
  await expect(page.getByText('A new version of Fete is available')).toHaveCount(0);
});
