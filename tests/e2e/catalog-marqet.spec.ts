// Fete Marqet (ADR 010): the active products in the default price range, search on name,
// description and brand, the category filter, the whole-dollar price range (an invalid one shows
// its reason and keeps the list), prices with two decimals, 'Out of Stock', 'Shop Now' in a new
// tab (and no link without a shop address), the empty state and Reset Filters.
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { catalogDocs, putCatalogDoc, showFilters, waitForCatalog } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';

interface Filter {
  search?: string;
  category?: string;
  min?: number;
  max?: number;
}

/** The screen's rule: active products in the range, matching the search, newest first. */
function expected(products: Doc[], f: Filter = {}): Doc[] {
  const q = f.search?.toLowerCase() ?? '';
  return products
    .filter((p) => p.active === true)
    .filter((p) => !f.category || p.category === f.category)
    .filter((p) => Number(p.price) >= (f.min ?? 0) && Number(p.price) <= (f.max ?? 1000))
    .filter((p) => !q || [p.name, p.description, p.brand].some((v) => typeof v === 'string' && v.toLowerCase().includes(q)))
    .sort((a, b) => desc(a.created_at, b.created_at) || asc(a.name, b.name));
}

function asc(a: unknown, b: unknown): number {
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x === y ? 0 : x < y ? -1 : 1;
}

