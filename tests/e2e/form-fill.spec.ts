// The public fill-in. Members only (visitors sign in and come back), every field type, the
// required-fields message, the success card; inactive and missing forms; and offline (ADR 022):
// a draft kept as typed across reloads, a submission sent with no signal reaching the server
// exactly once when the signal returns, and the draft then gone.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { ALL_TYPES_FIELDS, serverSubmissions, targetWithForm } from './forms-support.ts';
import type { TestTarget } from './forms-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';
import { signInOverApi } from './shell-support.ts';

const form = (page: Page) => page.getByTestId('form-card');

async function fillAll(page: Page, skip: string[] = []): Promise<void> {
  const f = form(page);
  if (!skip.includes('Full name')) await f.getByLabel('Full name').fill('Ana Maria');
  if (!skip.includes('Contact email')) await f.getByLabel('Contact email').fill('ana@example.com');
  await f.getByLabel('Seats').fill('3');
  if (!skip.includes('Pick-up island')) await f.getByLabel('Pick-up island').selectOption('Tobago');
  if (!skip.includes('Extras')) await f.getByRole('group', { name: 'Extras' }).getByLabel('Flags').check();
  await f.getByLabel('Notes').fill('Window seat please');
  await f.getByLabel('Arrival').fill('2027-02-10');
  if (!skip.includes('Terms')) await f.getByLabel('I accept the terms').check();
}

test.describe('a package form', () => {
  let target: TestTarget;
  test.beforeEach(async ({ server }) => {
    target = await targetWithForm(server, 'package');
  });
  test.afterEach(async () => target.cleanup());

  test('visitors are sent to sign in and come back to the form', async ({ page }) => {
    await page.goto(`/form/package/${target.id}`);
    await expect(page).toHaveURL(/\/signin$/);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.member.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/form/package/${target.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.formTitle })).toBeVisible();
  });

  test('a member misses a required field, then sends it: one pending submission with the answers and the Name', async ({ page, server }) => {
    const member = await createAccount(server, 'fill', { first_name: 'Zoë', last_name: 'Baptiste' });
    await signInOverApi(page, member, `/form/package/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: target.formTitle })).toBeVisible();
    await expect(form(page).getByText('Tell us about your trip.')).toBeVisible();
    await expect(page.getByTestId('package-icon')).toBeVisible();
    await expect(page.getByTestId('your-information')).toContainText('Your Information');
    await expect(page.getByTestId('your-information')).toContainText('Zoë Baptiste');
    // Every field type: the select's placeholder, the textarea's rows, the single box's label.
    await expect(form(page).getByLabel('Pick-up island').locator('option').first()).toHaveText('Select an option');
    await expect(form(page).getByLabel('Notes')).toHaveAttribute('rows', '4');
    await expect(form(page).getByLabel('Arrival')).toHaveAttribute('type', 'date');
    await expect(form(page).getByLabel('Full name')).toHaveAttribute('required', '');

    await fillAll(page, ['Contact email', 'Extras']);
    await form(page).getByRole('button', { name: 'Book it' }).click();
    await expect(form(page).getByRole('alert')).toHaveText('Please fill in the following required fields: Contact email, Extras');
    expect(await serverSubmissions(server, target.formId)).toHaveLength(0);

    await form(page).getByLabel('Contact email').fill('zoe@example.com');
    // The message follows the answers: the filled field leaves the list at once.
    await expect(form(page).getByRole('alert')).toHaveText('Please fill in the following required fields: Extras');
    await form(page).getByRole('group', { name: 'Extras' }).getByLabel('Cooler').check();
    await expect(form(page).getByRole('alert')).toHaveCount(0);
    await form(page).getByRole('group', { name: 'Extras' }).getByLabel('Rags').check();
    await form(page).getByRole('button', { name: 'Book it' }).click();
    await expect(page.getByRole('heading', { name: 'Form Submitted Successfully!' })).toBeVisible();
    await expect(page.getByText("Thank you for your submission. We'll process your request and get back to you soon.")).toBeVisible();

    await expect.poll(async () => (await serverSubmissions(server, target.formId)).length, { timeout: 20_000 }).toBe(1);
    const [sub] = await serverSubmissions(server, target.formId);
    expect(sub).toMatchObject({ status: 'pending', userid: member.userId, form: { title: target.formTitle, formtype: 'package', targetid: target.id } });
    expect(sub!.data).toEqual({
      Name: 'Zoë Baptiste', 'Full name': 'Ana Maria', 'Contact email': 'zoe@example.com', Seats: 3, 'Pick-up island': 'Tobago',
      Extras: ['Cooler', 'Rags'], Notes: 'Window seat please', Arrival: '2027-02-10', Terms: true,
    });

    await page.getByRole('button', { name: 'Submit Another Response' }).click();
    await expect(form(page).getByLabel('Full name')).toHaveValue('');
    await page.getByRole('button', { name: 'Back' }).click();
  });

  test('offline: the draft survives reloads, the submission waits, then reaches the server exactly once', async ({ page, context, server }) => {
    const member = await createAccount(server, 'fill-off');
    await signInOverApi(page, member, `/form/package/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: target.formTitle })).toBeVisible();
    await waitForServiceWorker(page);

    await reloadOffline(page, context);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline');
    await form(page).getByLabel('Full name').fill('Half typed');
    await form(page).getByLabel('Pick-up island').selectOption('Trinidad');
    await reloadOffline(page, context);
    await expect(form(page).getByLabel('Full name')).toHaveValue('Half typed');
    await expect(form(page).getByLabel('Pick-up island')).toHaveValue('Trinidad');

    await fillAll(page);
    await form(page).getByRole('button', { name: 'Book it' }).click();
    await expect(page.getByRole('heading', { name: 'Form Submitted Successfully!' })).toBeVisible();
    await expect(page.getByTestId('form-waiting')).toHaveText("You're offline: your submission is saved on this device and will be sent when you're back online.");
    const draftKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('form-draft:')));
    expect(await draftKeys()).toEqual([]);
    expect(await serverSubmissions(server, target.formId)).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.getByTestId('form-waiting')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await serverSubmissions(server, target.formId)).length, { timeout: 20_000 }).toBe(1);
    // A reload (the next start) sends nothing again.
    await page.reload();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
    expect(await serverSubmissions(server, target.formId)).toHaveLength(1);
    expect((await serverSubmissions(server, target.formId))[0]!.data).toMatchObject({ 'Full name': 'Ana Maria', 'Pick-up island': 'Tobago' });
  });
});

