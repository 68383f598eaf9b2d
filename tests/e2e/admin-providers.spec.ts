// Manage Fete Faces (/admin/providers) on the admin kit (ADR 027). The admin adds (after a
// refused missing last name) with services typed one at a time (blank and duplicates ignored, the
// card shows three then +N), finds the new provider unrated, searches, edits inline (cancelled,
// then saved with a service removed, a price and an avatar), features the provider (its star is
// on in Fete Faces) and deletes it. Test providers are named "E2E …" and removed at the end.
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { catalogDocs, idOf, tokenFor } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const storedNamed = async (server: E2eServer, first: string): Promise<Doc | undefined> => (await catalogDocs(server, 'provider')).find((d) => d.first_name === first);

async function removeNamed(server: E2eServer, prefix: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  const providers = (await catalogDocs(server, 'provider')).filter((d) => String(d.first_name).startsWith(prefix));
  const ids = new Set(providers.map(idOf));
  const featured = (await catalogDocs(server, 'featured')).filter((d) => ids.has(String(d.item_id)));
  for (const doc of [...featured, ...providers]) {
    await fetch(`${server.url}/db/catalog/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(String(doc._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
}

const row = (page: Page, name: string) => page.getByTestId('provider-row').filter({ has: page.getByRole('heading', { name, exact: true }) });
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });

async function addTags(form: Locator, label: string, tags: string[]): Promise<void> {
  const input = form.getByLabel(label, { exact: true });
  for (const t of tags) {
    await input.fill(t);
    await input.press('Enter');
  }
}

test('an admin adds a provider with services, searches, edits, uploads an avatar, features and deletes them', async ({ page, server }) => {
  const prefix = `E2E Face ${unique()}`;
  const first = prefix;
  const name = `${first} Glitterson`;
  try {
    await signInOverApi(page, DEMO.admin, '/admin/providers');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Fete Faces' })).toBeVisible();
    await expect(page.getByTestId('provider-row').first()).toBeVisible();

    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add Provider' });
    await form.getByLabel('First name', { exact: true }).fill(first);
    await form.getByLabel('Bio', { exact: true }).fill('Carnival faces that sparkle all night');
    // Trimmed; blank and duplicates ignored.
    await addTags(form, 'Services', [' Makeup ', 'Glitter Art', '  ', 'makeup', 'Body Paint', 'Henna Art']);
    await expect(form.getByRole('list', { name: 'Services added' }).getByRole('listitem')).toHaveText(['Makeup×', 'Glitter Art×', 'Body Paint×', 'Henna Art×']);
    await form.getByRole('button', { name: 'Add Provider', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('First name and last name are required');
    await expect(form.getByLabel('Last name', { exact: true })).toBeFocused();
    await expect(form.getByLabel('First name', { exact: true })).toHaveValue(first);
    await expectAccessible(page, '/admin/providers add form with an error');

    await form.getByLabel('Last name', { exact: true }).fill('Glitterson');
    await form.getByRole('button', { name: 'Add Provider', exact: true }).click();
    await expect(toast(page, 'Provider added successfully')).toBeVisible();
    const added = row(page, name);
    await expect(added.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(['Makeup', 'Glitter Art', 'Body Paint', '+1']);
    await expect(added.getByText('0.0 (0)', { exact: true })).toBeVisible();
    const stored = await storedNamed(server, first);
    expect(stored).toMatchObject({ last_name: 'Glitterson', services: ['Makeup', 'Glitter Art', 'Body Paint', 'Henna Art'], service_prices: {}, rating: 0, total_ratings: 0, active: true });
    const id = idOf(stored as Doc);

    // Search covers the full name, the bio and the services.
    const search = page.getByRole('searchbox', { name: 'Search providers' });
    await search.fill(`${first} glitterSON`);
    await expect(added).toBeVisible();
    await search.fill('SPARKLE ALL NIGHT');
    await expect(added).toBeVisible();
    await search.fill(`${prefix} nothing like this`);
    await expect(page.getByText('No providers found.', { exact: true })).toBeVisible();
    await search.fill(prefix);
    await expectAccessible(page, '/admin/providers list');

    // Cancelled: the working list is dropped, the stored one untouched.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    let editor = page.getByRole('form', { name: `Editing ${name}` });
    await editor.getByRole('button', { name: 'Remove Henna Art' }).click();
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(added.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(['Makeup', 'Glitter Art', 'Body Paint', '+1']);

    // Saved: a service removed, a price given, an avatar uploaded.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    editor = page.getByRole('form', { name: `Editing ${name}` });
    await editor.getByRole('button', { name: 'Remove Henna Art' }).click();
    await editor.getByLabel('Price for Makeup', { exact: true }).fill('120');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 90, b: 160 } } }).png().toBuffer();
    await editor.getByLabel('Avatar', { exact: true }).setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
    await expect(editor.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Provider updated successfully')).toBeVisible();
    await expect(added.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(['Makeup', 'Glitter Art', 'Body Paint']);
    const saved = await storedNamed(server, first);
    expect(saved).toMatchObject({ services: ['Makeup', 'Glitter Art', 'Body Paint'], service_prices: { Makeup: 120 }, rating: 0, total_ratings: 0 });
    expect(String(saved?.avatar_url)).not.toBe('');

    // Featured; Fete Faces shows it featured.
    const star = added.getByRole('button', { name: `Feature ${name} on the home page` });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/fete-faces');
    await page.getByRole('searchbox', { name: 'Search providers' }).fill(prefix);
    await expect(page.getByRole('button', { name: `Feature ${name} on the home page` })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/admin/providers');
    await page.getByRole('searchbox', { name: 'Search providers' }).fill(prefix);
    await row(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this provider?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Provider deleted successfully')).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
    expect(await storedNamed(server, first)).toBeUndefined();
    expect((await catalogDocs(server, 'featured')).some((f) => f.item_id === id)).toBe(false);
  } finally {
    await removeNamed(server, prefix);
  }
});
