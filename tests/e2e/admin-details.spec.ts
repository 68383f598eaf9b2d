// The details pages (ADR 029). As the demo admin, on test parents of our own ("E2E …",
// written over the API and removed at the end): a restaurant's menu item is refused without a
// price (the owner flow's words), added, edited and deleted after the question; a restaurant
// discount and an event discount code are added and seen on the public restaurant page and, signed
// in, on the event page; a provider testimonial is added and seen in the provider page's
// 'Clients' gallery. The details page is axe clean.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { localToday, membersDocs, putCatalogDoc, tokenFor } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });
const section = (page: Page, heading: string) => page.getByRole('region', { name: heading, exact: true });

async function stored(server: E2eServer, id: string): Promise<Record<string, unknown> & { _rev: string }> {
  const token = await tokenFor(server, DEMO.admin);
  const res = await fetch(`${server.url}/db/catalog/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Record<string, unknown> & { _rev: string };
}

/** Removes a catalogue document at its newest version (the details pages changed it). */
async function removeCatalogDoc(server: E2eServer, id: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  const res = await fetch(`${server.url}/db/catalog/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) return;
  const { _rev } = (await res.json()) as { _rev: string };
  await fetch(`${server.url}/db/catalog/${encodeURIComponent(id)}?rev=${encodeURIComponent(_rev)}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
}

async function removeEventDiscounts(server: E2eServer, eventId: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  for (const d of (await membersDocs(server, 'event_discount')).filter((x) => x.event_id === eventId)) {
    await fetch(`${server.url}/db/members/${encodeURIComponent(d._id)}?rev=${encodeURIComponent(String(d._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
}

const png = () => sharp({ create: { width: 40, height: 50, channels: 3, background: { r: 200, g: 60, b: 120 } } }).png().toBuffer();

test('an admin edits a restaurant menu and adds a discount, both seen on the restaurant page', async ({ page, server }) => {
  test.setTimeout(120_000);
  const id = unique();
  const name = `E2E Details Restaurant ${id}`;
  const at = new Date().toISOString();
  await putCatalogDoc(server, { _id: `restaurant:${id}`, type: 'restaurant', name, location: 'Ariapita Avenue', country: 'Trinidad', active: true, menu_items: [], photos: [], discounts: [], created_at: at, updated_at: at });
  try {
    await signInOverApi(page, DEMO.admin, '/admin/restaurants');
    await page.getByRole('searchbox', { name: 'Search restaurants' }).fill(name);
    await page.getByRole('link', { name: `Details of ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/restaurants/${id}/details$`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Restaurant Details\\s*${name}`) })).toBeVisible();

    // A menu item without a price is refused with the owner flow's words, then added.
    const menu = section(page, 'Menu Items');
    await expect(menu.getByText('No menu items found.', { exact: true })).toBeVisible();
    await menu.getByRole('button', { name: 'Add New', exact: true }).click();
    const add = menu.getByRole('form', { name: 'Add Menu item' });
    await add.getByLabel('Name', { exact: true }).fill('E2E Doubles');
    await add.getByRole('button', { name: 'Add Menu item', exact: true }).click();
    await expect(add.getByRole('alert').first()).toHaveText('Menu item name and price are required');
    await expect(add.getByLabel('Price', { exact: true })).toBeFocused();
    await add.getByLabel('Price', { exact: true }).fill('12.50');
    await add.getByLabel('Category', { exact: true }).fill('Street food');
    await add.getByRole('button', { name: 'Add Menu item', exact: true }).click();
    await expect(toast(page, 'Menu item added successfully')).toBeVisible();
    const row = menu.getByTestId('menu-item-row').filter({ has: page.getByRole('heading', { name: 'E2E Doubles', exact: true }) });
    await expect(row.getByText('$12.50', { exact: true })).toBeVisible();

    // Inline edit: a new price, saved over the whole restaurant.
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = menu.getByRole('form', { name: 'Editing E2E Doubles' });
    await editor.getByLabel('Price', { exact: true }).fill('-3');
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(editor.getByRole('alert').first()).toHaveText('Price must be a number of 0 or more, with at most two decimals');
    await editor.getByLabel('Price', { exact: true }).fill('15');
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Menu item updated successfully')).toBeVisible();
    await expect(row.getByText('$15.00', { exact: true })).toBeVisible();
    expect((await stored(server, `restaurant:${id}`)).menu_items).toMatchObject([{ name: 'E2E Doubles', price: 15, category: 'Street food', active: true }]);

    // A discount: description and percentage required, then added.
    const discounts = section(page, 'Discounts');
    await discounts.getByRole('button', { name: 'Add New', exact: true }).click();
    const addDiscount = discounts.getByRole('form', { name: 'Add Discount' });
    await addDiscount.getByLabel('Percentage', { exact: true }).fill('20');
    await addDiscount.getByRole('button', { name: 'Add Discount', exact: true }).click();
    await expect(addDiscount.getByRole('alert').first()).toHaveText('Discount description and percentage are required');
    await addDiscount.getByLabel('Description', { exact: true }).fill('E2E lunch special');
    await addDiscount.getByLabel('Terms and conditions', { exact: true }).fill('Weekdays only');
    await addDiscount.getByRole('button', { name: 'Add Discount', exact: true }).click();
    await expect(toast(page, 'Discount added successfully')).toBeVisible();
    await expect(discounts.getByRole('heading', { name: '20% off', exact: true })).toBeVisible();
    await expectAccessible(page, '/admin/restaurants/:id/details');

    // The public restaurant page shows the menu item and the discount.
    await page.goto(`/restaurants/${id}`);
    await expect(page.getByTestId('menu-item').filter({ hasText: 'E2E Doubles' }).getByTestId('menu-price')).toHaveText('$15.00');
    await expect(page.getByTestId('restaurant-discount')).toContainText('E2E lunch special');
    await expect(page.getByTestId('restaurant-discount')).toContainText('20% off');

    // Delete after the question.
    await page.goto(`/admin/restaurants/${id}/details`);
    const again = section(page, 'Menu Items').getByTestId('menu-item-row').filter({ has: page.getByRole('heading', { name: 'E2E Doubles', exact: true }) });
    await again.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this menu item?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Menu item deleted successfully')).toBeVisible();
    await expect(section(page, 'Menu Items').getByText('No menu items found.', { exact: true })).toBeVisible();
    const after = await stored(server, `restaurant:${id}`);
    expect(after.menu_items).toEqual([]);
    expect(after.discounts).toMatchObject([{ description: 'E2E lunch special', percentage: 20, terms_conditions: 'Weekdays only' }]);
  } finally {
    await removeCatalogDoc(server, `restaurant:${id}`);
  }
});

test('an admin adds a provider testimonial, seen in the Clients gallery', async ({ page, server }) => {
  test.setTimeout(90_000);
  const id = unique();
  const at = new Date().toISOString();
  await putCatalogDoc(server, { _id: `provider:${id}`, type: 'provider', first_name: 'E2E Details', last_name: `Face ${id}`, services: ['Makeup'], rating: 0, total_ratings: 0, testimonials: [], active: true, created_at: at, updated_at: at });
  try {
    await signInOverApi(page, DEMO.admin, '/admin/providers');
    await page.getByRole('searchbox', { name: 'Search providers' }).fill(id);
    await page.getByRole('link', { name: `Details of E2E Details Face ${id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/providers/${id}/details$`));
    const clients = section(page, 'Clients');
    await clients.getByRole('button', { name: 'Add New', exact: true }).click();
    const add = clients.getByRole('form', { name: 'Add Testimonial' });
    await add.getByLabel('Client name', { exact: true }).fill('E2E Client Ana');
    await add.getByRole('button', { name: 'Add Testimonial', exact: true }).click();
    await expect(add.getByRole('alert').first()).toHaveText('A testimonial needs an image');
    await add.getByLabel('Client photo', { exact: true }).setInputFiles({ name: 'client.png', mimeType: 'image/png', buffer: await png() });
    await expect(add.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await add.getByLabel('Caption', { exact: true }).fill('E2E carnival glam');
    await add.getByLabel('Service', { exact: true }).fill('Makeup');
    await add.getByRole('button', { name: 'Add Testimonial', exact: true }).click();
    await expect(toast(page, 'Testimonial added successfully')).toBeVisible();
    await expect(clients.getByRole('heading', { name: 'E2E Client Ana', exact: true })).toBeVisible();
    await expectAccessible(page, '/admin/providers/:id/details');

    await page.goto(`/fete-faces/${id}`);
    const gallery = page.getByTestId('provider-clients');
    await expect(gallery).toContainText('E2E carnival glam');
    await expect(gallery).toContainText('E2E Client Ana · Makeup');
  } finally {
    await removeCatalogDoc(server, `provider:${id}`);
  }
});

test('an admin adds an event discount code, seen signed in on the event page', async ({ page, server }) => {
  test.setTimeout(90_000);
  const id = unique();
  const title = `E2E Details Event ${id}`;
  const at = new Date().toISOString();
  await putCatalogDoc(server, {
    _id: `event:${id}`, type: 'event', title, description: 'Discount codes', date: localToday(), location: 'Savannah', state: 'Port of Spain', country: 'Trinidad',
    category: 'Party', price: 0, start_time: '18:00', end_time: '23:00', organizer_id: null, active: true, created_at: at, updated_at: at,
  });
  try {
    await signInOverApi(page, DEMO.admin, '/admin/events');
    await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
    await page.getByRole('link', { name: `Details of ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/events/${id}/details$`));
    const codes = section(page, 'Discount Codes');
    await codes.getByRole('button', { name: 'Add New', exact: true }).click();
    const add = codes.getByRole('form', { name: 'Add Discount code' });
    await add.getByLabel('Code', { exact: true }).fill('E2EFETE15');
    await add.getByLabel('Percentage', { exact: true }).fill('150');
    await add.getByRole('button', { name: 'Add Discount code', exact: true }).click();
    await expect(add.getByRole('alert').first()).toHaveText('Percentage must be a number from 1 to 100');
    await add.getByLabel('Percentage', { exact: true }).fill('15');
    await add.getByLabel('Description', { exact: true }).fill('E2E early bird');
    await add.getByRole('button', { name: 'Add Discount code', exact: true }).click();
    await expect(toast(page, 'Discount code added successfully')).toBeVisible();
    await expect(codes.getByRole('heading', { name: 'E2EFETE15', exact: true })).toBeVisible();
    expect((await membersDocs(server, 'event_discount')).filter((d) => d.event_id === id)).toMatchObject([{ code: 'E2EFETE15', percentage: 15, active: true }]);

    await page.goto(`/events/${id}`);
    const discount = page.getByTestId('event-discount');
    await expect(discount.getByTestId('discount-code')).toHaveText('E2EFETE15');
    await expect(discount.getByTestId('discount-percentage')).toHaveText('15% off');
    await expect(discount.getByTestId('discount-description')).toHaveText('E2E early bird');
  } finally {
    await removeEventDiscounts(server, id);
    await removeCatalogDoc(server, `event:${id}`);
  }
});
