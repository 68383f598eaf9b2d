// Settings: Change Password (then the new one signs in), Edit Profile and Update Location
// (kept after a reload, and synced to the server), and the signed-out state.
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { apiSignInStatus, createAccount, formAlert, profileMenuButton, serverProfile, signInWithUi, toast } from './account-support.ts';

test('signed out, Settings says so and offers sign-in', async ({ page }) => {
  await page.goto('/settings/profile');
  await expect(page.getByText('No user found')).toBeVisible();
  await expectAccessible(page, 'settings signed out');
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('a member edits their name and location, kept after a reload and synced', async ({ page, server }) => {
  const account = await createAccount(server, 'settings');
  await signInWithUi(page, account.email, account.password);

  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Settings' });
  await expect(nav.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('First name')).toHaveValue(account.first_name);
  await expect(page.getByLabel('Profile picture')).toBeVisible();
  await expectAccessible(page, 'settings profile');

  await page.getByLabel('First name').fill('   ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(formAlert(page, 'Please fill in all required fields')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await page.getByLabel('First name').fill('Renamed');
  await page.getByLabel('Last name').fill('Member');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();

  await nav.getByRole('link', { name: 'Update Location' }).click();
  await expect(page).toHaveURL(/\/settings\/location$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Update Location' })).toBeVisible();
  await expect(page.getByLabel('Territory')).toHaveValue('Trinidad and Tobago');
  await expectAccessible(page, 'settings location');
  await page.getByLabel('Locality').fill('');
  await page.getByRole('button', { name: 'Save Location' }).click();
  await expect(formAlert(page, 'Please fill in all location fields')).toBeVisible();
  await page.getByLabel('Territory').selectOption('Jamaica');
  await page.getByLabel('Locality').fill('Kingston');
  await page.getByRole('button', { name: 'Save Location' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();

  await expect.poll(async () => (await serverProfile(server, account.userId))?.territory, { timeout: 15_000 }).toBe('Jamaica');
  await page.reload();
  await expect(page.getByLabel('Territory')).toHaveValue('Jamaica');
  await expect(page.getByLabel('Locality')).toHaveValue('Kingston');
  await page.goto('/settings/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Renamed');
  await expect(page.getByLabel('Last name')).toHaveValue('Member');
  await expect(profileMenuButton(page)).toHaveAccessibleName(/Renamed Member/);

  await expect
    .poll(async () => {
      const p = await serverProfile(server, account.userId);
      return p && [p.first_name, p.last_name, p.territory, p.locality].join('|');
    }, { timeout: 15_000 })
    .toBe('Renamed|Member|Jamaica|Kingston');
});

test('a member changes their password, and only the new one signs in', async ({ page, server }) => {
  const account = await createAccount(server, 'password');
  await signInWithUi(page, account.email, account.password);

  await page.goto('/settings/password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
  await expectAccessible(page, 'settings password');
  await page.getByLabel('New password', { exact: true }).fill('changed-pass-2');
  await page.getByLabel('Confirm new password', { exact: true }).fill('changed-pass-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(formAlert(page, 'Please enter your current password')).toBeVisible();
  // A wrong current password is the server's refusal, shown as it says it; nothing typed is lost.
  await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Your current password is incorrect')).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('changed-pass-2');
  await page.getByLabel('Current password', { exact: true }).fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('123456');
  await page.getByLabel('Confirm new password', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'This password is too common and easy to guess. Please choose another.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('changed-pass-2');
  await page.getByLabel('Confirm new password', { exact: true }).fill('changed-pass-3');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(formAlert(page, 'Passwords do not match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm new password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(formAlert(page, 'Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('changed-pass-2');
  await page.getByLabel('Confirm new password', { exact: true }).fill('changed-pass-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // This device stays signed in.
  await expect(profileMenuButton(page)).toBeVisible();

  expect(await apiSignInStatus(server, account.email, account.password)).toBe(401);
  expect(await apiSignInStatus(server, account.email, 'changed-pass-2')).toBe(200);
});

test('an open location form follows a change saved in another tab, but keeps what the member typed', async ({ page, server }) => {
  const account = await createAccount(server, 'settings-tabs');
  await signInWithUi(page, account.email, account.password);
  await page.goto('/settings/location');
  await expect(page.getByLabel('Territory')).toHaveValue('Trinidad and Tobago');
  // The member starts typing a locality here, then saves a territory in a second tab.
  await page.getByLabel('Locality').fill('Scarborough');

  const other = await page.context().newPage();
  await other.goto('/settings/location');
  await expect(other.getByLabel('Territory')).toHaveValue('Trinidad and Tobago');
  await other.getByLabel('Territory').selectOption('Barbados');
  await other.getByLabel('Locality').fill('Bridgetown');
  await other.getByRole('button', { name: 'Save Location' }).click();
  await expect(toast(other, 'Profile updated successfully')).toBeVisible();
  await other.close();

  // Untouched, the territory shows the saved one; the locality being typed is not overwritten.
  await expect(page.getByLabel('Territory')).toHaveValue('Barbados');
  await expect(page.getByLabel('Locality')).toHaveValue('Scarborough');
});

// ADR 034: a save reloaded away at once is kept on the device and reaches the server. Every
// member write is journaled in localStorage before IndexedDB (web/src/data/write-journal.ts).
test('a location saved right before a reload is kept on the device', async ({ page, server }) => {
  const account = await createAccount(server, 'settings-reload');
  await signInWithUi(page, account.email, account.password);
  await page.goto('/settings/location');
  await page.getByLabel('Territory').selectOption('Jamaica');
  await page.getByLabel('Locality').fill('Kingston');
  await page.getByRole('button', { name: 'Save Location' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Territory')).toHaveValue('Jamaica');
  await expect.poll(async () => (await serverProfile(server, account.userId))?.territory, { timeout: 15_000 }).toBe('Jamaica');
});