function desc(a: unknown, b: unknown): number {
  if (!a && !b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  return asc(b, a);
}

function cards(page: Page): Locator {
  return page.getByTestId('product-card');
}

function card(page: Page, product: Doc): Locator {
  return cards(page).filter({ has: page.getByRole('heading', { level: 2, name: String(product.name), exact: true }) });
}

async function shownNames(page: Page): Promise<string[]> {
  return cards(page).locator('h2').allInnerTexts();
}

function countText(n: number): string {
  return `Showing ${n} ${n === 1 ? 'product' : 'products'}`;
}

async function expectShown(page: Page, list: Doc[]): Promise<void> {
  await expect(page.getByTestId('product-count')).toHaveText(countText(list.length));
  expect(await shownNames(page)).toEqual(list.slice(0, 48).map((p) => p.name));
}

async function openMarqet(page: Page): Promise<void> {
  await page.goto('/fete-marqet');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Marqet' })).toBeVisible();
  await waitForCatalog(page);
}

test('the products are listed with brand, two-decimal price, stock badge and Shop Now in a new tab', async ({ page, server }) => {
  const products = await catalogDocs(server, 'product');
  const all = expected(products);
  expect(all.length, 'demo products').toBeGreaterThan(3);
  await openMarqet(page);
  await expectShown(page, all);

  // Price with two decimals, and the brand.
  const first = all[0] as Doc;
  const row = card(page, first);
  await expect(row.getByTestId('product-price')).toHaveText(`$${Number(first.price).toFixed(2)}`);
  await expect(row.getByTestId('product-price')).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(row).toContainText(String(first.brand));

  // 'Shop Now' goes to the shop in a new tab.
  const shop = row.getByRole('link', { name: /^Shop Now/ });
  await expect(shop).toHaveAttribute('href', new URL(String(first.external_url)).href);
  await expect(shop).toHaveAttribute('target', '_blank');
  await expect(shop).toHaveAttribute('rel', /noopener/);

  // 'Out of Stock' on a sold-out product only.
  const soldOut = all.find((p) => p.in_stock === false);
  const inStock = all.find((p) => p.in_stock !== false) as Doc;
  expect(soldOut, 'a sold-out demo product').toBeTruthy();
  await expect(card(page, soldOut!).getByText('Out of Stock', { exact: true })).toBeVisible();
  await expect(card(page, inStock).getByText('Out of Stock', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Out of Stock', { exact: true })).toHaveCount(all.slice(0, 48).filter((p) => p.in_stock === false).length);

  const search = page.getByRole('searchbox', { name: 'Search products' });
  await expect(search).toHaveAttribute('placeholder', 'Search for carnival essentials...');
  await expect(page.getByRole('button', { name: 'Reset Filters' })).toHaveCount(0);
  await expectAccessible(page, 'market');
});

test('search on brand and the category narrow the list; nothing found resets', async ({ page, server }) => {
  const products = await catalogDocs(server, 'product');
  const all = expected(products);
  await openMarqet(page);
  await expectShown(page, all);

  // A brand that only some products carry (matched on the brand, not the name).
  const brand = [...new Set(all.map((p) => String(p.brand)))].find((b) => {
    const n = expected(products, { search: b }).length;
    return n > 0 && n < all.length && all.every((p) => !String(p.name).toLowerCase().includes(b.toLowerCase()));
  });
  expect(brand, 'a brand that narrows the list').toBeTruthy();
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill(brand!.toLowerCase());
  await expectShown(page, expected(products, { search: brand! }));
  for (const name of await cards(page).locator('.product-card__brand').allInnerTexts()) expect(name.toLowerCase()).toBe(brand!.toLowerCase());
  await search.fill('');
  await expectShown(page, all);

  // Category: one that holds some products.
  await showFilters(page);
  const category = page.getByLabel('Category');
  await expect(category.locator('option').first()).toHaveText('All Categories');
  const pick = String(all.find((p) => expected(products, { category: String(p.category) }).length < all.length)?.category);
  await category.selectOption(pick);
  await expectShown(page, expected(products, { category: pick }));
  await expect(page.getByRole('button', { name: 'Reset Filters' })).toBeVisible();

  // Nothing: the empty state; Reset Filters brings everything back.
  await search.fill('nothing in the market is called this');
  await expect(page.getByText('No products found', { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page, 'market, empty');
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(search).toHaveValue('');
  await expect(category).toHaveValue('');
  await expectShown(page, all);
});

test('the price range narrows the list; an invalid range shows why and keeps the list', async ({ page, server }) => {
  const products = await catalogDocs(server, 'product');
  const all = expected(products);
  const cheap = expected(products, { max: 50 });
  expect(cheap.length, 'demo products at $50 or less').toBeGreaterThan(0);
  expect(cheap.length).toBeLessThan(all.length);
  await openMarqet(page);
  await showFilters(page);

  const min = page.getByLabel('Min price ($)');
  const max = page.getByLabel('Max price ($)');
  await expect(min).toHaveValue('0');
  await expect(max).toHaveValue('1000');

  await max.fill('50');
  await expectShown(page, cheap);
  for (const price of await page.getByTestId('product-price').allInnerTexts()) expect(Number(price.replace('$', ''))).toBeLessThanOrEqual(50);

  // Min above max: the reason shows, the text stays as typed, the list stays at 0–50.
  await min.fill('60');
  await expect(page.getByText('Min price cannot be above max price')).toBeVisible();
  await expect(min).toHaveValue('60');
  await expect(min).toHaveAttribute('aria-invalid', 'true');
  await expectShown(page, cheap);
  await expectAccessible(page, 'market, invalid price range');

  // Not a whole number: refused too.
  await min.fill('12.5');
  await expect(page.getByText('Enter a whole number of dollars')).toBeVisible();
  await expect(page.getByText('Min price cannot be above max price')).toHaveCount(0);
  await expectShown(page, cheap);

  // A valid range again (min equal to max allowed) applies at once.
  const one = Number(cheap[0]!.price);
  if (Number.isInteger(one)) {
    await min.fill(String(one));
    await max.fill(String(one));
    await expect(page.getByText('Enter a whole number of dollars')).toHaveCount(0);
    await expectShown(page, expected(products, { min: one, max: one }));
  }
  await min.fill('20');
  await max.fill('50');
  await expectShown(page, expected(products, { min: 20, max: 50 }));

  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(min).toHaveValue('0');
  await expect(max).toHaveValue('1000');
  await expectShown(page, all);
});

test('a product without a shop address has no Shop Now link, and says so', async ({ page, server }) => {
  const id = `e2e-noshop-${Date.now()}`;
  const name = `Unlinked Headpiece ${Date.now()}`;
  const remove = await putCatalogDoc(server, {
    _id: `product:${id}`,
    type: 'product',
    name,
    brand: 'Test Feathers',
    price: 12.5,
    description: 'A product with no shop link yet.',
    category: 'Accessories',
    sizes: [],
    colors: [],
    in_stock: false,
    external_url: null,
    image_url: null,
    active: true,
    created_at: new Date().toISOString(),
  });
  try {
    await openMarqet(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    const row = cards(page);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('product-price')).toHaveText('$12.50');
    await expect(row.getByText('Out of Stock', { exact: true })).toBeVisible();
    await expect(row.getByRole('link')).toHaveCount(0);
    await expect(row).toContainText('Shop link not available');
  } finally {
    await remove();
  }
});

test.describe('on a device that never pulled the catalogue', () => {
  test.use({ freshProfile: true });

  test('while the catalogue is still on its way the market says Loading products...', async ({ page, context }) => {
    // Hold the first catalogue pull: a first visit with nothing stored is loading, not empty.
    await context.route('**/db/catalog/**', () => {});
    await page.goto('/fete-marqet');
    await expect(page.getByRole('heading', { level: 1, name: 'Fete Marqet' })).toBeVisible();
    await expect(page.getByText('Loading products...', { exact: true })).toBeVisible();
    await expect(page.getByText('No products found', { exact: true })).toHaveCount(0);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
