// Helpers of the account specs: accounts made over the API (fast), sign-in and sign-out in the
// UI, the accounts and members databases reached with a server-admin token, and the outbox.
import type { Locator, Page } from '@playwright/test';
import { expect } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { readOutbox, signIn as apiSignIn, signUp as apiSignUp } from '../integration/helpers/accounts.ts';
import type { OutboxMail, SignupInput } from '../integration/helpers/accounts.ts';
import { adminCallOverHttp } from '../integration/helpers/admin-http.ts';
import { accountId, profileId } from '../../design-docs/src/ids.ts';

export interface TestAccount {
  email: string;
  password: string;
  userId: string;
  first_name: string;
  last_name: string;
}

let counter = 0;

/** A new member, made over the API; the browser is not signed in by this. */
export async function createAccount(server: E2eServer, tag: string, overrides: Partial<SignupInput> = {}): Promise<TestAccount> {
  const email = `${tag}-${Date.now()}-${++counter}-${Math.floor(Math.random() * 1e6)}@fete.test`;
  const input = { email, password: 'first-pass-1', first_name: 'Tamika', last_name: `Tester${counter}`, ...overrides };
  const res = await apiSignUp(server.url, input);
  return { email: input.email, password: input.password, userId: res.userId, first_name: input.first_name, last_name: input.last_name };
}

export async function apiSignInStatus(server: E2eServer, email: string, password: string): Promise<number> {
  return (await apiSignIn(server.url, email, password)).status;
}

/** The sign-in form's own alert (the toast regions carry role=alert too). */
export function formAlert(page: Page, text: string | RegExp): Locator {
  return page.locator('.form-error').filter({ hasText: text });
}

export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.toast').filter({ hasText: text });
}

export function profileMenuButton(page: Page): Locator {
  return page.getByTestId('profile-menu-button');
}

export async function signInWithUi(page: Page, email: string, password: string, opts: { expectSignedIn?: boolean } = {}): Promise<void> {
  if (!page.url().includes('/signin')) await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  if (opts.expectSignedIn !== false) {
    await expect(profileMenuButton(page)).toBeVisible();
    // The redirect away from /signin commits once the next screen's code has loaded; a menu
    // opened before that closes with the navigation, as it should for a person too.
    await expect(page).not.toHaveURL(/\/signin/);
    await expect(page.locator('#main')).toBeFocused();
  }
}

/** Profile menu → Sign Out; confirms when the app asks about unsynced changes. */
export async function signOutWithUi(page: Page): Promise<void> {
  await profileMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: /sign out/i });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect(profileMenuButton(page)).toHaveCount(0);
}

function admin(server: E2eServer) {
  return adminCallOverHttp(`${server.url}/db`);
}

/** Sets the membership expiry on the server-only account document. */
export async function setMembershipExpiry(server: E2eServer, userId: string, expiresAt: string): Promise<void> {
  const call = admin(server);
  const path = `/accounts/${encodeURIComponent(accountId(userId))}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const got = await call('GET', path);
    if (got.status !== 200) throw new Error(`account ${userId}: ${got.status} ${JSON.stringify(got.body)}`);
    const put = await call('PUT', path, { ...(got.body as Record<string, unknown>), membership_expires_at: expiresAt });
    if (put.status === 201 || put.status === 200) return;
    if (put.status !== 409) throw new Error(`account ${userId} update: ${put.status} ${JSON.stringify(put.body)}`);
  }
  throw new Error(`account ${userId}: kept conflicting`);
}

/** The member's profile as the server holds it. */
export async function serverProfile(server: E2eServer, userId: string): Promise<Record<string, unknown> | null> {
  const got = await admin(server)('GET', `/members/${encodeURIComponent(profileId(userId))}`);
  return got.status === 200 ? (got.body as Record<string, unknown>) : null;
}

export async function mailsTo(server: E2eServer, email: string): Promise<OutboxMail[]> {
  return (await readOutbox(server.dataDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
}

/** Waits for mail number `index` (0-based) to this address and returns its reset link's path. */
export async function resetLinkPath(server: E2eServer, email: string, index: number): Promise<string> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      mail = (await mailsTo(server, email))[index];
      return mail !== undefined;
    }, { timeout: 10_000, message: `reset mail ${index} to ${email}` })
    .toBe(true);
  const m = /\/reset-password\?token=[A-Za-z0-9_%.~-]+/.exec(mail?.text ?? '');
  if (!m) throw new Error(`no reset link in: ${mail?.text}`);
  return m[0];
}
