// Fete Nation, the member directory, for members only (ADR 020). Two members made for
// the test (a surname no one else has, territories no demo member has) make the search and the
// territory filter checkable while other specs add accounts to the same server.
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, DEMO } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import type { TestAccount } from './account-support.ts';
import { signInOverApi, syncStatus } from './shell-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';
import { PAGE_SIZE } from '../../web/src/components/catalog/paged-list.ts';

interface Pair {
  surname: string;
  zuri: TestAccount;
  abeni: TestAccount;
}

/** Letters only: a name no other account has, so the search finds exactly these two. */
function uniqueSurname(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let tail = '';
  for (let i = 0; i < 8; i++) tail += letters[Math.floor(Math.random() * letters.length)];
  return `Quill${tail}`;
}

async function makePair(server: E2eServer): Promise<Pair> {
  const surname = uniqueSurname();
  // Made first, but sorts last: the list is ordered by first name, not by age.
  const zuri = await createAccount(server, 'nation', { first_name: 'Zuri', last_name: surname, territory: 'Tuvalu', locality: 'Funafuti' });
  const abeni = await createAccount(server, 'nation', { first_name: 'Abeni', last_name: surname, territory: 'Palau', locality: 'Koror' });
  return { surname, zuri, abeni };
}

const cards = (page: Page) => page.getByTestId('member-card');
const count = (page: Page) => page.getByTestId('member-count');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search members' });

async function cardNames(page: Page): Promise<string[]> {
  return cards(page).getByRole('heading').allTextContents();
}

async function shownCount(page: Page): Promise<number> {
  // The member's own profile is always there: zero would mean the members pull has not landed.
  await expect(count(page)).toHaveText(/^Showing [1-9]\d* members?$/);
  return Number((await count(page).textContent())?.match(/\d+/)?.[0]);
}

async function openDirectory(page: Page): Promise<void> {
  await signInOverApi(page, DEMO.member, '/fete-nation');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Nation' })).toBeVisible();
  await expect(count(page)).toBeVisible();
  // The members pull is written in slices (ADR 059), so the list fills as it lands: the counts
  // are taken once all of it has, which a first member shown and then the sync status tell.
  await shownCount(page);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
}

