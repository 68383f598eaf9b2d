// Restaurant Management (/restaurant-admin, ADR 029). A member who owns a restaurant of our own
// ("E2E …", written over the API with them as owner_id, removed at the end) edits its details,
// finds a place against the fake geocoder, moves the pin by clicking and dragging, adds and
// deletes a menu item and a discount, adds a photo, and sees each on the public page. Offline, a
// change waits on the device across a reload and lands once the signal returns. A member who
// owns nothing reads 'No restaurant found'. Axe is clean at 375 and 1280 px.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { localToday, putCatalogDoc, tokenFor } from './catalog-support.ts';
import { createAccount } from './account-support.ts';
import { signInOverApi } from './shell-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });
const section = (page: Page, heading: string) => page.getByRole('region', { name: heading, exact: true });
const png = () => sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();

type Stored = Record<string, unknown> & { _rev: string; menu_items: { name: string }[]; photos: unknown[]; discounts: { description: string }[] };

async function stored(server: E2eServer, id: string): Promise<Stored> {
  const token = await tokenFor(server, DEMO.admin);
  const res = await fetch(`${server.url}/db/catalog/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Stored;
}

async function removeCatalogDoc(server: E2eServer, id: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  const res = await fetch(`${server.url}/db/catalog/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) return;
  const { _rev } = (await res.json()) as { _rev: string };
  await fetch(`${server.url}/db/catalog/${encodeURIComponent(id)}?rev=${encodeURIComponent(_rev)}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
}

function plusDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d.toISOString().slice(0, 10);
}

test('the owner edits details and position, menu, discounts and photos, each seen on the public page, and an offline edit lands later', async ({ page, context, server }) => {
  test.setTimeout(180_000);
  const owner = await createAccount(server, 'owner');
  const id = unique();
  const name = `E2E Owner Roti ${id}`;
  const at = new Date().toISOString();
  await putCatalogDoc(server, {
    _id: `restaurant:${id}`, type: 'restaurant', name, location: 'Curepe Junction', country: 'Trinidad', state: 'Curepe', owner_id: owner.userId, active: true,
    menu_items: [], photos: [], discounts: [], created_at: at, updated_at: at,
  });
  try {
    await signInOverApi(page, owner, '/restaurant-admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurant Management' })).toBeVisible();
    const details = page.getByRole('form', { name: 'Restaurant Details' });
    await expect(details.getByLabel('Name', { exact: true })).toHaveValue(name, { timeout: 30_000 });
    await expectAccessible(page, '/restaurant-admin at 1280 px');

    // Details: a blank name is refused in words, then a description is saved.
    await details.getByLabel('Name', { exact: true }).fill('');
    await details.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(details.getByRole('alert').first()).toHaveText('Name and location are required');
    await details.getByLabel('Name', { exact: true }).fill(name);
    await details.getByLabel('Description', { exact: true }).fill('Doubles and roti since 1985');

    // The place search (the fake geocoder) moves the pin and fills the coordinates.
    await details.getByLabel('Search for a place', { exact: true }).fill('Savannah');
    await details.getByRole('button', { name: 'Queen’s Park Savannah, Port of Spain, Trinidad and Tobago' }).click();
    await expect(details.getByLabel('Latitude', { exact: true })).toHaveValue('10.6719');
    await expect(details.getByLabel('Longitude', { exact: true })).toHaveValue('-61.515');
    await details.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Restaurant details updated successfully')).toBeVisible();
    await expect.poll(async () => (await stored(server, `restaurant:${id}`)).latitude).toBe(10.6719);
    expect(await stored(server, `restaurant:${id}`)).toMatchObject({ description: 'Doubles and roti since 1985', longitude: -61.515, owner_id: owner.userId, active: true, updated_by: owner.userId });

    // A click on the map moves the pin there; dragging the pin moves it again.
    const canvas = details.getByTestId('picker-canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40);
    await expect(details.getByLabel('Latitude', { exact: true })).not.toHaveValue('10.6719');
    const clicked = await details.getByLabel('Latitude', { exact: true }).inputValue();
    const pin = details.locator('.position-picker__pin');
    const pinBox = (await pin.boundingBox())!;
    await page.mouse.move(pinBox.x + pinBox.width / 2, pinBox.y + pinBox.height - 4);
    await page.mouse.down();
    await page.mouse.move(pinBox.x + pinBox.width / 2 - 50, pinBox.y + pinBox.height - 60, { steps: 8 });
    await page.mouse.up();
    await expect(details.getByLabel('Latitude', { exact: true })).not.toHaveValue(clicked);
    const dragged = Number(await details.getByLabel('Latitude', { exact: true }).inputValue());
    expect(dragged).toBeGreaterThan(Number(clicked));
    await details.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Restaurant details updated successfully')).toBeVisible();
    await expect.poll(async () => (await stored(server, `restaurant:${id}`)).latitude).toBe(dragged);

    // A menu item: refused without a price, then added; a second one added and deleted.
    const menu = section(page, 'Menu Items');
    await menu.getByRole('button', { name: 'Add New', exact: true }).click();
    const add = menu.getByRole('form', { name: 'Add Menu item' });
    await add.getByLabel('Name', { exact: true }).fill('E2E Doubles');
    await add.getByRole('button', { name: 'Add Menu item', exact: true }).click();
    await expect(add.getByRole('alert').first()).toHaveText('Menu item name and price are required');
    await add.getByLabel('Price', { exact: true }).fill('6');
    await add.getByRole('button', { name: 'Add Menu item', exact: true }).click();
    await expect(toast(page, 'Menu item added successfully')).toBeVisible();
    await menu.getByRole('button', { name: 'Add New', exact: true }).click();
    await add.getByLabel('Name', { exact: true }).fill('E2E Aloo pie');
    await add.getByLabel('Price', { exact: true }).fill('5');
    await add.getByRole('button', { name: 'Add Menu item', exact: true }).click();
    await expect(menu.getByRole('heading', { name: 'E2E Aloo pie', exact: true })).toBeVisible();
    const pie = menu.getByTestId('menu-item-row').filter({ has: page.getByRole('heading', { name: 'E2E Aloo pie', exact: true }) });
    await pie.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Menu item deleted successfully')).toBeVisible();
    await expect.poll(async () => (await stored(server, `restaurant:${id}`)).menu_items.map((m) => m.name)).toEqual(['E2E Doubles']);

    // A discount valid from today for a week.
    const discounts = section(page, 'Discounts');
    await discounts.getByRole('button', { name: 'Add New', exact: true }).click();
    const addDiscount = discounts.getByRole('form', { name: 'Add Discount' });
    await addDiscount.getByLabel('Description', { exact: true }).fill('E2E carnival lunch deal');
    await addDiscount.getByLabel('Percentage', { exact: true }).fill('15');
    await addDiscount.getByLabel('Valid from', { exact: true }).fill(localToday());
    await addDiscount.getByLabel('Valid until', { exact: true }).fill(plusDays(7));
    await addDiscount.getByRole('button', { name: 'Add Discount', exact: true }).click();
    await expect(toast(page, 'Discount added successfully')).toBeVisible();

    // A photo.
    const photos = section(page, 'Photos');
    await photos.getByRole('button', { name: 'Add New', exact: true }).click();
    const addPhoto = photos.getByRole('form', { name: 'Add Photo' });
    await addPhoto.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'stall.png', mimeType: 'image/png', buffer: await png() });
    await expect(addPhoto.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await addPhoto.getByRole('button', { name: 'Add Photo', exact: true }).click();
    await expect(toast(page, 'Photo added successfully')).toBeVisible();
    await expect.poll(async () => (await stored(server, `restaurant:${id}`)).photos.length).toBe(1);
    expect((await stored(server, `restaurant:${id}`)).discounts.map((d) => d.description)).toEqual(['E2E carnival lunch deal']);

    // The public page shows each.
    await page.goto(`/restaurants/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Doubles and roti since 1985')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('E2E Doubles', { exact: true })).toBeVisible();
    await expect(page.getByText('E2E Aloo pie', { exact: true })).toHaveCount(0);
    await expect(page.getByText('E2E carnival lunch deal')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();

    // Offline: the change waits on the device, across a reload, then lands once.
    await page.goto('/restaurant-admin');
    await waitForServiceWorker(page);
    await expect(details.getByLabel('Name', { exact: true })).toHaveValue(name, { timeout: 30_000 });
    await context.setOffline(true);
    await details.getByLabel('Description', { exact: true }).fill('Written with no signal');
    await details.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, "Saved on this device. It will be published when you're back online.")).toBeVisible();
    await expect(page.getByTestId('owner-waiting')).toHaveText("1 change is waiting to be published. It goes out when you're back online.");
    await reloadOffline(page, context);
    await expect(page.getByTestId('owner-waiting')).toBeVisible({ timeout: 30_000 });
    await expect(details.getByLabel('Description', { exact: true })).toHaveValue('Written with no signal');
    expect((await stored(server, `restaurant:${id}`)).description).toBe('Doubles and roti since 1985');
    await context.setOffline(false);
    await expect(page.getByTestId('owner-waiting')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await stored(server, `restaurant:${id}`)).description).toBe('Written with no signal');

    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, '/restaurant-admin at 375 px');
  } finally {
    await context.setOffline(false);
    await removeCatalogDoc(server, `restaurant:${id}`);
  }
});

