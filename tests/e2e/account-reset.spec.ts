// Forgot Password: the request on /signin, the e-mail in the outbox, the link, the new
// password; the old one stops working and a used link is refused.
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { apiSignInStatus, createAccount, formAlert, mailsTo, profileMenuButton, resetLinkPath, signInWithUi } from './account-support.ts';

test('a member resets a forgotten password through the e-mailed link', async ({ page, server }) => {
  const account = await createAccount(server, 'reset');
  const before = (await mailsTo(server, account.email)).length;

  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/signup');
  await expectAccessible(page, 'sign-in');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeFocused();
  await expectAccessible(page, 'reset request');
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(formAlert(page, 'Please enter your email address')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(page.getByText('Check your email for password reset instructions')).toBeVisible();
  await expect(page.getByText('If an account exists with this email, you will receive password reset instructions shortly.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Instructions' })).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);

  const link = await resetLinkPath(server, account.email, before);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
  await expectAccessible(page, 'reset password');
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-typo');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(formAlert(page, 'Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Confirm new password', { exact: true })).toBeFocused();
  // A too common password: the server says so at the field, and the link stays usable.
  await page.getByLabel('New password', { exact: true }).fill('password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(formAlert(page, /too common/)).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset. You can now sign in with your new password.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // The old password no longer works; the new one does.
  await signInWithUi(page, account.email, account.password, { expectSignedIn: false });
  await expect(formAlert(page, 'Invalid email or password')).toBeVisible();
  await signInWithUi(page, account.email, 'brand-new-pass');
  await expect(profileMenuButton(page)).toBeVisible();
  expect(await apiSignInStatus(server, account.email, account.password)).toBe(401);
});

test('an unknown or missing reset token offers a new link', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('another-pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('another-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired')).toBeVisible();
  await expectAccessible(page, 'invalid reset link');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();

  await page.goto('/reset-password');
  await expect(page.getByText('This reset link is invalid or has expired')).toBeVisible();
});
