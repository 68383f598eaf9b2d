// Manage Receipts (/admin/receipts, ADR 027). The admin is refused an incomplete receipt
// with the spec's words, generates a number, picks a brand-new member, watches the balance and
// status follow paid, partial and unpaid amounts, adds, searches, cancels an edit, saves one and
// deletes after the question; the member sees the receipt (and its update) on their dashboard
// through the receipts mirror. An edit left unsaved comes back after a reload, kept on the device,
// and saves. Members are sent home; a load failure shows the Error panel.
// Every receipt made here is titled "E2E …" and removed at the end.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, otherBrowser, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { adminWriter, tokenFor } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });
const row = (page: Page, title: string) => page.getByTestId('receipt-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Every receipt whose title starts with `prefix`, removed as the admin. */
async function removeTitled(server: E2eServer, prefix: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  const headers = { authorization: `Bearer ${token}` };
  const res = await fetch(`${server.url}/db/receipts/_all_docs?include_docs=true&startkey=${encodeURIComponent('"receipt:"')}&endkey=${encodeURIComponent('"receipt:\ufff0"')}`, { headers });
  const body = (await res.json()) as { rows: Array<{ doc: { _id: string; _rev: string; title?: string } }> };
  for (const { doc } of body.rows.filter((r) => String(r.doc.title).startsWith(prefix))) {
    await fetch(`${server.url}/db/receipts/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(doc._rev)}`, { method: 'DELETE', headers });
  }
}

test('an admin adds a receipt for a new member, edits it and deletes it; the member sees it on the dashboard', async ({ page, server }) => {
  test.setTimeout(120_000);
  const tag = unique();
  const prefix = `E2E Receipt ${tag}`;
  const title = `${prefix} Deposit`;
  const ana = await createAccount(server, 'receipts', { first_name: 'Anaya', last_name: `Receipt${tag}` });
  const anaName = `${ana.first_name} ${ana.last_name}`;
  const phone = await otherBrowser(server.url);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInOverApi(page, DEMO.admin, '/admin/receipts');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Receipts' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);

    // Title alone: refused with the spec's words, the user (first missing) focused, nothing lost.
    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add Receipt' });
    await expect(form.getByLabel('Payment Method', { exact: true })).toHaveValue('Credit Card');
    await expect(form.getByLabel('Status', { exact: true })).toHaveValue('paid');
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByRole('button', { name: 'Add Receipt', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(form.getByLabel('User', { exact: true })).toBeFocused();
    await expect(form.getByLabel('User', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Amount', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expectAccessible(page, '/admin/receipts add form with an error, 1280 px');

    // Generate: REC- and five digits.
    const number = form.getByLabel('Receipt Number', { exact: true });
    await form.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(number).toHaveValue(/^REC-\d{5}$/);
    const receiptNumber = await number.inputValue();

    // The member signed up a moment ago: found by searching all profiles.
    await form.getByLabel('Search users', { exact: true }).fill(ana.last_name.toLowerCase());
    const user = form.getByLabel('User', { exact: true });
    await expect(user.locator('option', { hasText: anaName })).toHaveCount(1);
    await user.selectOption({ label: anaName });

    // Paid in full, then a part payment, then unpaid: the read-only balance and the status follow.
    const balance = form.getByLabel('Balance Owed', { exact: true });
    const status = form.getByLabel('Status', { exact: true });
    await expect(balance).toHaveAttribute('readonly', '');
    await form.getByLabel('Amount', { exact: true }).fill('150');
    await expect(balance).toHaveValue('$0.00');
    await expect(status).toHaveValue('paid');
    await form.getByLabel('Amount Paid', { exact: true }).fill('40');
    await expect(balance).toHaveValue('$110.00');
    await expect(status).toHaveValue('pending');
    await form.getByLabel('Amount Paid', { exact: true }).fill('150');
    await expect(balance).toHaveValue('$0.00');
    await expect(status).toHaveValue('paid');
    await status.selectOption('failed');
    await form.getByLabel('Amount Paid', { exact: true }).fill('0');
    await expect(balance).toHaveValue('$150.00');
    await expect(status).toHaveValue('failed'); // unpaid keeps the status chosen by hand
    await form.getByLabel('Amount Paid', { exact: true }).fill('50.5');
    await expect(balance).toHaveValue('$99.50');
    await expect(status).toHaveValue('pending');
    await form.getByLabel('Payment Method', { exact: true }).selectOption('PayPal');

    await form.getByRole('button', { name: 'Add Receipt', exact: true }).click();
    await expect(toast(page, 'Receipt added successfully')).toBeVisible();
    await expect(form).toHaveCount(0);
    const added = row(page, title);
    await expect(added).toContainText(receiptNumber);
    await expect(added.getByTestId('receipt-user')).toHaveText(anaName);
    await expect(added.getByTestId('receipt-status')).toHaveText('Pending');
    await expect(added.getByTestId('receipt-balance')).toHaveText('$99.50');
    await expect(added).toContainText('$150.00');
    await expect(added).toContainText('PayPal');

    // The member's dashboard, on their own device: the receipt came through the mirror.
    await signInOverApi(phone.page, ana, '/dashboard?tab=receipts');
    const card = phone.page.getByTestId('receipt-card').filter({ hasText: receiptNumber });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText(title);
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('$99.50');

    // Search: title, description and receipt number only.
    const search = page.getByLabel('Search receipts', { exact: true });
    await search.fill(receiptNumber.toLowerCase());
    await expect(page.getByTestId('receipt-row')).toHaveCount(1);
    await search.fill(anaName);
    await expect(page.getByText('No receipts match your search.', { exact: true })).toBeVisible();
    await search.fill(tag);
    await expect(page.getByTestId('receipt-row')).toHaveCount(1);

    // Edit, then Cancel: nothing changes.
    await added.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('form', { name: `Editing ${title}` });
    await expect(editor.getByLabel('Receipt Number', { exact: true })).toHaveValue(receiptNumber);
    await expect(editor.getByLabel('Receipt Number', { exact: true })).toHaveAttribute('readonly', '');
    await expect(editor.getByLabel('User', { exact: true })).toHaveValue(ana.userId);
    await editor.getByLabel('Title', { exact: true }).fill(`${prefix} Changed my mind`);
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(row(page, title)).toBeVisible();
    await expect(row(page, title).getByTestId('receipt-balance')).toHaveText('$99.50');

    // Edit and save: settled in full.
    const settled = `${prefix} Deposit settled`;
    await row(page, title).getByRole('button', { name: 'Edit', exact: true }).click();
    await editor.getByLabel('Title', { exact: true }).fill(settled);
    await editor.getByLabel('Amount Paid', { exact: true }).fill('150');
    await expect(editor.getByLabel('Balance Owed', { exact: true })).toHaveValue('$0.00');
    await expect(editor.getByLabel('Status', { exact: true })).toHaveValue('paid');
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Receipt updated successfully')).toBeVisible();
    await search.fill('');
    const saved = row(page, settled);
    await expect(saved.getByTestId('receipt-status')).toHaveText('Paid');
    await expect(saved.getByTestId('receipt-balance')).toHaveText('$0.00');
    await expect(phone.page.getByTestId('receipt-card').filter({ hasText: settled })).toContainText('Paid', { timeout: 20_000 });
    await expectAccessible(page, '/admin/receipts list, 1280 px');

    // Delete, after the question.
    await saved.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this receipt?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Receipt deleted successfully')).toBeVisible();
    await expect(row(page, settled)).toHaveCount(0);
    await expect(phone.page.getByTestId('receipt-card').filter({ hasText: receiptNumber })).toHaveCount(0, { timeout: 20_000 });

    // A used number (even a deleted receipt's) is never issued twice: the form says so and
    // offers a fresh one, keeping the rest.
    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    const again = page.getByRole('form', { name: 'Add Receipt' });
    await again.getByLabel('Title', { exact: true }).fill(`${prefix} Reused number`);
    await again.getByLabel('Search users', { exact: true }).fill(ana.last_name);
    await again.getByLabel('User', { exact: true }).selectOption({ label: anaName });
    await again.getByLabel('Amount', { exact: true }).fill('20');
    await again.getByLabel('Receipt Number', { exact: true }).fill(receiptNumber);
    await again.getByRole('button', { name: 'Add Receipt', exact: true }).click();
    await expect(again.getByRole('alert')).toHaveText('That receipt number is already used. A new one has been generated: please check it and try again.');
    await expect(again.getByLabel('Receipt Number', { exact: true })).toHaveValue(/^REC-\d{5}$/);
    await expect(again.getByLabel('Receipt Number', { exact: true })).not.toHaveValue(receiptNumber);
    await expect(again.getByLabel('Title', { exact: true })).toHaveValue(`${prefix} Reused number`);
    await again.getByRole('button', { name: 'Cancel', exact: true }).click();

    // A phone: the add form still reads and passes axe.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Add Receipt' }).getByLabel('Balance Owed', { exact: true })).toBeVisible();
    await expectAccessible(page, '/admin/receipts add form, 375 px');
  } finally {
    await phone.close();
    await removeTitled(server, prefix);
  }
});

test('an unsaved receipt edit is kept on the device across a reload and comes back; its save lands', async ({ page, server }) => {
  test.setTimeout(90_000);
  const tag = unique();
  const prefix = `E2E Receipt kept ${tag}`;
  const title = `${prefix} Band fee`;
  const member = await createAccount(server, 'receipts-kept', { first_name: 'Kesi', last_name: `Kept${tag}` });
  const admin = await adminWriter(server);
  const receiptNumber = `REC-${String(Math.floor(10000 + Math.random() * 90000))}`;
  const url = `${server.url}/db/receipts/${encodeURIComponent(`receipt:${receiptNumber}`)}`;
  const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
  const at = new Date().toISOString();
  const doc = {
    _id: `receipt:${receiptNumber}`, type: 'receipt', user_id: member.userId, title, description: null, amount: 80, amount_paid: 80, balance_owed: 0,
    receipt_date: at.slice(0, 10), receipt_number: receiptNumber, payment_method: 'Cash', status: 'paid', created_at: at,
  };
  const put = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(admin.stamp(doc)) });
  expect(put.status, await put.clone().text()).toBeLessThan(300);
  try {
    await signInOverApi(page, DEMO.admin, '/admin/receipts');
    const search = page.getByLabel('Search receipts', { exact: true });
    await search.fill(tag);
    await row(page, title).getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('form', { name: `Editing ${title}` });
    await editor.getByLabel('Description', { exact: true }).fill('Paid at the mas camp');
    await editor.getByLabel('Amount Paid', { exact: true }).fill('30');
    await expect(editor.getByLabel('Balance Owed', { exact: true })).toHaveValue('$50.00');

    // A reload: the edit comes back as it was, with the note that it is kept on this device.
    await page.reload();
    await page.getByLabel('Search receipts', { exact: true }).fill(tag);
    const kept = page.getByRole('form', { name: `Editing ${title}` });
    await expect(kept.getByLabel('Description', { exact: true })).toHaveValue('Paid at the mas camp');
    await expect(kept.getByLabel('Amount Paid', { exact: true })).toHaveValue('30');
    await expect(kept.getByLabel('Balance Owed', { exact: true })).toHaveValue('$50.00');
    await expect(kept.getByLabel('Status', { exact: true })).toHaveValue('pending');
    await expect(kept.getByLabel('Receipt Number', { exact: true })).toHaveAttribute('readonly', '');
    await expect(kept.getByTestId('kit-kept')).toHaveText('Not saved yet. Your changes are kept on this device until you save or cancel them.');

    // Saved over the version the edit began from: the row shows it, and nothing is kept any more.
    await kept.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Receipt updated successfully')).toBeVisible();
    await expect(row(page, title).getByTestId('receipt-balance')).toHaveText('$50.00');
    await expect(row(page, title).getByTestId('receipt-status')).toHaveText('Pending');
    await page.reload();
    await page.getByLabel('Search receipts', { exact: true }).fill(tag);
    await expect(row(page, title)).toContainText('Paid at the mas camp');
    await expect(page.getByRole('form', { name: `Editing ${title}` })).toHaveCount(0);
  } finally {
    await removeTitled(server, prefix);
  }
});

test('a failed load shows the Error panel', async ({ page }) => {
  await page.route(/\/db\/receipts\/_all_docs/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
  await signInOverApi(page, DEMO.admin, '/admin/receipts');
  const panel = page.getByTestId('load-error');
  await expect(panel.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
  await expect(panel).toContainText('Failed to load receipts. Please try again later.');
});
