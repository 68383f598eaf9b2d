// Manage Restaurants (/admin/restaurants) on the admin kit (ADR 027). The admin adds (after a
// refused missing location) with the spec's defaults (Caribbean, $$, 11:00 to 22:00), searches
// (cuisine included), edits inline (cancelled, then saved with a new price range and an image),
// features the restaurant (its star is on in Fete Eats) and deletes it. Test restaurants are
// named "E2E …" and removed at the end.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { catalogDocs, idOf, tokenFor } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const storedNamed = async (server: E2eServer, name: string): Promise<Doc | undefined> => (await catalogDocs(server, 'restaurant')).find((d) => d.name === name);

async function removeNamed(server: E2eServer, prefix: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  const restaurants = (await catalogDocs(server, 'restaurant')).filter((d) => String(d.name).startsWith(prefix));
  const ids = new Set(restaurants.map(idOf));
  const featured = (await catalogDocs(server, 'featured')).filter((d) => ids.has(String(d.item_id)));
  for (const doc of [...featured, ...restaurants]) {
    await fetch(`${server.url}/db/catalog/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(String(doc._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
}

const row = (page: Page, name: string) => page.getByTestId('restaurant-row').filter({ has: page.getByRole('heading', { name, exact: true }) });
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });

test('an admin adds a restaurant with the defaults, searches, edits, uploads an image, features and deletes it', async ({ page, server }) => {
  const prefix = `E2E Admin Restaurant ${unique()}`;
  const name = `${prefix} Roti Shop`;
  try {
    await signInOverApi(page, DEMO.admin, '/admin/restaurants');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Restaurants' })).toBeVisible();
    await expect(page.getByTestId('restaurant-row').first()).toBeVisible();

    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add Restaurant' });
    await expect(form.getByLabel('Cuisine', { exact: true })).toHaveValue('Caribbean');
    await expect(form.getByLabel('Price range', { exact: true })).toHaveValue('$$');
    await expect(form.getByLabel('Opening time', { exact: true })).toHaveValue('11:00');
    await expect(form.getByLabel('Closing time', { exact: true })).toHaveValue('22:00');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Cuisine', { exact: true }).selectOption('Street Food');
    await form.getByRole('button', { name: 'Add Restaurant', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('Name and location are required');
    await expect(form.getByLabel('Location', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expectAccessible(page, '/admin/restaurants add form with an error');

    await form.getByLabel('Location', { exact: true }).fill('Queen’s Park Savannah');
    await form.getByRole('button', { name: 'Add Restaurant', exact: true }).click();
    await expect(toast(page, 'Restaurant added successfully')).toBeVisible();
    const added = row(page, name);
    await expect(added.getByText('11:00 AM - 10:00 PM', { exact: true })).toBeVisible();
    const stored = await storedNamed(server, name);
    expect(stored).toMatchObject({ location: 'Queen’s Park Savannah', cuisine: 'Street Food', price_range: '$$', opening_time: '11:00', closing_time: '22:00', active: true });
    const id = idOf(stored as Doc);

    // Search covers the cuisine and the location.
    const search = page.getByRole('searchbox', { name: 'Search restaurants' });
    await search.fill(`${prefix.toLowerCase()}`);
    await expect(added).toBeVisible();
    await search.fill('street food');
    await expect(added).toBeVisible();
    await search.fill(`${prefix} nothing like this`);
    await expect(page.getByText('No restaurants found.', { exact: true })).toBeVisible();
    await search.fill(prefix);
    await expectAccessible(page, '/admin/restaurants list');

    // Cancelled: nothing stored changes.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    let editor = page.getByRole('form', { name: `Editing ${name}` });
    await editor.getByLabel('Price range', { exact: true }).selectOption('$$$$');
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(added.getByText('$$', { exact: true })).toBeVisible();

    // Saved: a new price range and an image.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    editor = page.getByRole('form', { name: `Editing ${name}` });
    await expect(editor.getByLabel('Price range', { exact: true })).toHaveValue('$$');
    await editor.getByLabel('Price range', { exact: true }).selectOption('$$$');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 160, b: 90 } } }).png().toBuffer();
    await editor.getByLabel('Restaurant image', { exact: true }).setInputFiles({ name: 'roti.png', mimeType: 'image/png', buffer: png });
    await expect(editor.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Restaurant updated successfully')).toBeVisible();
    await expect(added.getByText('$$$', { exact: true })).toBeVisible();
    const saved = await storedNamed(server, name);
    expect(saved).toMatchObject({ price_range: '$$$', cuisine: 'Street Food', menu_items: [], photos: [], discounts: [] });
    expect(String(saved?.image_url)).not.toBe('');

    // Featured; Fete Eats shows it featured.
    const star = added.getByRole('button', { name: `Feature ${name} on the home page` });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/fete-eats');
    await page.getByRole('searchbox', { name: 'Search restaurants' }).fill(prefix);
    await expect(page.getByRole('button', { name: `Feature ${name} on the home page` })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/admin/restaurants');
    await page.getByRole('searchbox', { name: 'Search restaurants' }).fill(prefix);
    await row(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this restaurant?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Restaurant deleted successfully')).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
    expect(await storedNamed(server, name)).toBeUndefined();
    expect((await catalogDocs(server, 'featured')).some((f) => f.item_id === id)).toBe(false);
  } finally {
    await removeNamed(server, prefix);
  }
});
