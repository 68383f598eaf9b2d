// The form builder (/admin/forms/{type}/{id}/create and /edit, ADR 023). The demo admin builds a
// form with all seven field types on an E2E package, is stopped by the validation rules, reorders,
// edits and deletes fields, watches the live preview, saves (the package's button now points at
// the form) and reopens it. Unsaved work survives a reload and a failed save. Every package and
// form made here is removed again.
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, otherBrowser, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { tokenFor } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { putMembersDoc } from './packages-support.ts';
import { signInOverApi } from './shell-support.ts';
import { addField, serverSubmissions, targetWithForm } from './forms-support.ts';

async function readMembersDoc(server: E2eServer, id: string): Promise<Doc | null> {
  const token = await tokenFor(server, DEMO.admin);
  const res = await fetch(`${server.url}/db/members/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 404) return null;
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

/** Deletes the document at its current revision (the builder's save changes the package's). */
async function removeMembersDoc(server: E2eServer, id: string): Promise<void> {
  const doc = await readMembersDoc(server, id);
  if (!doc) return;
  const token = await tokenFor(server, DEMO.admin);
  const res = await fetch(`${server.url}/db/members/${encodeURIComponent(id)}?rev=${encodeURIComponent(String(doc._rev))}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBeLessThan(300);
}

/**
 * A fresh E2E package; returns its id. Inactive, so members' screens (and the specs that check
 * them) never see it: the builder opens inactive targets too.
 */
async function makePackage(server: E2eServer, title: string): Promise<string> {
  const id = `e2e-builder-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  await putMembersDoc(server, {
    _id: `package:${id}`,
    type: 'package',
    title,
    subtitle: 'Built by the form builder spec',
    description: 'A package for the form builder test.',
    buttonlink: null,
    bgcolor: 'from-purple-500 to-purple-700',
    textcolor: 'text-white',
    order: 999,
    active: false,
  });
  return id;
}

async function cleanUp(server: E2eServer, id: string): Promise<void> {
  await removeMembersDoc(server, `form:package:${id}`);
  await removeMembersDoc(server, `package:${id}`);
}

const fieldsCard = (page: Page) => page.getByRole('region', { name: 'Form Fields' });
const editor = (page: Page) => page.locator('form.fb-editor');
const optionTexts = (page: Page) => editor(page).locator('.fb-option-list li > span');
const preview = (page: Page) => page.getByTestId('form-preview');
const rowLabels = (page: Page) => page.locator('.fb-row .fb-row__label');
const row = (page: Page, label: string) => page.locator('.fb-row').filter({ has: page.locator('.fb-row__label', { hasText: new RegExp(`^${label}$`) }) });

async function moveButtons(page: Page, label: string): Promise<{ up: Locator; down: Locator }> {
  return {
    up: page.getByRole('button', { name: `Move ${label} up` }),
    down: page.getByRole('button', { name: `Move ${label} down` }),
  };
}

test('an admin builds, checks, previews and saves a form with every field type, then reopens it', async ({ page, server }) => {
  test.setTimeout(120_000);
  const title = `E2E Builder Package ${Date.now()}`;
  const id = await makePackage(server, title);
  try {
    await signInOverApi(page, DEMO.admin, `/admin/forms/package/${id}/create`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Create Form for ${title}`);
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Form Details' })).toBeVisible();
    await expect(page.getByLabel('Submit Button Text')).toHaveAttribute('placeholder', 'Submit');
    await expect(page.getByLabel('Form is active')).toBeChecked();
    await expect(fieldsCard(page).getByText('No fields added yet. Click "Add Field" to start building your form.', { exact: true })).toBeVisible();
    await expect(preview(page).getByText('Add fields to see a preview of your form', { exact: true })).toBeVisible();
    await expect(preview(page).getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();
    await expectAccessible(page, 'builder, empty, 1280');

    // Save Form's rules, in the spec's order.
    const saveForm = page.getByRole('button', { name: 'Save Form' });
    await saveForm.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Form title is required' })).toBeVisible();
    await page.getByLabel('Form Title').fill('E2E Carnival Sign-up');
    // An error clears as soon as its cause is fixed, before the next save.
    await expect(page.getByRole('alert').filter({ hasText: 'Form title is required' })).toHaveCount(0);
    await saveForm.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Form must have at least one field' })).toBeVisible();
    await page.getByLabel('Description', { exact: true }).fill('Tell us about your trip.');
    // Still true after an unrelated change: it stays.
    await expect(page.getByRole('alert').filter({ hasText: 'Form must have at least one field' })).toBeVisible();
    await page.getByLabel('Submit Button Text').fill('Book Now');

    // The field editor's own rules: a label, and options for a checkbox.
    await fieldsCard(page).getByRole('button', { name: 'Add Field', exact: true }).click();
    await editor(page).getByRole('button', { name: 'Save Field' }).click();
    await expect(editor(page).getByText('Field label is required', { exact: true })).toBeVisible();
    await expect(editor(page).getByLabel('Label', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await editor(page).getByLabel('Field Type').selectOption({ label: 'Checkbox' });
    await expect(editor(page).getByLabel('Placeholder')).toHaveCount(0);
    await expect(optionTexts(page)).toHaveText(['Option 1']);
    await editor(page).getByLabel('Label', { exact: true }).fill('Days');
    // The options typed are the options (ADR 045): the first replaces the default "Option 1".
    // They are trimmed; an empty one and a repeat are ignored. Enter adds, it does not save the field.
    for (const option of [' Friday ', '', 'Saturday', 'Friday']) {
      await editor(page).getByLabel('New option').fill(option);
      await editor(page).getByLabel('New option').press('Enter');
    }
    await expect(optionTexts(page)).toHaveText(['Friday', 'Saturday']);
    await expect(editor(page).getByRole('button', { name: /^Remove option/ })).toHaveCount(2);
    await expectAccessible(page, 'builder, checkbox editor, 1280');
    await editor(page).getByRole('button', { name: 'Save Field' }).click();
    await expect(editor(page)).toHaveCount(0);
    await expect(fieldsCard(page).getByRole('button', { name: 'Add Field', exact: true })).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Form must have at least one field' })).toHaveCount(0);

    // Switching to Dropdown gives Option 1; switching away drops it.
    await fieldsCard(page).getByRole('button', { name: 'Add Field', exact: true }).click();
    await editor(page).getByLabel('Field Type').selectOption({ label: 'Dropdown' });
    await expect(editor(page).getByLabel('Options (one per line)')).toHaveValue('Option 1');
    await editor(page).getByLabel('Options (one per line)').fill('\n \n');
    await editor(page).getByLabel('Label', { exact: true }).fill('Costume Size');
    await editor(page).getByRole('button', { name: 'Save Field' }).click();
    await expect(editor(page).getByText('Please add at least one option for the dropdown field', { exact: true })).toBeVisible();
    await editor(page).getByLabel('Options (one per line)').fill('Small\n\n  Medium \nLarge\n');
    await editor(page).getByRole('button', { name: 'Save Field' }).click();

    await addField(page, { type: 'Text', label: 'Full Name', placeholder: 'Your name', required: true });
    await addField(page, { type: 'Email', label: 'Email Address', placeholder: 'you@example.com' });
    await addField(page, { type: 'Number', label: 'Travellers' });
    await addField(page, { type: 'Textarea', label: 'Notes' });
    await addField(page, { type: 'Date', label: 'Arrival Date' });
    await addField(page, { type: 'Text', label: 'Temporary' });
    await expect(rowLabels(page)).toHaveText(['Days', 'Costume Size', 'Full Name', 'Email Address', 'Travellers', 'Notes', 'Arrival Date', 'Temporary']);
    await expect(row(page, 'Days')).toContainText('Checkbox · 2 options');
    await expect(row(page, 'Costume Size')).toContainText('Dropdown · 3 options');
    await expect(row(page, 'Full Name')).toContainText('Text (required)');

    // A label already used is refused (answers are keyed by label); Cancel clears the editor.
    await fieldsCard(page).getByRole('button', { name: 'Add Field', exact: true }).click();
    await editor(page).getByLabel('Label', { exact: true }).fill('Full Name');
    await editor(page).getByRole('button', { name: 'Save Field' }).click();
    await expect(editor(page).getByText('Field labels must be unique', { exact: true })).toBeVisible();
    await editor(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(editor(page)).toHaveCount(0);
    await expect(rowLabels(page)).toHaveCount(8);

    // Delete.
    await page.getByRole('button', { name: 'Delete Temporary' }).click();
    await expect(rowLabels(page)).toHaveText(['Days', 'Costume Size', 'Full Name', 'Email Address', 'Travellers', 'Notes', 'Arrival Date']);

    // Reorder: up is disabled on the first row, down on the last.
    await expect((await moveButtons(page, 'Days')).up).toBeDisabled();
    await expect((await moveButtons(page, 'Days')).down).toBeEnabled();
    await expect((await moveButtons(page, 'Arrival Date')).down).toBeDisabled();
    await expect((await moveButtons(page, 'Arrival Date')).up).toBeEnabled();
    await (await moveButtons(page, 'Full Name')).up.click();
    await (await moveButtons(page, 'Full Name')).up.click();
    await expect(rowLabels(page)).toHaveText(['Full Name', 'Days', 'Costume Size', 'Email Address', 'Travellers', 'Notes', 'Arrival Date']);
    // At the top its up button is disabled, so focus moves to its down button.
    await expect((await moveButtons(page, 'Full Name')).up).toBeDisabled();
    await expect((await moveButtons(page, 'Full Name')).down).toBeFocused();
    await (await moveButtons(page, 'Days')).down.click();
    await expect(rowLabels(page)).toHaveText(['Full Name', 'Costume Size', 'Days', 'Email Address', 'Travellers', 'Notes', 'Arrival Date']);
    await expect((await moveButtons(page, 'Days')).down).toBeFocused();

    // Edit.
    await page.getByRole('button', { name: 'Edit Notes' }).click();
    await expect(editor(page).getByRole('heading', { name: 'Edit Field' })).toBeVisible();
    await expect(editor(page).getByLabel('Field Type')).toHaveValue('textarea');
    await editor(page).getByLabel('Label', { exact: true }).fill('Special Requests');
    await editor(page).getByLabel('Required field').check();
    await editor(page).getByRole('button', { name: 'Save Field' }).click();
    await expect(page.getByRole('button', { name: 'Edit Special Requests' })).toBeFocused();
    const order = ['Full Name', 'Costume Size', 'Days', 'Email Address', 'Travellers', 'Special Requests', 'Arrival Date'];
    await expect(rowLabels(page)).toHaveText(order);
    await expect(row(page, 'Special Requests')).toContainText('Textarea (required)');

    // The live preview: title, description, disabled controls in order, * on required, submit text.
    const p = preview(page);
    await expect(p.getByRole('heading', { name: 'E2E Carnival Sign-up' })).toBeVisible();
    await expect(p.getByText('Tell us about your trip.', { exact: true })).toBeVisible();
    await expect(p.getByTestId('preview-field')).toHaveCount(7);
    await expect(p.getByLabel('Full Name')).toBeDisabled();
    await expect(p.getByLabel('Full Name')).toHaveAttribute('placeholder', 'Your name');
    await expect(p.getByText('Full Name *')).toBeVisible();
    await expect(p.getByText('Special Requests *')).toBeVisible();
    await expect(p.getByText('Email Address *')).toHaveCount(0);
    await expect(p.getByLabel('Email Address')).toHaveAttribute('type', 'email');
    await expect(p.getByLabel('Travellers')).toHaveAttribute('type', 'number');
    await expect(p.getByLabel('Arrival Date')).toHaveAttribute('type', 'date');
    await expect(p.getByLabel('Special Requests')).toHaveAttribute('rows', '3');
    await expect(p.getByLabel('Special Requests')).toBeDisabled();
    const size = p.getByLabel('Costume Size');
    await expect(size).toBeDisabled();
    await expect(size.locator('option')).toHaveText(['Select an option', 'Small', 'Medium', 'Large']);
    const days = p.getByRole('group', { name: 'Days' });
    await expect(days.getByRole('checkbox')).toHaveCount(2);
    await expect(days.getByRole('checkbox', { name: 'Friday' })).toBeDisabled();
    await expect(days.getByRole('checkbox', { name: 'Saturday' })).toBeDisabled();
    await expect(p.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    await expectAccessible(page, 'builder, full, 1280');

    // Save: back to Manage Packages with the notice; the server has the form and the link.
    await page.getByLabel('Form is active').uncheck();
    // The unsaved work is kept under the admin's own prefix (sign-out removes it) until saved.
    const draftKeys = () => page.evaluate((end) => Object.keys(localStorage).filter((k) => k.endsWith(end)), `form-builder:package:${id}`);
    expect(await draftKeys()).toEqual([expect.stringMatching(/^fete-u-[0-9a-f]+-form-builder:package:/)]);
    await saveForm.click();
    await expect(page).toHaveURL(/\/admin\/packages$/);
    await expect(page.getByText('Form saved successfully', { exact: true })).toBeVisible();
    expect(await draftKeys()).toEqual([]);

    const pkg = await readMembersDoc(server, `package:${id}`);
    expect(pkg?.buttonlink).toBe(`/form/package/${id}`);
    const form = await readMembersDoc(server, `form:package:${id}`);
    expect(form).toMatchObject({ title: 'E2E Carnival Sign-up', description: 'Tell us about your trip.', submitButtonText: 'Book Now', active: false, formtype: 'package', targetid: id });
    const fields = form?.fields as Array<{ label: string; type: string; required: boolean; options?: string[]; placeholder?: string }>;
    expect(fields.map((f) => f.label)).toEqual(order);
    expect(fields.map((f) => f.type)).toEqual(['text', 'select', 'checkbox', 'email', 'number', 'textarea', 'date']);
    expect(fields.map((f) => f.required)).toEqual([true, false, false, false, false, true, false]);
    expect(fields[1]?.options).toEqual(['Small', 'Medium', 'Large']);
    expect(fields[2]?.options).toEqual(['Friday', 'Saturday']);
    expect(fields[0]?.placeholder).toBe('Your name');
    for (const f of fields) if (f.type !== 'select' && f.type !== 'checkbox') expect(f).not.toHaveProperty('options');

    // Reopened: Edit Form, with everything as saved.
    await page.goto(`/admin/forms/package/${id}/edit`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit Form for ${title}`);
    await expect(page.getByLabel('Form Title')).toHaveValue('E2E Carnival Sign-up');
    await expect(page.getByLabel('Submit Button Text')).toHaveValue('Book Now');
    await expect(page.getByLabel('Form is active')).not.toBeChecked();
    await expect(rowLabels(page)).toHaveText(order);
    // The create route opens the existing form too, and says it edits it.
    await page.goto(`/admin/forms/package/${id}/create`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit Form for ${title}`);
    await expect(rowLabels(page)).toHaveText(order);
  } finally {
    await cleanUp(server, id);
  }
});

test('a single confirm checkbox is built without options, then ticked by a member when filling in', async ({ page, server }) => {
  test.setTimeout(120_000);
  const target = await targetWithForm(server, 'package', { withForm: false });
  const member = await otherBrowser(server.url);
  try {
    await signInOverApi(page, DEMO.admin, `/admin/forms/package/${target.id}/create`);
    await page.getByLabel('Form Title').fill('E2E Terms');
    await addField(page, { type: 'Text', label: 'Full name', required: true });
    await fieldsCard(page).getByRole('button', { name: 'Add Field', exact: true }).click();
    await editor(page).getByLabel('Field Type').selectOption({ label: 'Checkbox' });
    await editor(page).getByLabel('Label', { exact: true }).fill('I accept the terms');
    await editor(page).getByRole('button', { name: 'Remove option Option 1' }).click();
    await expect(editor(page).getByText('No options added yet', { exact: true })).toBeVisible();
    await expect(editor(page).getByText('Without options, the form shows one box to tick, labelled with the field label.', { exact: true })).toBeVisible();
    await editor(page).getByLabel('Required field').check();
    await editor(page).getByRole('button', { name: 'Save Field' }).click();
    await expect(editor(page)).toHaveCount(0);
    await expect(preview(page).getByRole('checkbox', { name: 'I accept the terms' })).toBeDisabled();
    await page.getByRole('button', { name: 'Save Form' }).click();
    await expect(page.getByText('Form saved successfully', { exact: true })).toBeVisible();
    const saved = await readMembersDoc(server, `form:package:${target.id}`);
    expect((saved!.fields as Array<{ label: string; type: string; options?: string[] }>)[1]).toMatchObject({ label: 'I accept the terms', type: 'checkbox', required: true });
    expect((saved!.fields as Array<{ options?: string[] }>)[1]?.options ?? []).toEqual([]);

    await signInOverApi(member.page, DEMO.member, `/form/package/${target.id}`);
    const card = member.page.getByTestId('form-card');
    await card.getByLabel('Full name').fill('Ana Maria');
    await card.getByRole('button', { name: 'Submit' }).click();
    await expect(card.getByRole('alert')).toHaveText('Please fill in the following required fields: I accept the terms');
    await card.getByRole('checkbox', { name: 'I accept the terms' }).check();
    await card.getByRole('button', { name: 'Submit' }).click();
    await expect(member.page.getByRole('heading', { name: 'Form Submitted Successfully!' })).toBeVisible();
    await expect.poll(async () => (await serverSubmissions(server, String(saved?.id))).length, { timeout: 20_000 }).toBe(1);
    const [sub] = await serverSubmissions(server, String(saved?.id));
    expect(sub!.data).toMatchObject({ 'Full name': 'Ana Maria', 'I accept the terms': true });
  } finally {
    await member.close();
    await removeMembersDoc(server, `form:package:${target.id}`);
    await target.cleanup();
  }
});

test.describe('on a phone', () => {
  test.use({ viewportSize: { width: 375, height: 800 } });

  test('unsaved work survives a reload and a failed save; bad routes show an error card', async ({ page, context, server }) => {
    test.setTimeout(90_000);
    const title = `E2E Builder Phone ${Date.now()}`;
    const id = await makePackage(server, title);
    try {
      await signInOverApi(page, DEMO.admin, `/admin/forms/package/${id}/create`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Create Form for ${title}`);
      await page.getByLabel('Form Title').fill('E2E Phone Form');
      await addField(page, { type: 'Dropdown', label: 'Pickup Point', dropdown: 'North\nSouth', required: true });
      await fieldsCard(page).getByRole('button', { name: 'Add Field', exact: true }).click();
      await editor(page).getByLabel('Label', { exact: true }).fill('Half typed');
      await expectAccessible(page, 'builder with editor, 375');

      // A reload brings back the form, its fields and the open editor.
      await page.reload();
      await expect(page.getByText('Your unsaved changes to this form were restored.', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Form Title')).toHaveValue('E2E Phone Form');
      await expect(rowLabels(page)).toHaveText(['Pickup Point']);
      await expect(editor(page).getByLabel('Label', { exact: true })).toHaveValue('Half typed');
      await editor(page).getByRole('button', { name: 'Save Field' }).click();
      await expect(rowLabels(page)).toHaveText(['Pickup Point', 'Half typed']);
      await expect(preview(page).getByText('Pickup Point *')).toBeVisible();
      await expectAccessible(page, 'builder, 375');

      // Offline, the save fails and nothing is lost; back online it goes through.
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Save Form' }).click();
      await expect(page.getByText('Failed to save form. Please try again.', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/admin/forms/package/${id}/create$`));
      await expect(rowLabels(page)).toHaveText(['Pickup Point', 'Half typed']);
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Save Form' }).click();
      await expect(page).toHaveURL(/\/admin\/packages$/);
      await expect(page.getByText('Form saved successfully', { exact: true })).toBeVisible();
      const form = await readMembersDoc(server, `form:package:${id}`);
      expect((form!.fields as Array<{ label: string }>).map((f) => f.label)).toEqual(['Pickup Point', 'Half typed']);

      // Discard drops a restored draft and shows the saved form again.
      await page.goto(`/admin/forms/package/${id}/edit`);
      await expect(page.getByText('Your unsaved changes to this form were restored.')).toHaveCount(0);
      await page.getByLabel('Form Title').fill('E2E Phone Form, changed');
      await page.reload();
      await expect(page.getByLabel('Form Title')).toHaveValue('E2E Phone Form, changed');
      await page.getByRole('button', { name: 'Discard changes' }).click();
      await expect(page.getByLabel('Form Title')).toHaveValue('E2E Phone Form');

      await page.goto('/admin/forms/event/whatever/create');
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid form type or ID' })).toBeVisible();
      await page.goto(`/admin/forms/ride/${id}/create`);
      await expect(page.getByRole('alert').filter({ hasText: 'Ride package not found' })).toBeVisible();
      await expectAccessible(page, 'builder error card, 375');
    } finally {
      await cleanUp(server, id);
    }
  });
});
