// Delete Account from the profile menu: the spec's confirmation, then the account is gone and
// can no longer sign in.
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { apiSignInStatus, createAccount, formAlert, profileMenuButton, signInWithUi, toast } from './account-support.ts';
import { watchForText } from './shell-support.ts';
import { SIGN_IN_TEXT } from '../../web/src/screens/dashboard/dashboard-logic.ts';

test('a member deletes their account, which can no longer sign in', async ({ page, server }) => {
  const account = await createAccount(server, 'delete');
  await signInWithUi(page, account.email, account.password);

  const openDialog = async () => {
    await profileMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Delete Account' }).click();
  };

  await openDialog();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to delete your account? This action cannot be undone.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'delete account dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(profileMenuButton(page)).toBeVisible();

  // Deleted from Fete ID: the dashboard must not draw itself signed out on the way home.
  await profileMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Fete ID' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const drewSignedOut = await watchForText(page, SIGN_IN_TEXT);
  await openDialog();
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(toast(page, 'Your account has been successfully deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(profileMenuButton(page)).toHaveCount(0);
  expect(await drewSignedOut(), 'the dashboard drew itself signed out').toBe(false);

  expect(await apiSignInStatus(server, account.email, account.password)).toBe(401);
  await signInWithUi(page, account.email, account.password, { expectSignedIn: false });
  await expect(formAlert(page, 'Invalid email or password')).toBeVisible();
});
