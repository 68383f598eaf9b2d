// Membership at sign-in: an expired gold member is refused with the spec's message and stays
// signed out; 30 days or fewer before expiry the warning shows and stays until dismissed.
import { test, expect } from './support/fixtures.ts';
import { createAccount, formAlert, profileMenuButton, setMembershipExpiry, signInWithUi, toast } from './account-support.ts';

const DAY = 24 * 60 * 60 * 1000;

test('an expired member is told so and stays signed out', async ({ page, server }) => {
  const account = await createAccount(server, 'expired');
  await setMembershipExpiry(server, account.userId, new Date(Date.now() - DAY).toISOString());
  await signInWithUi(page, account.email, account.password, { expectSignedIn: false });
  await expect(formAlert(page, 'Your membership has expired. Please renew your membership to continue using your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(profileMenuButton(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expect(profileMenuButton(page)).toHaveCount(0);
});

test('a member within 30 days of expiry sees the warning until dismissing it', async ({ page, server }) => {
  const account = await createAccount(server, 'expiring');
  // 10 days less an hour: the server rounds up to 10.
  await setMembershipExpiry(server, account.userId, new Date(Date.now() + 10 * DAY - 60 * 60 * 1000).toISOString());
  await signInWithUi(page, account.email, account.password);
  const warning = toast(page, 'Your membership will expire in 10 days.');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Please renew your membership before it expires to maintain access to your account.');
  // Longer than any timed notice: it stays until dismissed.
  await page.waitForTimeout(9_000);
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(warning).toHaveCount(0);
});
