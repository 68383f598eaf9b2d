// Users (/admin/users, ADR 026). The admin finds a fresh member, makes and unmakes them an
// admin, ends and extends their membership, gives them a restaurant and deletes the account;
// each change is checked on the server (admin-gates.spec.ts sends a member home). The restaurant
// made here is titled "E2E …", inactive (no public list shows it) and removed at the end.
import { DEMO, expect, expectAccessible, otherBrowser, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { signInOverApi } from './shell-support.ts';
import { tokenFor } from './catalog-support.ts';
import { adminCallOverHttp } from '../integration/helpers/admin-http.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const server$ = (server: E2eServer) => adminCallOverHttp(`${server.url}/db`);

async function serverDoc(server: E2eServer, db: string, id: string): Promise<Record<string, any> | null> {
  const got = await server$(server)('GET', `/${db}/${encodeURIComponent(id)}`);
  return got.status === 200 ? (got.body as Record<string, any>) : null;
}

async function removeDoc(server: E2eServer, db: string, id: string): Promise<void> {
  const doc = await serverDoc(server, db, id);
  if (doc) await server$(server)('DELETE', `/${db}/${encodeURIComponent(id)}?rev=${encodeURIComponent(doc._rev)}`);
}

test('an admin searches a member, changes role and membership, assigns a restaurant and deletes the account', async ({ page, server }) => {
  test.setTimeout(90_000);
  const tag = unique();
  const restaurantId = `e2e-users-${tag}`;
  const restaurantName = `E2E Users Roti ${tag}`;
  const put = await server$(server)('PUT', `/catalog/restaurant:${restaurantId}`, {
    _id: `restaurant:${restaurantId}`, type: 'restaurant', name: restaurantName, location: 'Port of Spain', owner_id: null, active: false,
    description: '', menu_items: [], photos: [], discounts: [], created_at: new Date().toISOString(),
  });
  expect(put.status, JSON.stringify(put.body)).toBe(201);
  const member = await createAccount(server, 'users-admin', { first_name: 'Ulla', last_name: `Zed${tag}` });
  const name = `Ulla Zed${tag}`;
  try {
    await signInOverApi(page, DEMO.admin, '/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
    await expect(page.getByTestId('user-row').first()).toBeVisible({ timeout: 20_000 });

    const search = page.getByRole('searchbox', { name: 'Search users' });
    await expect(search).toHaveAttribute('placeholder', 'Search users...');
    await search.fill(`zed${tag}`.toUpperCase());
    const row = page.getByTestId('user-row').filter({ has: page.getByRole('heading', { name }) });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(row).toContainText(member.email);
    await expect(row).toContainText('Member');
    await expect(row).toContainText(/Gold, expires \w+ \d+, \d{4}/);
    await expectAccessible(page, '/admin/users with a search');

    // Make admin, then remove it again: the server's account and profile follow.
    await row.getByRole('button', { name: 'Make admin', exact: true }).click();
    await expect(page.locator('.toast').getByText('User is now an admin', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Remove admin', exact: true })).toBeVisible();
    expect((await serverDoc(server, 'accounts', `account:${member.userId}`))?.role).toBe('admin');
    expect((await serverDoc(server, 'members', `profile:${member.userId}`))?.role).toBe('admin');
    await row.getByRole('button', { name: 'Remove admin', exact: true }).click();
    await expect(row.getByRole('button', { name: 'Make admin', exact: true })).toBeVisible();
    expect((await serverDoc(server, 'accounts', `account:${member.userId}`))?.role).toBe('member');

    // End, then extend, the membership.
    await row.getByRole('button', { name: 'End membership', exact: true }).click();
    await expect(row).toContainText(/Gold, expired/);
    await expect(row.getByRole('button', { name: 'End membership', exact: true })).toHaveCount(0);
    expect(Date.parse((await serverDoc(server, 'accounts', `account:${member.userId}`))?.membership_expires_at)).toBeLessThanOrEqual(Date.now());
    await row.getByRole('button', { name: 'Extend membership', exact: true }).click();
    await expect(row).toContainText(/Gold, expires/);
    expect(Date.parse((await serverDoc(server, 'accounts', `account:${member.userId}`))?.membership_expires_at)).toBeGreaterThan(Date.now() + 364 * 86_400_000);

    // Assign the restaurant: its owner_id on the server is the member.
    await row.getByLabel(`Restaurant owned by ${name}`).selectOption({ label: restaurantName });
    await row.getByRole('button', { name: 'Assign restaurant', exact: true }).click();
    await expect(page.locator('.toast').getByText('Restaurant assigned', { exact: true })).toBeVisible();
    await expect.poll(async () => (await serverDoc(server, 'catalog', `restaurant:${restaurantId}`))?.owner_id).toBe(member.userId);
    await expect(row.locator('dd').filter({ hasText: restaurantName })).toBeVisible({ timeout: 15_000 });

    // The member can now open Restaurant Management on that restaurant.
    const theirs = await otherBrowser(server.url);
    try {
      await signInOverApi(theirs.page, member, '/restaurant-admin');
      await expect(theirs.page.getByRole('heading', { level: 1, name: 'Restaurant Management' })).toBeVisible();
      await expect(theirs.page.getByRole('form', { name: 'Restaurant Details' }).getByLabel('Name', { exact: true })).toHaveValue(restaurantName, { timeout: 30_000 });
    } finally {
      await theirs.close();
    }

    // Delete asks first; Cancel keeps the account.
    await row.getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await expect(dialog).toContainText(`Are you sure you want to delete the account of ${name} (${member.email})?`);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(await serverDoc(server, 'accounts', `account:${member.userId}`)).not.toBeNull();
    await row.getByRole('button', { name: 'Delete account', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await expect(page.locator('.toast').getByText('Account deleted', { exact: true })).toBeVisible();
    await expect(page.getByText('No users found.', { exact: true })).toBeVisible();
    expect(await serverDoc(server, 'accounts', `account:${member.userId}`)).toBeNull();
    expect((await serverDoc(server, 'catalog', `restaurant:${restaurantId}`))?.owner_id).toBeNull();
  } finally {
    await removeDoc(server, 'catalog', `restaurant:${restaurantId}`);
    // A test that failed half-way leaves no account behind.
    if (await serverDoc(server, 'accounts', `account:${member.userId}`)) {
      const token = await tokenFor(server, DEMO.admin);
      await fetch(`${server.url}/api/admin/users/${member.userId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    }
  }
});

test('the admin cannot remove their own admin role or delete themselves', async ({ page }) => {
  await signInOverApi(page, DEMO.admin, '/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(DEMO.admin.email);
  const row = page.getByTestId('user-row').filter({ hasText: DEMO.admin.email });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('(you)');
  await expect(row.getByRole('button', { name: /admin/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete account', exact: true })).toHaveCount(0);
});
