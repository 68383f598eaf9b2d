// Fete is installable: a linked manifest with the required fields and icons that load, and
// Chromium reports no installability errors.
import sharp from 'sharp';
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { waitForServiceWorker } from './pwa-support.ts';

test('the manifest has what installation needs', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href as string);
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string; short_name: string; start_url: string; display: string; theme_color: string; background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Fete', short_name: 'Fete', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.background_color).toMatch(/^#/);
  for (const [size, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']] as const) {
    const icon = manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any').includes(purpose));
    expect(icon, `${size} ${purpose} icon`).toBeTruthy();
    const img = await page.request.get(icon!.src);
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toContain('image/png');
    const meta = await sharp(await img.body()).metadata();
    expect(`${meta.width}x${meta.height}`).toBe(size);
  }
});

test('Chromium finds the app installable', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Detach: a CDP session left attached stops setOffline from applying after a reload.
  await cdp.detach();
  expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  // Where the browser offers installation, the app offers it too.
  await expect(page.getByRole('button', { name: 'Install Fete' })).toBeVisible();
  await expectAccessible(page, 'install button');
});

test('the service worker and shell are revalidated, hashed assets are immutable', async ({ page }) => {
  for (const p of ['/sw.js', '/', '/manifest.webmanifest']) {
    const res = await page.request.get(p);
    expect(res.headers()['cache-control'], p).toBe('no-cache');
  }
  await page.goto('/');
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  const asset = await page.request.get(script as string);
  expect(asset.headers()['cache-control']).toContain('immutable');
  // A chunk of an older release that is gone is a 404, never the app shell.
  const gone = await page.request.get('/assets/gone-0000.js');
  expect(gone.status()).toBe(404);
});

test.describe('on iOS Safari', () => {
  test.use({ viewportSize: { width: 390, height: 844 } });
  test('shows a dismissible Add to Home Screen hint', async ({ page }) => {
    await page.addInitScript(() => {
      // iOS Safari never offers installation: keep Chromium's offer from reaching the app.
      window.addEventListener('beforeinstallprompt', (e) => e.stopImmediatePropagation(), true);
      Object.defineProperty(navigator, 'userAgent', {
        get: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      });
    });
    await page.goto('/');
    const hint = page.getByRole('note', { name: 'Add to Home Screen' });
    await expect(hint).toBeVisible();
    await expect(hint).toContainText('Add to Home Screen');
    await expectAccessible(page, 'iOS install hint');
    await hint.getByRole('button', { name: 'Dismiss the Add to Home Screen hint' }).click();
    await expect(hint).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Add to Home Screen' })).toHaveCount(0);
  });
});
