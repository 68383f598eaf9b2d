// With no connection, the reset request and sign-in say they need one and what still
// works offline, instead of 'Failed to sign in'; what was typed stays, and the same form signs in
// once the connection is back. The page is not reloaded: Chromium 150 keeps navigator.onLine true
// on pages loaded after setOffline, so the failed request is what tells the app.
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { RESET_OFFLINE, SIGN_IN_FAILED, SIGN_IN_OFFLINE } from '../../web/src/components/account/account-texts.ts';
import { createAccount, formAlert, profileMenuButton } from './account-support.ts';

test('offline, the reset request and sign-in say they need a connection and keep what was typed', async ({ page, context, server }) => {
  const account = await createAccount(server, 'offline');
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  const email = page.getByLabel('Email', { exact: true });
  await email.fill(account.email);

  await context.setOffline(true);

  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeFocused();
  await expect(email).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(formAlert(page, RESET_OFFLINE)).toBeVisible();
  await expect(email).toHaveValue(account.email);
  await expect(page.getByText('Check your email for password reset instructions')).toHaveCount(0);
  await expectAccessible(page, 'reset request offline');

  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeFocused();
  await expect(email).toHaveValue(account.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const alert = formAlert(page, SIGN_IN_OFFLINE);
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(formAlert(page, SIGN_IN_FAILED)).toHaveCount(0);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(email).toHaveValue(account.email);
  await expect(password).toHaveValue(account.password);
  await expectAccessible(page, 'sign-in offline');

  // Back online, the same form, untouched, signs in.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(profileMenuButton(page)).toBeVisible();
  await expect(page).not.toHaveURL(/\/signin/);
});
