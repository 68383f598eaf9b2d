// Forms Management and Form Submissions as the admin (admin spec): search, type filter, the
// no-match text and a delete that takes the submissions with it; then a form with submissions
// made by members: the detail panel, staged status changes (kept across a reload) saved with
// notifications and e-mails, and the CSV export parsed back. Axe at 1280 and 375 px.
import { readFile } from 'node:fs/promises';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { signInOverApi } from './shell-support.ts';
import { createAccount } from './account-support.ts';
import { putMembersDoc } from './packages-support.ts';
import { cleanUp, putForm, serverDb, serverSubmissions, submitAsMember, userDocs, waitForSubmissions } from './admin-forms-support.ts';
import type { E2eForm } from './admin-forms-support.ts';

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** RFC 4180, as the spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (ch !== '\r') field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

test('Forms Management: search, type filter, no match, and delete with its submissions', async ({ page, server }) => {
  const t = tag();
  const now = Date.now();
  const pkgForm = await putForm(server, 'package', `e2efm${t}p`, `E2E Forms Package ${t}`, 'Costume pickup', new Date(now - 60_000).toISOString());
  const rideForm = await putForm(server, 'ride', `e2efm${t}r`, `E2E Forms Ride ${t}`, `Shuttle from Piarco ${t}`, new Date(now).toISOString());
  const forms: E2eForm[] = [pkgForm, rideForm];
  try {
    const member = await createAccount(server, 'formsmgmt');
    await submitAsMember(server, member, rideForm, { Seats: 1, Extras: [], Notes: '' }, new Date().toISOString());
    await waitForSubmissions(server, rideForm.id, 1);

    await signInOverApi(page, DEMO.admin, '/admin/forms');
    await expect(page.getByRole('heading', { level: 1, name: 'Forms Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage Packages' })).toHaveAttribute('href', '/admin/packages');
    await expect(page.getByRole('link', { name: 'Manage Rides' })).toHaveAttribute('href', '/admin/rides');
    for (const col of ['Form Title', 'Type', 'Status', 'Last Updated', 'Actions']) await expect(page.getByRole('columnheader', { name: col })).toBeVisible();

    const search = page.getByPlaceholder('Search forms...');
    const rows = page.getByTestId('form-row');
    await search.fill(t.toUpperCase());
    // Newest updated first: the ride, then the package.
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`E2E Forms Ride ${t}`);
    await expect(rows.nth(0)).toContainText('Ride');
    await expect(rows.nth(0)).toContainText('Active');
    await expect(rows.nth(1)).toContainText(`E2E Forms Package ${t}`);
    await expect(rows.nth(1)).toContainText('Package');
    // The search reads the description too.
    await search.fill(`piarco ${t}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`E2E Forms Ride ${t}`);

    await search.fill(`E2E Forms`);
    const type = page.getByLabel('Type');
    await type.selectOption({ label: 'Packages' });
    await expect(rows.filter({ hasText: `E2E Forms Package ${t}` })).toHaveCount(1);
    await expect(rows.filter({ hasText: `E2E Forms Ride ${t}` })).toHaveCount(0);
    await type.selectOption({ label: 'Rides' });
    await expect(rows.filter({ hasText: `E2E Forms Ride ${t}` })).toHaveCount(1);
    await expect(rows.filter({ hasText: `E2E Forms Package ${t}` })).toHaveCount(0);
    await type.selectOption({ label: 'All' });

    await search.fill(`nothing-like-this-${t}`);
    await expect(page.getByText('No forms match your search criteria.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Package Form' })).toHaveAttribute('href', '/admin/packages');
    await expect(page.getByRole('link', { name: 'Create Ride Form' })).toHaveAttribute('href', '/admin/rides');

    await search.fill(`E2E Forms Ride ${t}`);
    const row = rows.filter({ hasText: `E2E Forms Ride ${t}` });
    await expect(row.getByRole('link', { name: 'View Submissions' })).toHaveAttribute('href', `/admin/forms/${rideForm.id}/submissions`);
    await expect(row.getByRole('link', { name: 'Edit Form' })).toHaveAttribute('href', `/admin/forms/ride/${rideForm.targetid}/edit`);
    await expectAccessible(page, 'Forms Management, 1280 px');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row.getByRole('link', { name: 'View Submissions' })).toBeVisible();
    await expectAccessible(page, 'Forms Management, 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Cancel keeps it; confirming deletes the submissions, then the form.
    await row.getByRole('button', { name: /Delete Form/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this form? All submissions will also be deleted.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /Delete Form/ }).click();
    await dialog.getByRole('button', { name: 'Delete Form' }).click();
    await expect(row).toHaveCount(0);
    expect(await serverSubmissions(server, rideForm.id)).toEqual([]);
    expect((await serverDb(server)('GET', `/members/${encodeURIComponent(rideForm._id)}`)).status).toBe(404);
    // The other form is still listed after a reload.
    await page.reload();
    await page.getByPlaceholder('Search forms...').fill(`E2E Forms`);
    await expect(page.getByTestId('form-row').filter({ hasText: `E2E Forms Package ${t}` })).toHaveCount(1);
  } finally {
    await cleanUp(server, { forms });
  }
});

test('Form Submissions: detail, staged statuses saved with notifications, CSV export', async ({ page, server }) => {
  test.setTimeout(120_000);
  const t = tag();
  const pkgId = `e2esubs${t}`;
  const removePackage = await putMembersDoc(server, {
    _id: `package:${pkgId}`, type: 'package', title: `E2E Subs Package ${t}`, subtitle: 'Monday', description: 'For the submissions test',
    buttonlink: `/form/package/${pkgId}`, bgcolor: 'from-purple-600 to-purple-800', textcolor: 'text-white', order: 99, active: true,
  });
  const form = await putForm(server, 'package', pkgId, `E2E Subs Form ${t}`, 'Submissions test', new Date().toISOString());
  try {
    const tricky = await createAccount(server, 'subsa', { first_name: 'Zoë "Zee"', last_name: 'Noël, Jr' });
    const plain = await createAccount(server, 'subsb', { first_name: 'Marcus', last_name: `Lee${t}` });
    const base = Date.now();
    const first = await submitAsMember(server, tricky, form, { Seats: 2, Extras: ['Drinks', 'Shirt'], Notes: '=SUM(1,2) "quoted", café' }, new Date(base - 60_000).toISOString());
    const second = await submitAsMember(server, plain, form, { Seats: 4, Extras: [], Notes: '' }, new Date(base).toISOString());
    await waitForSubmissions(server, form.id, 2);

    await signInOverApi(page, DEMO.admin, `/admin/forms/${form.id}/submissions`);
    await expect(page.getByRole('heading', { level: 1, name: `Form Submissions: E2E Subs Form ${t}` })).toBeVisible();
    const rows = page.getByTestId('submission-row');
    await expect(rows).toHaveCount(2);
    // Newest first.
    await expect(rows.nth(0)).toContainText(`Marcus Lee${t}`);
    await expect(rows.nth(1)).toContainText('Zoë "Zee" Noël, Jr');
    await expect(page.getByText('Select a submission to view details')).toBeVisible();

    // Search over answers and names.
    const search = page.getByPlaceholder('Search submissions...');
    await search.fill('CAFÉ');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Zoë');
    await search.fill('no such thing');
    await expect(page.getByText('No submissions match your search.')).toBeVisible();
    await search.fill('');
    await expect(rows).toHaveCount(2);

    // A row click shows its details.
    await rows.nth(1).locator('td').first().click();
    const detail = page.getByTestId('submission-detail');
    await expect(detail.getByRole('heading', { name: `Submission #${first.slice(0, 8)}` })).toBeVisible();
    await expect(detail).toContainText('Zoë "Zee" Noël, Jr');
    await expect(detail).toContainText('Drinks, Shirt');
    await expect(detail).toContainText('=SUM(1,2) "quoted", café');
    await expect(detail).toContainText('Pending');
    await rows.nth(0).getByRole('button', { name: `Marcus Lee${t}` }).click();
    await expect(detail.getByRole('heading', { name: `Submission #${second.slice(0, 8)}` })).toBeVisible();
    // No ticked options, and an empty text answer.
    await expect(detail).toContainText('None selected');
    await expect(detail.locator('dd').filter({ hasText: /^-$/ })).toHaveCount(1);
    await expectAccessible(page, 'Form Submissions, 1280 px');

    // Stage two changes: the list and the panel change at once, nothing is written yet.
    await detail.getByRole('button', { name: 'Mark as Completed' }).click();
    await rows.nth(1).getByRole('button', { name: 'Processed', exact: true }).click();
    await expect(rows.nth(0).locator('[data-status]')).toHaveText('Completed');
    await expect(rows.nth(1).locator('[data-status]')).toHaveText('Processed');
    await expect(page.getByText('You have unsaved changes')).toBeVisible();
    expect((await serverSubmissions(server, form.id)).map((s) => s.status)).toEqual(['pending', 'pending']);

    // Kept on the device across a reload.
    await page.reload();
    await expect(page.getByText('You have unsaved changes')).toBeVisible();
    await expect(rows.nth(0).locator('[data-status]')).toHaveText('Completed');

    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, 'Form Submissions, 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Status changes saved successfully')).toBeVisible();
    await expect(page.getByText('You have unsaved changes')).toHaveCount(0);
    await expect(page.getByText('Status changes saved successfully')).toHaveCount(0, { timeout: 10_000 });

    const byId = new Map((await serverSubmissions(server, form.id)).map((s) => [s.id as string, s.status as string]));
    expect(byId.get(second)).toBe('completed');
    expect(byId.get(first)).toBe('processed');
    // The members' own copies, their notifications and their e-mails.
    expect((await userDocs(server, tricky.userId, `submission:${first}`))[0]).toMatchObject({ status: 'processed' });
    expect(await userDocs(server, tricky.userId, 'notification:')).toEqual([expect.objectContaining({ submission_id: first, status: 'processed' })]);
    expect(await userDocs(server, plain.userId, 'notification:')).toEqual([expect.objectContaining({ submission_id: second, status: 'completed' })]);
    await expect.poll(async () => (await server.outbox()).filter((m) => m.text.includes(tricky.email) && m.text.includes(`E2E Subs Form ${t}`)).length, { timeout: 15_000 }).toBe(1);
    // Saved: a reload shows the server's statuses and nothing staged.
    await page.reload();
    await expect(rows.nth(0).locator('[data-status]')).toHaveText('Completed');
    await expect(page.getByText('You have unsaved changes')).toHaveCount(0);

    // The CSV, as a spreadsheet would read it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`E2E Subs Form ${t}-submissions.csv`);
    const bytes = await readFile((await download.path()) as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = parseCsv(bytes.toString('utf8').slice(1));
    expect(table[0]).toEqual(['Submission ID', 'User ID', 'User Name', 'Date', 'Status', 'Seats', 'Extras', 'Notes']);
    expect(table).toHaveLength(3);
    const zoe = table.find((r) => r[0] === first);
    expect(zoe).toEqual([first, tricky.userId, 'Zoë "Zee" Noël, Jr', expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), 'processed', '2', 'Drinks, Shirt', `'=SUM(1,2) "quoted", café`]);
    expect(table.find((r) => r[0] === second)?.slice(2, 8)).toEqual([`Marcus Lee${t}`, expect.any(String), 'completed', '4', '', '']);
  } finally {
    await cleanUp(server, { forms: [form] });
    await removePackage().catch(() => undefined);
  }
});
