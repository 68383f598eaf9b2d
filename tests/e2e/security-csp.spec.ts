// The app runs under its Content-Security-Policy. A walk through the main
// screens, signed out and in, online and offline (served by the service worker), reports no
// CSP violation, and the app refuses to be framed.
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { waitForServiceWorker } from './pwa-support.ts';
import { waitForCatalog } from './catalog-support.ts';
import { createAccount, signInWithUi } from './account-support.ts';

/** Collects violations from every page the context opens, before any script of the app runs. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  return seen;
}

async function openFirst(page: Page, prefix: string): Promise<void> {
  const link = page.locator(`#main a[href^="${prefix}"]`).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('the main screens run under the CSP, online and offline', async ({ page, context, server }) => {
  const violations = await watchCsp(page);
  // The map's tiles come from the internet, which this machine cannot reach: answer them here.
  await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: '' }));

  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await waitForServiceWorker(page);
  await waitForCatalog(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  await page.goto('/fete-guide');
  await openFirst(page, '/events/');
  await page.goto('/fete-eats');
  await openFirst(page, '/restaurants/');
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await page.goto('/fete-faces');
  await openFirst(page, '/fete-faces/');

  const account = await createAccount(server, 'csp');
  await signInWithUi(page, account.email, account.password);
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/fete-guide');
  await openFirst(page, '/events/');
  await context.setOffline(false);

  expect(violations).toEqual([]);
});

test('another site cannot frame the app', async ({ page, server }) => {
  const violations = await watchCsp(page);
  // A page of another origin (a data: URL) that frames Fete.
  await page.setContent(`<iframe id="f" src="${server.url}/"></iframe>`);
  const frame = page.frameLocator('#f');
  await expect(frame.locator('#root')).toHaveCount(0, { timeout: 5000 });
  expect(violations.join('\n')).not.toContain('script-src');
});
