// The sign-up wizard: each step's checks with the spec's texts, Premium shown but not
// selectable, nothing typed lost (Back, Next, reload, a failed submit), then the new member is
// signed in, signs out, and signs in again.
import { test, expect, expectAccessible, uniqueEmail, DEMO } from './support/fixtures.ts';
import { formAlert, profileMenuButton, signInWithUi, signOutWithUi } from './account-support.ts';

test('the wizard checks every step, keeps what was typed, and signs the new member in', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');

  // Step 1
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/signin');
  await expect(page.getByText('Already have an account?')).toBeVisible();
  await expectAccessible(page, 'sign-up step 1');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(formAlert(page, 'Please fill in all required fields')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'sign-up step 1 with errors');

  // Each error clears as soon as its field is changed, and the message goes with the last one.
  await page.getByLabel('First name').fill('Keisha');
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(formAlert(page, 'Please fill in all required fields')).toBeVisible();
  await page.getByLabel('Last name').fill('Wizard');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await expect(formAlert(page, 'Please fill in all required fields')).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(formAlert(page, 'Password must be at least 6 characters long')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Details' })).toBeFocused();
  await expect(page.getByLabel('Profile picture (optional)')).toBeVisible();
  const territory = page.getByLabel('Territory');
  expect(await territory.locator('option').count()).toBeGreaterThan(190);
  await expect(territory.locator('option', { hasText: /^Trinidad and Tobago$/ })).toHaveCount(1);
  await expect(territory.locator('option', { hasText: /^Tobago$/ })).toHaveCount(0);
  await expectAccessible(page, 'sign-up step 2');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(formAlert(page, 'Please fill in all location fields')).toBeVisible();
  await expect(territory).toBeFocused();
  await territory.selectOption('Trinidad and Tobago');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(formAlert(page, 'Please fill in all location fields')).toBeVisible();
  await expect(page.getByLabel('Locality')).toBeFocused();
  await page.getByLabel('Locality').fill('Port of Spain');

  // Back keeps step 1, password included; Next keeps step 2.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Keisha');
  await expect(page.getByLabel('Last name')).toHaveValue('Wizard');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('secret-pass');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(territory).toHaveValue('Trinidad and Tobago');
  await expect(page.getByLabel('Locality')).toHaveValue('Port of Spain');

  // A reload keeps the draft but never the password.
  await page.reload();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Keisha');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  const draft = await page.evaluate(() => sessionStorage.getItem('fete-signup-draft'));
  expect(draft).toContain('Port of Spain');
  expect(draft).not.toContain('secret-pass');
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Territory')).toHaveValue('Trinidad and Tobago');
  await expect(page.getByLabel('Locality')).toHaveValue('Port of Spain');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: Gold is chosen; Premium shows, priced, and cannot be picked.
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Membership' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Gold/ })).toBeChecked();
  const premium = page.getByRole('radio', { name: /^Premium/ });
  await expect(premium).toBeDisabled();
  await expect(premium).not.toBeChecked();
  await expect(page.getByText('$250 per year')).toBeVisible();
  await expect(page.getByText('Coming soon')).toBeVisible();
  await page.getByText('$250 per year').click({ force: true });
  await expect(premium).not.toBeChecked();
  await expect(page.getByRole('radio', { name: /^Gold/ })).toBeChecked();
  await expectAccessible(page, 'sign-up step 3');

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$|\/dashboard$/);
  await expect(profileMenuButton(page)).toBeVisible();
  await expect(profileMenuButton(page)).toHaveAccessibleName(/Keisha Wizard/);
  expect(await page.evaluate(() => sessionStorage.getItem('fete-signup-draft'))).toBeNull();

  await signOutWithUi(page);
  await signInWithUi(page, email, 'secret-pass');
  await expect(profileMenuButton(page)).toHaveAccessibleName(/Keisha Wizard/);
});

test('a refused sign-up shows the server message and loses nothing', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Dup');
  await page.getByLabel('Last name').fill('Licate');
  await page.getByLabel('Email', { exact: true }).fill(DEMO.member.email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Territory').selectOption('Barbados');
  await page.getByLabel('Locality').fill('Bridgetown');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The e-mail is the problem: back on step 1, in the e-mail field, everything still there.
  await expect(formAlert(page, 'An account with this email already exists')).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO.member.email);
  await expect(page.getByLabel('First name')).toHaveValue('Dup');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('secret-pass');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Territory')).toHaveValue('Barbados');
  await expect(page.getByLabel('Locality')).toHaveValue('Bridgetown');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Last name')).toHaveValue('Licate');
});

test('a too common password is refused by the server at its field, and nothing is lost', async ({ page }) => {
  const email = uniqueEmail('common');
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Common');
  await page.getByLabel('Last name').fill('Choice');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Territory').selectOption('Jamaica');
  await page.getByLabel('Locality').fill('Kingston');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(formAlert(page, /too common/)).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await password.fill('fete-traveller-9');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Locality')).toHaveValue('Kingston');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(profileMenuButton(page)).toBeVisible();
});