test('members see everyone by first name with a count, a name search, a territory filter and an empty state', async ({ page, server }) => {
  const { surname, zuri, abeni } = await makePair(server);
  await openDirectory(page);

  // The whole directory: the count says how many, the first page is in first-name order.
  const total = await shownCount(page);
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(cards(page)).toHaveCount(Math.min(total, PAGE_SIZE));
  const names = await cardNames(page);
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const firstNames = names.map((n) => n.split(' ')[0] ?? '');
  expect(firstNames).toEqual([...firstNames].sort(collator.compare));
  await expectAccessible(page, 'Fete Nation at 1280 px');

  // The member's own card is marked "You", and no other card is.
  await search(page).fill('Aaliyah Charles');
  const mine = cards(page).filter({ has: page.getByTestId('member-card-you') });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('heading')).toHaveText('Aaliyah Charles');
  await expect(mine.getByTestId('member-card-you')).toHaveText('You');
  await search(page).fill(surname);
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).getByTestId('member-card-you')).toHaveCount(0);
  await search(page).fill('');

  // Search on the full name.
  await search(page).fill(surname.toUpperCase());
  await expect(count(page)).toHaveText('Showing 2 members');
  expect(await cardNames(page)).toEqual([`Abeni ${surname}`, `Zuri ${surname}`]);
  await search(page).fill(`zuri ${surname}`);
  await expect(count(page)).toHaveText('Showing 1 member');
  expect(await cardNames(page)).toEqual([`Zuri ${surname}`]);
  await expect(page).toHaveURL(/search=zuri/);

  // The territory filter (filters start hidden), alone and with the search.
  await search(page).fill('');
  const filters = page.getByRole('button', { name: 'Show Filters' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await filters.click();
  await page.getByLabel('Territory').selectOption('Tuvalu');
  const inTuvalu = await shownCount(page);
  await expect(cards(page)).toHaveCount(Math.min(inTuvalu, PAGE_SIZE));
  await expect(cards(page).filter({ hasText: `Zuri ${surname}` })).toHaveCount(1);
  await expect(cards(page).filter({ hasText: `Abeni ${surname}` })).toHaveCount(0);
  for (const place of await cards(page).locator('.member-card__place').allTextContents()) expect(place).toMatch(/Tuvalu$/);
  await search(page).fill(surname);
  await expect(count(page)).toHaveText('Showing 1 member');
  await page.getByLabel('Territory').selectOption('Palau');
  expect(await cardNames(page)).toEqual([`Abeni ${surname}`]);

  // Nothing matches: the spec's text.
  await search(page).fill('no such member zzxq');
  await expect(page.getByText('No users found', { exact: true })).toBeVisible();
  await expect(count(page)).toHaveText('Showing 0 members');
  await expect(cards(page)).toHaveCount(0);

  // Reset brings everyone back (at least as many: other specs may add members meanwhile).
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(search(page)).toHaveValue('');
  expect(await shownCount(page)).toBeGreaterThanOrEqual(total);

  // A member's page: the spec's fields, never the e-mail, and Start Chat carrying the id.
  await search(page).fill(surname);
  await expect(count(page)).toHaveText('Showing 2 members');
  await cards(page).filter({ hasText: `Zuri ${surname}` }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/fete-nation/${zuri.userId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Zuri ${surname}` })).toBeVisible();
  const main = page.locator('#main');
  await expect(main).toContainText('Tuvalu');
  await expect(main).toContainText('Funafuti');
  await expect(main).toContainText('Gold member');
  await expect(main).not.toContainText(zuri.email);
  await expect(main).not.toContainText('@');
  const startChat = page.getByRole('link', { name: 'Start Chat' });
  await expect(startChat).toHaveAttribute('href', `/fete-chat?selectedUserId=${zuri.userId}`);
  await expectAccessible(page, 'member page at 1280 px');
  await startChat.click();
  await expect(page).toHaveURL(new RegExp(`/fete-chat\\?selectedUserId=${zuri.userId}$`));

  // Back to the directory, then an id no one has.
  await page.goto(`/fete-nation/${abeni.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Abeni ${surname}` })).toBeVisible();
  await page.goto('/fete-nation/ffff0000ffff0000ffff0000ffff0000');
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Fete Nation' }).click();
  await expect(page).toHaveURL(/\/fete-nation$/);
  await expect(count(page)).toHaveText(/^Showing \d+ members?$/);
});

test('a visitor is invited to sign in and sees no member', async ({ page, server }) => {
  const { zuri } = await makePair(server);
  await page.goto('/fete-nation');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Nation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members Only' })).toBeVisible();
  await expect(page.getByTestId('members-only').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  await expect(cards(page)).toHaveCount(0);
  await expect(count(page)).toHaveCount(0);

  await page.goto(`/fete-nation/${zuri.userId}`);
  await expect(page.getByRole('heading', { name: 'Members Only' })).toBeVisible();
  await expect(page.getByText('Zuri')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start Chat' })).toHaveCount(0);
});

test('the directory and a member page open offline from the last sync', async ({ page, context, server }) => {
  const { surname, zuri } = await makePair(server);
  await page.goto('/');
  await waitForServiceWorker(page);
  await openDirectory(page);
  const total = await shownCount(page);

  await reloadOffline(page, context);
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'offline');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Nation' })).toBeVisible();
  expect(await shownCount(page)).toBeGreaterThanOrEqual(total);
  await expect(cards(page).first()).toBeVisible();
  await search(page).fill(surname);
  await expect(count(page)).toHaveText('Showing 2 members');
  await cards(page).filter({ hasText: 'Zuri' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/fete-nation/${zuri.userId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Zuri ${surname}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Chat' })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewportSize: { width: 375, height: 740 } });

  test('an avatar loads as its card comes near the screen, not with the whole page of cards', async ({ page, server }) => {
    await makePair(server);
    await openDirectory(page);
    const total = await shownCount(page);
    // Nine demo members and the pair: on a phone the page's last card is a dozen cards down.
    expect(total).toBeGreaterThanOrEqual(11);
    const avatar = (i: number) => cards(page).nth(i).locator('img.member-card__avatar');
    const loaded = (i: number) => avatar(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    // The cards on screen have their pictures; the one observer has answered for every card.
    await expect(avatar(0)).toHaveAttribute('src', /\S/);
    await expect.poll(() => loaded(0)).toBe(true);
    const last = Math.min(total, PAGE_SIZE) - 1;
    await expect(cards(page).nth(last)).not.toBeInViewport();
    await expect(avatar(last)).not.toHaveAttribute('src');

    await cards(page).nth(last).scrollIntoViewIfNeeded();
    await expect(avatar(last)).toHaveAttribute('src', /\S/);
    await expect.poll(() => loaded(last)).toBe(true);
  });

  test('the directory and a member page are accessible on a phone', async ({ page, server }) => {
    const { surname, zuri } = await makePair(server);
    await openDirectory(page);
    await expect(cards(page).first()).toBeVisible();
    await expectAccessible(page, 'Fete Nation at 375 px');
    await search(page).fill(surname);
    await expect(count(page)).toHaveText('Showing 2 members');
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.goto(`/fete-nation/${zuri.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Zuri ${surname}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Chat' })).toBeVisible();
    await expectAccessible(page, 'member page at 375 px');
  });
});