test('a member who owns no restaurant reads No restaurant found; a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/restaurant-admin');
  await expect(page.getByRole('link', { name: 'Sign In', exact: true }).last()).toBeVisible();
  await signInOverApi(page, DEMO.member, '/restaurant-admin');
  await expect(page.getByTestId('no-restaurant')).toHaveText('No restaurant found', { timeout: 30_000 });
});

test('an owner of two restaurants picks the one to manage', async ({ page, server }) => {
  const owner = await createAccount(server, 'owner-two');
  const ids = [unique(), unique()];
  const names = [`E2E Owner Alpha ${ids[0]}`, `E2E Owner Beta ${ids[1]}`];
  const at = new Date().toISOString();
  for (const [i, id] of ids.entries()) {
    await putCatalogDoc(server, {
      _id: `restaurant:${id}`, type: 'restaurant', name: names[i], location: 'San Fernando', owner_id: owner.userId, active: true, menu_items: [], photos: [], discounts: [], created_at: at, updated_at: at,
    });
  }
  try {
    await signInOverApi(page, owner, '/restaurant-admin');
    const details = page.getByRole('form', { name: 'Restaurant Details' });
    await expect(details.getByLabel('Name', { exact: true })).toHaveValue(names[0]!, { timeout: 30_000 });
    await page.getByLabel('Restaurant', { exact: true }).selectOption({ label: names[1]! });
    await expect(details.getByLabel('Name', { exact: true })).toHaveValue(names[1]!);
    await details.getByLabel('Description', { exact: true }).fill('The second one');
    await details.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Restaurant details updated successfully')).toBeVisible();
    await expect.poll(async () => (await stored(server, `restaurant:${ids[1]}`)).description).toBe('The second one');
    expect((await stored(server, `restaurant:${ids[0]}`)).description).toBeUndefined();
  } finally {
    for (const id of ids) await removeCatalogDoc(server, `restaurant:${id}`);
  }
});
