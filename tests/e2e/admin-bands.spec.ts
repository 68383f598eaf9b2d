// Manage Bands (/admin/bands, beyond the seeds) on the admin kit (ADR 027), reached from its
// dashboard card. The admin adds (after a refused missing name), searches, edits inline
// (cancelled, then saved with a new year and an image), features the band (its star is on on the
// public bands page, where it is listed) and deletes it. Test bands are named "E2E …" and removed
// at the end.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { catalogDocs, idOf, tokenFor } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const storedNamed = async (server: E2eServer, name: string): Promise<Doc | undefined> => (await catalogDocs(server, 'band')).find((d) => d.name === name);

async function removeNamed(server: E2eServer, prefix: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  const bands = (await catalogDocs(server, 'band')).filter((d) => String(d.name).startsWith(prefix));
  const ids = new Set(bands.map(idOf));
  const featured = (await catalogDocs(server, 'featured')).filter((d) => ids.has(String(d.item_id)));
  for (const doc of [...featured, ...bands]) {
    await fetch(`${server.url}/db/catalog/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(String(doc._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
}

const row = (page: Page, name: string) => page.getByTestId('band-row').filter({ has: page.getByRole('heading', { name, exact: true }) });
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });

test('an admin adds a band from the dashboard card, searches, edits, uploads an image, features and deletes it', async ({ page, server }) => {
  const prefix = `E2E Admin Band ${unique()}`;
  const name = `${prefix} Tribe of Light`;
  try {
    await signInOverApi(page, DEMO.admin, '/admin');
    await page.getByRole('link', { name: /^Manage Bands\b/ }).click();
    await expect(page).toHaveURL(/\/admin\/bands$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Bands' })).toBeVisible();
    await expect(page.getByTestId('band-row').first()).toBeVisible();

    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add Band' });
    await form.getByLabel('Location', { exact: true }).fill('Woodbrook');
    await form.getByLabel('Description', { exact: true }).fill('Pretty mas with feathers of light');
    await form.getByLabel('Year', { exact: true }).fill('2031');
    await form.getByLabel('Start date', { exact: true }).fill('2031-02-10');
    await form.getByLabel('End date', { exact: true }).fill('2031-02-11');
    await form.getByRole('button', { name: 'Add Band', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('Band name is required');
    await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Location', { exact: true })).toHaveValue('Woodbrook');
    await expectAccessible(page, '/admin/bands add form with an error');

    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByRole('button', { name: 'Add Band', exact: true }).click();
    await expect(toast(page, 'Band added successfully')).toBeVisible();
    const added = row(page, name);
    await expect(added.getByText('2031', { exact: true })).toBeVisible();
    const stored = await storedNamed(server, name);
    expect(stored).toMatchObject({ location: 'Woodbrook', year: 2031, start_date: '2031-02-10', end_date: '2031-02-11', rating: 0, total_ratings: 0, active: true });
    const id = idOf(stored as Doc);

    // Search covers the name, the description and the location.
    const search = page.getByRole('searchbox', { name: 'Search bands' });
    await search.fill(name.toUpperCase());
    await expect(added).toBeVisible();
    await search.fill('feathers of light');
    await expect(added).toBeVisible();
    await search.fill(`${prefix} nothing like this`);
    await expect(page.getByText('No bands found.', { exact: true })).toBeVisible();
    await search.fill(prefix);
    await expectAccessible(page, '/admin/bands list');

    // Cancelled: nothing stored changes.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    let editor = page.getByRole('form', { name: `Editing ${name}` });
    await editor.getByLabel('Year', { exact: true }).fill('2040');
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(added.getByText('2031', { exact: true })).toBeVisible();

    // Saved: a new year and an image; a year that is not a number is refused first.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    editor = page.getByRole('form', { name: `Editing ${name}` });
    await expect(editor.getByLabel('Year', { exact: true })).toHaveValue('2031');
    await editor.getByLabel('Year', { exact: true }).fill('next year');
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(editor.getByRole('alert').first()).toHaveText('Year must be a whole number');
    await editor.getByLabel('Year', { exact: true }).fill('2032');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 200, b: 30 } } }).png().toBuffer();
    await editor.getByLabel('Band image', { exact: true }).setInputFiles({ name: 'band.png', mimeType: 'image/png', buffer: png });
    await expect(editor.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Band updated successfully')).toBeVisible();
    await expect(added.getByText('2032', { exact: true })).toBeVisible();
    const saved = await storedNamed(server, name);
    expect(saved).toMatchObject({ year: 2032, rating: 0, total_ratings: 0 });
    expect(String(saved?.image_url)).not.toBe('');

    // Featured; the public bands page lists it, featured.
    const star = added.getByRole('button', { name: `Feature ${name} on the home page` });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/fete-destinations');
    await page.getByRole('searchbox', { name: 'Search bands' }).fill(prefix);
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Feature ${name} on the home page` })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/admin/bands');
    await page.getByRole('searchbox', { name: 'Search bands' }).fill(prefix);
    await row(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this band?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Band deleted successfully')).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
    expect(await storedNamed(server, name)).toBeUndefined();
    expect((await catalogDocs(server, 'featured')).some((f) => f.item_id === id)).toBe(false);
  } finally {
    await removeNamed(server, prefix);
  }
});
