// ADR 061: the catalogue is pulled in a Web Worker, not on the page's thread. The page lists what
// the worker wrote into the device's database, and an open list hears a later pull's batch: the
// page's own changes feed never sees the worker's writes, so only the worker's message can tell it.
import { test, expect } from './support/fixtures.ts';
import { catalogDocs, putCatalogDoc, waitForCatalog } from './catalog-support.ts';

test("the catalogue arrives through the pull worker, and a later pull's restaurant appears in the open list", async ({ page, server }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  const active = (await catalogDocs(server, 'restaurant')).filter((d) => d.active === true);

  await page.goto('/fete-eats');
  await waitForCatalog(page);
  expect(workers.some((url) => /\/assets\/catalog-pull-worker-[\w-]+\.js$/.test(url))).toBe(true);
  const first = active[0];
  if (!first) throw new Error('the demo data has no active restaurant');
  await expect(page.getByRole('heading', { name: String(first.name), exact: true }).first()).toBeVisible();

  const id = `pull-worker-${Date.now().toString(36)}`;
  const name = `E2E Pulled Restaurant ${id}`;
  const at = new Date().toISOString();
  const remove = await putCatalogDoc(server, { _id: `restaurant:${id}`, type: 'restaurant', name, location: 'Ariapita Avenue', country: 'Trinidad', active: true, menu_items: [], photos: [], discounts: [], created_at: at, updated_at: at });
  try {
    await page.getByRole('searchbox', { name: 'Search restaurants' }).fill(name);
    // The signal coming back prompts a pull, as it does on the road.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  } finally {
    await remove();
  }
});
