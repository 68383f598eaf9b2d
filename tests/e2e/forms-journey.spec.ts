// The forms end to end: an admin and a member, each on their own browser. The admin
// builds a form for a package; the member finds it from the package's button, misses a required
// field, then sends two responses; the admin reviews them, stages two status changes and saves;
// the member's bell and Forms Status follow live and the e-mail is in the outbox; the CSV parses
// back; deleting the package takes the form and its submissions with it.
import { readFile } from 'node:fs/promises';
import { DEMO, expect, otherBrowser, test } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { membersDocs } from './catalog-support.ts';
import { putMembersDoc } from './packages-support.ts';
import { addField, serverSubmissions } from './forms-support.ts';
import { signInOverApi } from './shell-support.ts';

test('a package form from the builder to the member and back, with statuses, notifications, CSV and a cascading delete', async ({ page, server }) => {
  test.setTimeout(180_000);
  const id = `e2ej${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const title = `E2E Journey ${id}`;
  const formTitle = `E2E Journey form ${id}`;
  const removePackage = await putMembersDoc(server, {
    _id: `package:${id}`, type: 'package', title, subtitle: 'Soca all day', description: 'Costume, drinks and the road.',
    bgcolor: 'from-teal-500 to-teal-700', textcolor: 'text-white', order: 99, active: true,
  });
  const member = await createAccount(server, 'journey', { first_name: 'Zoë', last_name: 'Baptiste' });
  const phone = await otherBrowser(server.url);
  try {
    // The admin builds the form from the package's row.
    await signInOverApi(page, DEMO.admin, '/admin/packages');
    const row = page.getByTestId('package-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await row.getByRole('link', { name: 'Create Form', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/forms/package/${id}/create$`));
    await expect(page.getByRole('heading', { level: 1, name: `Create Form for ${title}` })).toBeVisible();
    await page.getByLabel('Form Title').fill(formTitle);
    await page.getByLabel('Submit Button Text').fill('Reserve');
    await addField(page, { type: 'Text', label: 'Full name', required: true });
    await addField(page, { type: 'Dropdown', label: 'Island', dropdown: 'Trinidad\nTobago', required: true });
    await addField(page, { type: 'Checkbox', label: 'Extras', checkbox: ['Cooler', 'Flags'] });
    await page.getByRole('button', { name: 'Save Form', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/packages$/);
    await expect(page.getByText('Form saved successfully', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: 'Edit Form', exact: true })).toHaveAttribute('href', `/admin/forms/package/${id}/edit`);
    const [form] = (await membersDocs(server, 'form')).filter((f) => f._id === `form:package:${id}`);
    const formId = String(form!.id);

    // The member reaches it from the package's button, and misses a required field first.
    const m = phone.page;
    await signInOverApi(m, member, '/fete-packages');
    const card = m.getByTestId('package-card').filter({ has: m.getByRole('heading', { name: title, exact: true }) });
    await card.getByRole('link', { name: /Book Your Package/ }).click();
    await expect(m).toHaveURL(new RegExp(`/form/package/${id}$`));
    const fill = m.getByTestId('form-card');
    await expect(fill.getByRole('heading', { level: 1, name: formTitle })).toBeVisible();
    await fill.getByLabel('Full name').fill('Zoë Baptiste');
    await fill.getByRole('button', { name: 'Reserve' }).click();
    await expect(fill.getByRole('alert')).toHaveText('Please fill in the following required fields: Island');
    await fill.getByLabel('Island').selectOption('Tobago');
    await fill.getByRole('group', { name: 'Extras' }).getByLabel('Flags').check();
    await fill.getByRole('button', { name: 'Reserve' }).click();
    await expect(m.getByRole('heading', { name: 'Form Submitted Successfully!' })).toBeVisible();
    await m.getByRole('button', { name: 'Submit Another Response' }).click();
    await fill.getByLabel('Full name').fill('Kai Baptiste');
    await fill.getByLabel('Island').selectOption('Trinidad');
    await fill.getByRole('button', { name: 'Reserve' }).click();
    await expect(m.getByRole('heading', { name: 'Form Submitted Successfully!' })).toBeVisible();
    await expect.poll(async () => (await serverSubmissions(server, formId)).length, { timeout: 30_000 }).toBe(2);
    // The member watches Forms Status while the admin works.
    await m.goto('/dashboard?tab=forms');
    await expect(m.getByTestId('submission-card')).toHaveCount(2);
    await expect(m.getByTestId('submission-status')).toHaveText(['Pending', 'Pending']);
    // Opening the bell marks both seen in their current status.
    await m.getByRole('button', { name: /^Notifications/ }).click();
    await m.keyboard.press('Escape');
    await expect(m.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    // The admin finds the submissions through Forms Management.
    await page.goto('/admin/forms');
    await page.getByPlaceholder('Search forms...').fill(id);
    await page.getByRole('row').filter({ hasText: formTitle }).getByRole('link', { name: 'View Submissions' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/forms/${formId}/submissions$`));
    await expect(page.getByRole('heading', { level: 1, name: `Form Submissions: ${formTitle}` })).toBeVisible();
    const rows = page.getByTestId('submission-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Zoë Baptiste' })).toHaveCount(2);
    await rows.first().click();
    await expect(page.getByText(/^Submission #[0-9a-f]{8}$/)).toBeVisible();

    // Two staged changes, then one save.
    await rows.nth(0).getByRole('button', { name: 'Processed', exact: true }).click();
    await rows.nth(1).getByRole('button', { name: 'Completed', exact: true }).click();
    await expect(page.getByText('You have unsaved changes', { exact: true })).toBeVisible();
    expect((await serverSubmissions(server, formId)).map((s) => s.status)).toEqual(['pending', 'pending']);
    await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(page.getByText('Status changes saved successfully', { exact: true })).toBeVisible();
    await expect(page.getByText('You have unsaved changes', { exact: true })).toHaveCount(0);
    expect((await serverSubmissions(server, formId)).map((s) => s.status).sort()).toEqual(['completed', 'processed']);

    // The member's screen follows with no reload: Forms Status and the bell.
    await expect.poll(async () => (await m.getByTestId('submission-status').allTextContents()).sort(), { timeout: 30_000 }).toEqual(['Completed', 'Processed']);
    await expect(m.getByRole('button', { name: 'Notifications, 2 new' })).toBeVisible({ timeout: 30_000 });
    // And by e-mail: the outbox holds one per change.
    await expect
      .poll(async () => (await server.outbox()).filter((mail) => mail.text.includes(member.email) && mail.text.includes(formTitle)).length, { timeout: 20_000 })
      .toBe(2);

    // CSV: downloaded and read back.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${formTitle}-submissions.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Submission ID');
    expect(lines[0]).toContain('Extras');
    expect(csv).toContain('Zoë Baptiste');
    expect(csv).toContain('Kai Baptiste');

    // Deleting the package takes its form; the server then deletes the form's submissions.
    await page.goto('/admin/packages');
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this package?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(row).toHaveCount(0);
    expect((await membersDocs(server, 'form')).filter((f) => f._id === `form:package:${id}`)).toEqual([]);
    expect((await membersDocs(server, 'package')).filter((p) => p._id === `package:${id}`)).toEqual([]);
    await expect.poll(() => serverSubmissions(server, formId), { timeout: 15_000 }).toEqual([]);
  } finally {
    await phone.close();
    await removePackage().catch(() => undefined);
  }
});
