// A clean console (ADR 034). Every main screen, signed out and signed in, online and offline,
// logs no error and no warning: no refresh asked for without a session, no listener warnings,
// no noise for an ordinary lost signal. Offline, the only lines allowed are the browser's own
// reports of requests that could not leave the device (the app cannot know there is no signal
// until a request fails: navigator.onLine is not to be trusted, see FIELD-NOTES).
import type { ConsoleMessage, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { goInApp, signInOverApi, syncStatus } from './shell-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';
import { waitForCatalog } from './catalog-support.ts';

const SCREENS = ['/', '/fete-guide', '/fete-travel', '/fete-destinations', '/fete-eats', '/fete-faces', '/fete-marqet', '/dashboard', '/fete-chat', '/fete-nation', '/fete-packages', '/settings/profile'];
// ERR_FAILED: a request the service worker could not answer from its cache (an image not seen yet).
const OFFLINE_NETWORK = /^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)$/;

function watchConsole(page: Page, offline: () => boolean): string[] {
  const bad: string[] = [];
  const onMessage = (m: ConsoleMessage) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    if (offline() && OFFLINE_NETWORK.test(m.text())) return;
    bad.push(`${m.type()} on ${new URL(page.url()).pathname}: ${m.text()}`);
  };
  page.on('console', onMessage);
  page.on('pageerror', (err) => bad.push(`uncaught on ${new URL(page.url()).pathname}: ${err.message}`));
  return bad;
}

/** Each screen as a full load, then a moment for what runs after the first paint (sync, the chat window). */
async function visitAll(page: Page): Promise<void> {
  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(400);
  }
}

test('signed out, online: no error or warning on any main screen, and no refresh asked for', async ({ page }) => {
  const bad = watchConsole(page, () => false);
  const refreshes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/refresh')) refreshes.push(r.url());
  });
  await visitAll(page);
  expect(bad).toEqual([]);
  expect(refreshes).toEqual([]);
});

test('signed in, online then offline: no error or warning on any main screen', async ({ page, context, server }) => {
  test.setTimeout(150_000);
  let offline = false;
  const bad = watchConsole(page, () => offline);
  const me = await createAccount(server, 'console');
  await signInOverApi(page, me, '/');
  await waitForCatalog(page);
  await waitForServiceWorker(page);
  await visitAll(page);
  expect(bad, 'online').toEqual([]);

  offline = true;
  await context.setOffline(true);
  await reloadOffline(page, context);
  for (const path of SCREENS) {
    await goInApp(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(400);
  }
  // Fete Chat offline for a while: the chat window's first trim and the retries come and go.
  await goInApp(page, '/fete-chat');
  await page.waitForTimeout(8000);
  expect(bad, 'offline').toEqual([]);
});

test('sync restarted again and again (each time the signal returns) leaves no changes listener behind', async ({ page, server }) => {
  const bad = watchConsole(page, () => false);
  const me = await createAccount(server, 'console-restarts');
  await signInOverApi(page, me, '/fete-chat');
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  // Each 'online' restarts the live replications: the old feeds on the device's databases are
  // cancelled and new ones start. A cancelled feed that kept its listener would pass ten here.
  for (let i = 0; i < 14; i++) {
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect(syncStatus(page)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
    await page.waitForTimeout(300);
  }
  expect(bad).toEqual([]);
});