test.describe('a pull the server turns down', () => {
  test('is tried again soon: the form shows with no reload, focus or new signal', async ({ page, server }) => {
    const target = await targetWithForm(server, 'package');
    try {
      const member = await createAccount(server, 'fill-retry');
      // The first two reads of the members feed answer 429, as a busy server or a full feed count does.
      let refused = 0;
      await page.route('**/db/members/_changes**', async (route) => {
        if (refused < 2) {
          refused++;
          await route.fulfill({ status: 429, contentType: 'application/json', headers: { 'Retry-After': '1' }, body: JSON.stringify({ error: 'too_many_requests', reason: 'At most 10 open feeds per account' }) });
          return;
        }
        await route.fallback();
      });
      await signInOverApi(page, member, `/form/package/${target.id}`);
      await expect(page.getByRole('heading', { level: 1, name: target.formTitle })).toBeVisible({ timeout: 20_000 });
      expect(refused).toBe(2);
    } finally {
      await target.cleanup();
    }
  });
});

test.describe('what a form can not be', () => {
  test('an invalid type, a missing target, an inactive form and a missing form each say so', async ({ page, server }) => {
    const inactive = await targetWithForm(server, 'ride', { formActive: false });
    const formless = await targetWithForm(server, 'ride', { withForm: false });
    const gone = await targetWithForm(server, 'package', { targetActive: false });
    try {
      await signInOverApi(page, DEMO.member, '/form/event/abc');
      await expect(page.getByRole('heading', { level: 1, name: 'Invalid form type or ID' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();

      await page.goto(`/form/package/${gone.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Package not found or is no longer active' })).toBeVisible();
      await page.goto('/form/ride/no-such-ride');
      await expect(page.getByRole('heading', { level: 1, name: 'Ride package not found or is no longer active' })).toBeVisible();
      await page.goto(`/form/ride/${inactive.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'This form is currently unavailable' })).toBeVisible();
      await page.goto(`/form/ride/${formless.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'This form is currently unavailable' })).toBeVisible();

      // Admins still open an inactive form, and are told when none exists.
      await page.context().clearCookies();
      await signInOverApi(page, DEMO.admin, `/form/ride/${inactive.id}`);
      await expect(page.getByRole('heading', { level: 1, name: inactive.formTitle })).toBeVisible();
      await expect(page.getByTestId('ride-icon')).toBeVisible();
      await page.goto(`/form/ride/${formless.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'No form has been created for this item yet' })).toBeVisible();
    } finally {
      for (const t of [inactive, formless, gone]) await t.cleanup();
    }
  });
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewportSize: { width, height: 800 } });
    test('the form, its required-fields message and the success card pass axe', async ({ page, server }) => {
      const target = await targetWithForm(server, 'ride', { fields: ALL_TYPES_FIELDS });
      try {
        const member = await createAccount(server, 'fill-axe');
        await signInOverApi(page, member, `/form/ride/${target.id}`);
        await expect(page.getByRole('heading', { level: 1, name: target.formTitle })).toBeVisible();
        await form(page).getByRole('button', { name: 'Book it' }).click();
        await expect(form(page).getByRole('alert')).toContainText('Please fill in the following required fields:');
        await expectAccessible(page, `form fill ${width}`);
        await fillAll(page);
        await form(page).getByRole('button', { name: 'Book it' }).click();
        await expect(page.getByRole('heading', { name: 'Form Submitted Successfully!' })).toBeVisible();
        await expectAccessible(page, `form success ${width}`);
      } finally {
        await target.cleanup();
      }
    });
  });
}
