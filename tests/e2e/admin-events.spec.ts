// The admin dashboard and Manage Events (/admin/events), the first page on the admin kit
// (ADR 027). The admin adds (after a refused missing location), searches, edits inline (cancelled,
// then saved), uploads an image, features the event (its star is on in the Fete Guide) and
// deletes it after the question (admin-gates.spec.ts sends members home). Test events are titled
// "E2E …" and removed at the end.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { catalogDocs, idOf, localToday, tokenFor } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const storedTitled = async (server: E2eServer, title: string): Promise<Doc | undefined> => (await catalogDocs(server, 'event')).find((d) => d.title === title);

/** Whatever this test left behind (the events and their featured entries), removed as the admin. */
async function removeTitled(server: E2eServer, prefix: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  const events = (await catalogDocs(server, 'event')).filter((d) => String(d.title).startsWith(prefix));
  const ids = new Set(events.map(idOf));
  const featured = (await catalogDocs(server, 'featured')).filter((d) => ids.has(String(d.item_id)));
  for (const doc of [...featured, ...events]) {
    await fetch(`${server.url}/db/catalog/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(String(doc._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
}

const row = (page: Page, title: string) => page.getByTestId('event-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });

/** A date some days after today, as the date input takes it. */
function daysFromToday(days: number): string {
  const d = new Date(`${localToday()}T12:00:00`);
  d.setDate(d.getDate() + days);
  return d.toISOString().slice(0, 10);
}

const smallPng = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();

test('the admin dashboard links to every admin page; Site Settings is coming soon', async ({ page }) => {
  await signInOverApi(page, DEMO.admin, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Control' })).toBeVisible();
  // The cards only: the sidebar links to some of these pages too.
  const main = page.locator('#main');
  for (const [name, href] of [
    ['Manage Events', '/admin/events'],
    ['Manage Products', '/admin/products'],
    ['Manage Fete Faces', '/admin/providers'],
    ['Manage Restaurants', '/admin/restaurants'],
    ['Manage Bands', '/admin/bands'],
    ['Manage Packages', '/admin/packages'],
    ['Manage Ride Packages', '/admin/rides'],
    ['Forms Management', '/admin/forms'],
    ['Home Page', '/admin/home'],
    ['Manage Receipts', '/admin/receipts'],
    ['Users', '/admin/users'],
  ] as const) {
    await expect(main.getByRole('link', { name: new RegExp(`^${name}\\b`) })).toHaveAttribute('href', href);
  }
  await expect(main.getByRole('link', { name: /Site Settings/ })).toHaveCount(0);
  await expect(main.getByRole('listitem').filter({ hasText: 'Site Settings' }).getByText('Coming Soon', { exact: true })).toBeVisible();
  await expectAccessible(page, '/admin at 1280 px');
  await page.getByRole('link', { name: /^Manage Events\b/ }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Events' })).toBeVisible();
});

test('an admin adds, searches, edits, uploads an image, features and deletes an event', async ({ page, server }) => {
  const prefix = `E2E Admin Event ${unique()}`;
  const title = `${prefix} Sunrise Fete`;
  const date = daysFromToday(40);
  try {
    await signInOverApi(page, DEMO.admin, '/admin/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Events' })).toBeVisible();
    await expect(page.getByTestId('event-row').first()).toBeVisible();

    // The spec's defaults; a missing location is refused with its words and what was typed stays.
    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add Event' });
    await expect(form.getByLabel('Start time', { exact: true })).toHaveValue('18:00');
    await expect(form.getByLabel('End time', { exact: true })).toHaveValue('23:00');
    await expect(form.getByLabel('Country', { exact: true })).toHaveValue('Trinidad');
    await expect(form.getByLabel('State', { exact: true })).toHaveValue('Port of Spain');
    await expect(form.getByLabel('Category', { exact: true })).toHaveValue('Party');
    await expect(form.getByLabel('Price', { exact: true })).toHaveValue('0');
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Date', { exact: true }).fill(date);
    await form.getByRole('button', { name: 'Add Event', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(form.getByLabel('Location', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Location', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expectAccessible(page, '/admin/events add form with an error');

    await form.getByLabel('Location', { exact: true }).fill('Queen’s Park Savannah');
    await form.getByLabel('Description', { exact: true }).fill('Breakfast fete with steelpan at dawn');
    await form.getByRole('button', { name: 'Add Event', exact: true }).click();
    await expect(toast(page, 'Event added successfully')).toBeVisible();
    await expect(form).toHaveCount(0);
    const added = row(page, title);
    await expect(added).toBeVisible();
    const stored = await storedTitled(server, title);
    expect(stored).toMatchObject({ date, location: 'Queen’s Park Savannah', start_time: '18:00', end_time: '23:00', country: 'Trinidad', state: 'Port of Spain', category: 'Party', price: 0, active: true });
    expect(stored?.organizer_id).toBeTruthy();
    const id = idOf(stored as Doc);

    // Search: case-insensitive over the description too; a miss shows the empty text.
    const search = page.getByRole('searchbox', { name: 'Search events' });
    await search.fill('STEELPAN AT DAWN');
    await expect(page.getByTestId('event-row')).toHaveCount(1);
    await expect(added).toBeVisible();
    await search.fill(`${prefix} nothing like this`);
    await expect(page.getByText('No events found.', { exact: true })).toBeVisible();
    await search.fill(prefix);
    await expect(added).toBeVisible();
    await expectAccessible(page, '/admin/events list');

    // Inline edit, cancelled: nothing changes, on screen or on the server.
    const revBefore = (await storedTitled(server, title))?._rev;
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    let editor = page.getByRole('form', { name: `Editing ${title}` });
    await editor.getByLabel('Title', { exact: true }).fill(`${prefix} Never Saved`);
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(added.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(page.getByText(`${prefix} Never Saved`)).toHaveCount(0);
    expect((await storedTitled(server, title))?._rev).toBe(revBefore);

    // Inline edit with an image: a text file is refused, a PNG is uploaded, then saved.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    editor = page.getByRole('form', { name: `Editing ${title}` });
    await expect(editor.getByLabel('Location', { exact: true })).toHaveValue('Queen’s Park Savannah');
    const picker = editor.getByLabel('Event image', { exact: true });
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
    await expect(editor.getByText('Please upload an image file', { exact: true })).toBeVisible();
    await picker.setInputFiles({ name: 'flyer.png', mimeType: 'image/png', buffer: await smallPng() });
    await expect(editor.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await editor.getByLabel('Price', { exact: true }).fill('150');
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Event updated successfully')).toBeVisible();
    await expect(editor).toHaveCount(0);
    await expect(added.getByText('$150.00', { exact: true })).toBeVisible();
    const saved = await storedTitled(server, title);
    expect(saved).toMatchObject({ price: 150, location: 'Queen’s Park Savannah', organizer_id: stored?.organizer_id });
    expect(String(saved?.image_url)).toMatch(/\.(png|webp|jpe?g)$/);

    // Featured from its row; the Fete Guide shows it featured.
    const star = added.getByRole('button', { name: `Feature ${title} on the home page` });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    expect((await catalogDocs(server, 'featured')).some((f) => f.item_id === id && f.item_type === 'event')).toBe(true);
    await page.goto('/fete-guide');
    await page.getByRole('searchbox', { name: 'Search events' }).fill(prefix);
    await expect(page.getByRole('button', { name: `Feature ${title} on the home page` })).toHaveAttribute('aria-pressed', 'true');

    // Delete, after the question; the featured entry goes with it.
    await page.goto('/admin/events');
    await page.getByRole('searchbox', { name: 'Search events' }).fill(prefix);
    await row(page, title).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this event?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Event deleted successfully')).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
    expect(await storedTitled(server, title)).toBeUndefined();
    expect((await catalogDocs(server, 'featured')).some((f) => f.item_id === id)).toBe(false);
  } finally {
    await removeTitled(server, prefix);
  }
});

test.describe('on a tablet', () => {
  test.use({ viewportSize: { width: 768, height: 1000 } });

  test('Manage Events is usable at 768 px: the add form fits and adds', async ({ page, server }) => {
    const prefix = `E2E Admin Event ${unique()}`;
    const title = `${prefix} Tablet Lime`;
    try {
      await signInOverApi(page, DEMO.admin, '/admin/events');
      await page.getByRole('button', { name: 'Add New', exact: true }).click();
      const form = page.getByRole('form', { name: 'Add Event' });
      await form.getByLabel('Title', { exact: true }).fill(title);
      await form.getByLabel('Date', { exact: true }).fill(daysFromToday(60));
      await form.getByLabel('Location', { exact: true }).fill('Chaguaramas');
      await form.getByRole('checkbox', { name: 'Active' }).uncheck();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await form.getByRole('button', { name: 'Add Event', exact: true }).click();
      await expect(toast(page, 'Event added successfully')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search events' }).fill(prefix);
      await expect(row(page, title).getByText('Inactive', { exact: true })).toBeVisible();
      expect(await storedTitled(server, title)).toMatchObject({ active: false, location: 'Chaguaramas' });
    } finally {
      await removeTitled(server, prefix);
    }
  });
});

test('a list the server does not give shows the Error panel', async ({ page }) => {
  await signInOverApi(page, DEMO.admin, '/');
  await page.route(/\/db\/catalog\/_all_docs/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
  await page.goto('/admin/events');
  const panel = page.getByTestId('load-error');
  await expect(panel.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
  await expect(panel.getByText('Failed to load events. Please try again later.', { exact: true })).toBeVisible();
});
