// Manage Ride Packages (/admin/rides) and Manage Packages (/admin/packages), ADR 021. The admin
// adds (after a refused empty subtitle), colours, edits, cancels an edit and deletes; the row
// links to the form builder; members are sent home. Everything made here is titled "E2E …",
// added inactive (so the member grids other specs check never see it) and removed at the end.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { idOf, membersDocs, tokenFor } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { goOffline, signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function storedTitled(server: E2eServer, type: 'package' | 'ride', title: string): Promise<Doc | undefined> {
  return (await membersDocs(server, type)).find((d) => d.title === title);
}

/** Whatever this test left behind, removed as the admin. */
async function removeTitled(server: E2eServer, type: 'package' | 'ride', prefix: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  for (const doc of (await membersDocs(server, type)).filter((d) => String(d.title).startsWith(prefix))) {
    await fetch(`${server.url}/db/members/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(String(doc._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
}

const row = (page: Page, type: string, title: string) => page.getByTestId(`${type}-row`).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });

async function addNew(page: Page, type: 'package' | 'ride', fields: { title: string; subtitle: string; colour?: string }): Promise<void> {
  const submit = type === 'ride' ? 'Add Ride Package' : 'Add Package';
  await page.getByRole('button', { name: 'Add New', exact: true }).click();
  const form = page.getByRole('form', { name: submit });
  await form.getByLabel('Title', { exact: true }).fill(fields.title);
  await form.getByLabel('Subtitle', { exact: true }).fill(fields.subtitle);
  if (fields.colour) await form.getByLabel('Colour', { exact: true }).selectOption(fields.colour);
  await form.getByRole('checkbox', { name: 'Active' }).uncheck();
  await form.getByRole('button', { name: submit, exact: true }).click();
}

test('an admin adds, colours, edits, cancels an edit and deletes a ride package', async ({ page, context, server }) => {
  const prefix = `E2E Admin Ride ${unique()}`;
  const title = `${prefix} Shuttle`;
  try {
    await signInOverApi(page, DEMO.admin, '/admin/rides');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Ride Packages' })).toBeVisible();
    await expect(page.getByTestId('ride-row').first()).toBeVisible();

    // An empty subtitle is refused with the spec's words; what was typed stays.
    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add Ride Package' });
    await expect(form.getByLabel('Order', { exact: true })).toHaveValue('0');
    await expect(form.getByLabel('Colour', { exact: true })).toHaveValue('Red');
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByRole('button', { name: 'Add Ride Package', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('Title and subtitle are required');
    await expect(form.getByLabel('Subtitle', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Subtitle', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expectAccessible(page, '/admin/rides add form with an error');

    // Amber: black text, shown in the preview before saving.
    await form.getByLabel('Subtitle', { exact: true }).fill('Port of Spain to the Savannah');
    await form.getByLabel('Colour', { exact: true }).selectOption('Amber');
    await expect(form.getByTestId('colour-preview')).toHaveCSS('color', 'rgb(0, 0, 0)');
    await form.getByRole('checkbox', { name: 'Active' }).uncheck();
    await form.getByRole('button', { name: 'Add Ride Package', exact: true }).click();
    await expect(toast(page, 'Ride package added successfully')).toBeVisible();
    await expect(form).toHaveCount(0);

    const added = row(page, 'ride', title);
    await expect(added).toBeVisible();
    await expect(added.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(added.getByText('Amber', { exact: true })).toBeVisible();
    await expect(added.getByText('Port of Spain to the Savannah', { exact: true })).toBeVisible();
    const stored = await storedTitled(server, 'ride', title);
    expect(stored).toMatchObject({ bgcolor: 'from-amber-500 to-amber-700', textcolor: 'text-black', order: 0, active: false, subtitle: 'Port of Spain to the Savannah' });
    const id = idOf(stored as Doc);

    // No form yet: the row offers to create one.
    await expect(added.getByRole('link', { name: 'Create Form', exact: true })).toHaveAttribute('href', `/admin/forms/ride/${id}/create`);
    await expectAccessible(page, '/admin/rides list');

    // Inline edit, saved.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('form', { name: `Editing ${title}` });
    await expect(editor.getByLabel('Subtitle', { exact: true })).toHaveValue('Port of Spain to the Savannah');
    await editor.getByLabel('Subtitle', { exact: true }).fill('Savannah to the beach');
    await editor.getByLabel('Order', { exact: true }).fill('1.5');
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(editor.getByRole('alert')).toHaveText('Order must be a whole number');
    await editor.getByLabel('Order', { exact: true }).fill('42');
    // Offline, the save fails with the spec's alert and the row keeps what was typed.
    await goOffline(context, page);
    await expect(page.getByTestId('admin-offline')).toBeVisible();
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Failed to update ride package')).toBeVisible();
    await expect(editor.getByLabel('Subtitle', { exact: true })).toHaveValue('Savannah to the beach');
    await expect(editor.getByLabel('Order', { exact: true })).toHaveValue('42');
    await context.setOffline(false);
    await expect(page.getByTestId('admin-offline')).toHaveCount(0);
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Ride package updated successfully')).toBeVisible();
    await expect(editor).toHaveCount(0);
    await expect(added.getByText('Savannah to the beach', { exact: true })).toBeVisible();
    expect(await storedTitled(server, 'ride', title)).toMatchObject({ subtitle: 'Savannah to the beach', order: 42, textcolor: 'text-black' });

    // Inline edit, cancelled: nothing changes, on screen or on the server.
    const revBefore = (await storedTitled(server, 'ride', title))?._rev;
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('form', { name: `Editing ${title}` }).getByLabel('Title', { exact: true }).fill(`${prefix} Never Saved`);
    await page.getByRole('form', { name: `Editing ${title}` }).getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(added.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(page.getByText(`${prefix} Never Saved`)).toHaveCount(0);
    expect((await storedTitled(server, 'ride', title))?._rev).toBe(revBefore);

    // Delete, after the question.
    await added.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this ride package?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Ride package deleted successfully')).toBeVisible();
    await expect(row(page, 'ride', title)).toHaveCount(0);
    expect(await storedTitled(server, 'ride', title)).toBeUndefined();
  } finally {
    await removeTitled(server, 'ride', prefix);
  }
});

test.describe('on a phone', () => {
  test.use({ viewportSize: { width: 375, height: 800 } });

  test('the same screen manages packages: add and delete, accessible at 375 px', async ({ page, server }) => {
    const prefix = `E2E Admin Package ${unique()}`;
    const title = `${prefix} Monday Mas`;
    try {
      await signInOverApi(page, DEMO.admin, '/admin/packages');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Packages' })).toBeVisible();
      await expect(page.getByTestId('package-row').first()).toBeVisible();
      const count = await page.getByTestId('package-row').count();

      await page.getByRole('button', { name: 'Add New', exact: true }).click();
      // A package starts after the last one, purple with white text.
      const form = page.getByRole('form', { name: 'Add Package' });
      await expect(form.getByLabel('Order', { exact: true })).toHaveValue(String(count + 1));
      await expect(form.getByLabel('Colour', { exact: true })).toHaveValue('Purple');
      await expectAccessible(page, '/admin/packages add form at 375 px');
      await page.getByRole('button', { name: 'Add New', exact: true }).click();

      await addNew(page, 'package', { title, subtitle: 'Costume, drinks and a band', colour: 'Yellow' });
      await expect(toast(page, 'Package added successfully')).toBeVisible();
      const added = row(page, 'package', title);
      await expect(added).toBeVisible();
      expect(await storedTitled(server, 'package', title)).toMatchObject({ bgcolor: 'from-yellow-500 to-yellow-700', textcolor: 'text-black', order: count + 1, active: false });
      await expectAccessible(page, '/admin/packages list at 375 px');

      // After an add, the next one is offered the new count plus one.
      await page.getByRole('button', { name: 'Add New', exact: true }).click();
      await expect(page.getByRole('form', { name: 'Add Package' }).getByLabel('Order', { exact: true })).toHaveValue(String(count + 2));
      await page.getByRole('form', { name: 'Add Package' }).getByRole('button', { name: 'Cancel', exact: true }).click();

      await added.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText('Are you sure you want to delete this package?', { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(row(page, 'package', title)).toHaveCount(0);
      expect(await storedTitled(server, 'package', title)).toBeUndefined();
    } finally {
      await removeTitled(server, 'package', prefix);
    }
  });
});

test('an edit of a package is kept on the device across a reload, and its save meets another admin\'s change', async ({ page, server }) => {
  const prefix = `E2E Admin Package ${unique()}`;
  const title = `${prefix} Kept`;
  try {
    await signInOverApi(page, DEMO.admin, '/admin/packages');
    await addNew(page, 'package', { title, subtitle: 'Before the reload' });
    await expect(toast(page, 'Package added successfully')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search packages' }).fill(title);
    await row(page, 'package', title).getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('form', { name: `Editing ${title}` });
    await editor.getByLabel('Subtitle', { exact: true }).fill('Typed, then reloaded');
    await editor.getByLabel('Colour', { exact: true }).selectOption('Teal');

    // Meanwhile another admin changes the order.
    const token = await tokenFor(server, DEMO.admin);
    const current = (await storedTitled(server, 'package', title)) as Doc;
    const put = await fetch(`${server.url}/db/members/${encodeURIComponent(current._id)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...current, order: 77, updated_at: new Date().toISOString() }),
    });
    expect(put.ok).toBe(true);

    // The reload brings the edit back, as typed, saying it is kept on the device.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search packages' }).fill(title);
    const kept = page.getByRole('form', { name: `Editing ${title}` });
    await expect(kept.getByLabel('Subtitle', { exact: true })).toHaveValue('Typed, then reloaded');
    await expect(kept.getByLabel('Colour', { exact: true })).toHaveValue('Teal');
    await expect(kept.getByTestId('kit-kept')).toHaveText('Not saved yet. Your changes are kept on this device until you save or cancel them.');

    // Its save goes over the version it began from: the other admin's order is a visible conflict.
    await kept.getByRole('button', { name: 'Save Changes', exact: true }).click();
    const panel = kept.getByTestId('conflict');
    await expect(panel.getByRole('row', { name: /^Order/ })).toHaveText(/Order\s*77\s*\d+/);
    expect(await storedTitled(server, 'package', title)).toMatchObject({ order: 77, subtitle: 'Before the reload' });
    await panel.getByRole('button', { name: 'Keep my changes', exact: true }).click();
    await expect(toast(page, 'Package updated successfully')).toBeVisible();
    expect(await storedTitled(server, 'package', title)).toMatchObject({ subtitle: 'Typed, then reloaded', bgcolor: 'from-teal-500 to-teal-700', textcolor: 'text-white' });

    // Saved: nothing is kept any more; a reload shows the row, not an edit.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search packages' }).fill(title);
    await expect(row(page, 'package', title)).toBeVisible();
    await expect(page.getByRole('form', { name: `Editing ${title}` })).toHaveCount(0);
  } finally {
    await removeTitled(server, 'package', prefix);
  }
});

test('a list the server does not give shows the Error panel of each page', async ({ page }) => {
  await signInOverApi(page, DEMO.admin, '/');
  // The admin lists are `_all_docs` ranges of `members` read on the server (ADR 021).
  await page.route(/\/db\/members\/_all_docs/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
  for (const [path, text] of [
    ['/admin/rides', 'Failed to load ride packages. Please try again later.'],
    ['/admin/packages', 'Failed to load data. Please try again later.'],
  ] as const) {
    await page.goto(path);
    const panel = page.getByTestId('load-error');
    await expect(panel.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
    await expect(panel.getByText(text, { exact: true })).toBeVisible();
  }
});
