// Manage Products (/admin/products) on the admin kit (ADR 027). The admin adds (after a refused
// missing brand) with sizes typed one at a time (blank and duplicates ignored, the card shows
// three then +N), searches, edits inline (cancelled, then saved with a tag removed and an image),
// features the product (its star is on in Fete Marqet) and deletes it. Test products are named
// "E2E …" and removed at the end.
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { catalogDocs, idOf, tokenFor } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const storedNamed = async (server: E2eServer, name: string): Promise<Doc | undefined> => (await catalogDocs(server, 'product')).find((d) => d.name === name);

async function removeNamed(server: E2eServer, prefix: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  const products = (await catalogDocs(server, 'product')).filter((d) => String(d.name).startsWith(prefix));
  const ids = new Set(products.map(idOf));
  const featured = (await catalogDocs(server, 'featured')).filter((d) => ids.has(String(d.item_id)));
  for (const doc of [...featured, ...products]) {
    await fetch(`${server.url}/db/catalog/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(String(doc._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
}

const row = (page: Page, name: string) => page.getByTestId('product-row').filter({ has: page.getByRole('heading', { name, exact: true }) });
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });

async function addTags(form: Locator, label: string, tags: string[]): Promise<void> {
  const input = form.getByLabel(label, { exact: true });
  for (const t of tags) {
    await input.fill(t);
    await input.press('Enter');
  }
}

test('an admin adds a product with sizes, searches, edits, uploads an image, features and deletes it', async ({ page, server }) => {
  const prefix = `E2E Admin Product ${unique()}`;
  const name = `${prefix} Feather Crown`;
  try {
    await signInOverApi(page, DEMO.admin, '/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
    await expect(page.getByTestId('product-row').first()).toBeVisible();

    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add Product' });
    await expect(form.getByLabel('Category', { exact: true })).toHaveValue('Accessories');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Price', { exact: true }).fill('45.50');
    // Trimmed; blank and duplicates ignored.
    await addTags(form, 'Sizes', [' S ', 'M', '   ', 'm', 'L', 'XL']);
    await expect(form.getByRole('list', { name: 'Sizes added' }).getByRole('listitem')).toHaveText(['S×', 'M×', 'L×', 'XL×']);
    await form.getByRole('button', { name: 'Add Product', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(form.getByLabel('Brand', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expectAccessible(page, '/admin/products add form with an error');

    await form.getByLabel('Brand', { exact: true }).fill('Mas Makers');
    await form.getByRole('button', { name: 'Add Product', exact: true }).click();
    await expect(toast(page, 'Product added successfully')).toBeVisible();
    const added = row(page, name);
    await expect(added.getByRole('list', { name: 'Sizes' }).getByRole('listitem')).toHaveText(['S', 'M', 'L', '+1']);
    await expect(added.getByText('$45.50', { exact: true })).toBeVisible();
    const stored = await storedNamed(server, name);
    expect(stored).toMatchObject({ brand: 'Mas Makers', price: 45.5, category: 'Accessories', sizes: ['S', 'M', 'L', 'XL'], colors: [], in_stock: true, active: true });
    const id = idOf(stored as Doc);

    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('mas makers');
    await expect(added).toBeVisible();
    await search.fill(`${prefix} nothing like this`);
    await expect(page.getByText('No products found.', { exact: true })).toBeVisible();
    await search.fill(prefix);
    await expectAccessible(page, '/admin/products list');

    // Cancelled: the working list is dropped, the stored one untouched.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    let editor = page.getByRole('form', { name: `Editing ${name}` });
    await editor.getByRole('button', { name: 'Remove XL' }).click();
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(added.getByRole('list', { name: 'Sizes' }).getByRole('listitem')).toHaveText(['S', 'M', 'L', '+1']);

    // Saved: a size removed, a colour added, an image uploaded.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    editor = page.getByRole('form', { name: `Editing ${name}` });
    await editor.getByRole('button', { name: 'Remove XL' }).click();
    await addTags(editor, 'Colours', ['Gold']);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 220, g: 180, b: 40 } } }).png().toBuffer();
    await editor.getByLabel('Product image', { exact: true }).setInputFiles({ name: 'crown.png', mimeType: 'image/png', buffer: png });
    await expect(editor.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Product updated successfully')).toBeVisible();
    await expect(added.getByRole('list', { name: 'Sizes' }).getByRole('listitem')).toHaveText(['S', 'M', 'L']);
    const saved = await storedNamed(server, name);
    expect(saved).toMatchObject({ sizes: ['S', 'M', 'L'], colors: ['Gold'] });
    expect(String(saved?.image_url)).not.toBe('');

    // Featured; Fete Marqet shows it featured.
    const star = added.getByRole('button', { name: `Feature ${name} on the home page` });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/fete-marqet');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(prefix);
    await expect(page.getByRole('button', { name: `Feature ${name} on the home page` })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/admin/products');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(prefix);
    await row(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this product?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Product deleted successfully')).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
    expect(await storedNamed(server, name)).toBeUndefined();
    expect((await catalogDocs(server, 'featured')).some((f) => f.item_id === id)).toBe(false);
  } finally {
    await removeNamed(server, prefix);
  }
});
