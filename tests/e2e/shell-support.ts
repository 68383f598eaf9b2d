// Helpers of the layout and shell specs.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { DEMO, expect } from './support/fixtures.ts';

export function syncStatus(page: Page): Locator {
  return page.getByTestId('sync-status');
}

export function sidebar(page: Page): Locator {
  return page.getByTestId('sidebar');
}

export function profileButton(page: Page): Locator {
  return page.getByTestId('profile-menu-button');
}

/** Signs in through the app's own sign-in screen and waits for the profile menu. */
export async function signIn(page: Page, who: { email: string; password: string } = DEMO.member): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(profileButton(page)).toBeVisible();
  // Wait for the redirect to commit (see account-support.ts signInWithUi).
  await expect(page).not.toHaveURL(/\/signin/);
  await expect(page.locator('#main')).toBeFocused();
}

/** Signs in over the API (the refresh cookie lands in the context), then loads `path`. */
export async function signInOverApi(page: Page, who: { email: string; password: string }, path = '/'): Promise<void> {
  const res = await page.request.post('/api/auth/signin', { data: who });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(path);
  await expect(profileButton(page)).toBeVisible();
}

/**
 * Opens `path` inside the running app, as a link would: no reload of the page, its databases and
 * its sync, which a test visiting many screens would otherwise pay for on each. The caller waits
 * for what the route shows (it may send the person elsewhere).
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The names of this origin's IndexedDB databases. */
export async function idbNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').sort());
}

export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Offline');
}

export async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

/**
 * Watches the page from now on for `text`, however briefly it is drawn (a MutationObserver, so a
 * flash between two renders counts); the returned function says whether it was.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `__sawText${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ text, key }) => {
      const w = window as unknown as Record<string, boolean>;
      w[key] = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes(text)) w[key] = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { text, key },
  );
  return () => page.evaluate((k) => (window as unknown as Record<string, boolean>)[k] === true, key);
}
