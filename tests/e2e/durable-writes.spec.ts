// ADR 034: nothing saved is lost to a reload. A series of writes of different kinds, each
// followed by a reload at a random point: right after the screen said it was saved, or, for a
// chat message, right after Enter. After each reload the write is on the device; once the
// signal settles every one is on the server exactly once.
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount, profileMenuButton, toast } from './account-support.ts';
import type { TestAccount } from './account-support.ts';
import { catalogDocs, idOf, isOver, isTestItem, waitForCatalog } from './catalog-support.ts';
import { signInOverApi, syncStatus } from './shell-support.ts';
import { attendanceId, likeId, ratingId, profileId } from '../../design-docs/src/ids.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

/** A small seeded generator, so a failing run can be replayed: the seed is in the test's annotations. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function token(server: E2eServer, who: TestAccount): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who.email, password: who.password }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function serverDocs(server: E2eServer, bearer: string, db: string, start: string): Promise<Array<Record<string, unknown>>> {
  const q = `include_docs=true&startkey=${encodeURIComponent(JSON.stringify(start))}&endkey=${encodeURIComponent(JSON.stringify(`${start}\ufff0`))}`;
  const res = await fetch(`${server.url}/db/${db}/_all_docs?${q}`, { headers: { authorization: `Bearer ${bearer}` } });
  return ((await res.json()) as { rows: Array<{ doc: Record<string, unknown> }> }).rows.map((r) => r.doc);
}

async function serverDoc(server: E2eServer, bearer: string, db: string, id: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${server.url}/db/${db}/${encodeURIComponent(id)}?conflicts=true`, { headers: { authorization: `Bearer ${bearer}` } });
  return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null;
}

// This must pass as it is, every run: a retry would hide a lost write.
test.describe.configure({ retries: 0 });

const heart = (page: Page) => page.locator('#main').getByTestId('like-button').first();
const composer = (page: Page, to: string) => page.getByPlaceholder(`Message ${to}...`, { exact: true });

test('writes of every kind, each followed by a reload at a random point, are all kept and reach the server once', async ({ page, server }) => {
  test.setTimeout(180_000);
  const seed = Date.now() % 100_000;
  test.info().annotations.push({ type: 'seed', description: String(seed) });
  const next = random(seed);
  const soon = async (maxMs: number) => {
    await page.waitForTimeout(Math.floor(next() * maxMs));
    await page.reload();
    await expect(profileMenuButton(page)).toBeVisible();
  };

  const me = await createAccount(server, 'durable', { first_name: 'Dorothea' });
  const friend = await createAccount(server, 'durable', { first_name: 'Fitzroy' });
  const live = (docs: Array<Record<string, unknown> & { _id: string }>) => docs.filter((d) => d.active !== false && !isOver(d as never) && !isTestItem(d as never));
  const [events = [], restaurants = [], bands = []] = await Promise.all(['event', 'restaurant', 'band'].map(async (t) => live(await catalogDocs(server, t))));
  const event = events[7 % events.length]!;
  const restaurant = restaurants[3 % restaurants.length]!;
  const band = bands[4 % bands.length]!;
  const tag = `dw${seed.toString(36)}`;

  await signInOverApi(page, me, '/');
  await waitForCatalog(page);
  // The friend's profile is on the device once the directory has been pulled.
  await page.goto(`/fete-chat?selectedUserId=${friend.userId}`);
  await expect(composer(page, 'Fitzroy')).toBeVisible({ timeout: 30_000 });

  // 1. A like, reloaded right after the heart filled.
  await page.goto(`/events/${idOf(event)}`);
  await expect(profileMenuButton(page)).toBeVisible();
  await heart(page).click();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  await soon(150);
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');

  // 2. Attendance on the same page.
  await page.getByRole('button', { name: 'Attend', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cancel Attendance' })).toBeVisible();
  await soon(150);
  await expect(page.getByRole('button', { name: 'Cancel Attendance' })).toBeVisible();

  // 3. A public message, reloaded right after Enter, before the screen says anything.
  await page.goto('/fete-chat');
  await composer(page, 'everyone').fill(`${tag} public one`);
  await composer(page, 'everyone').press('Enter');
  await soon(60);
  await expect(page.getByTestId('chat-message').filter({ hasText: `${tag} public one` })).toHaveCount(1);

  // 4. A private message, the same way.
  await page.goto(`/fete-chat?selectedUserId=${friend.userId}`);
  await composer(page, 'Fitzroy').fill(`${tag} private one`);
  await composer(page, 'Fitzroy').press('Enter');
  await soon(60);
  await expect(page.getByTestId('chat-message').filter({ hasText: `${tag} private one` })).toHaveCount(1);

  // 5. The location, reloaded right after its toast.
  await page.goto('/settings/location');
  await page.getByLabel('Territory').selectOption('Jamaica');
  await page.getByLabel('Locality').fill('Kingston');
  await page.getByRole('button', { name: 'Save Location' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await soon(150);
  await expect(page.getByLabel('Territory')).toHaveValue('Jamaica');
  await expect(page.getByLabel('Locality')).toHaveValue('Kingston');

  // 6. A rating.
  await page.goto(`/bands/${idOf(band)}`);
  await expect(profileMenuButton(page)).toBeVisible();
  await page.getByRole('radio', { name: '4 stars' }).click();
  await expect(page.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
  await soon(150);
  await expect(page.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');

  // 7. Another like and 8. another public message.
  await page.goto(`/restaurants/${idOf(restaurant)}`);
  await expect(profileMenuButton(page)).toBeVisible();
  await heart(page).click();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  await soon(150);
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/fete-chat');
  await composer(page, 'everyone').fill(`${tag} public two`);
  await composer(page, 'everyone').press('Enter');
  await soon(60);
  await expect(page.getByTestId('chat-message').filter({ hasText: `${tag} public two` })).toHaveCount(1);

  // The signal settles: each write is on the server once.
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  const bearer = await token(server, me);
  const once = (doc: Record<string, unknown> | null, what: string) => {
    expect(doc, what).not.toBeNull();
    expect(doc?._conflicts, what).toBeUndefined();
    expect(String(doc?._rev), what).toMatch(/^1-/);
  };
  once(await serverDoc(server, bearer, userDbName(me.userId), likeId('event', idOf(event))), 'the like of the event');
  once(await serverDoc(server, bearer, userDbName(me.userId), likeId('restaurant', idOf(restaurant))), 'the like of the restaurant');
  once(await serverDoc(server, bearer, 'members', attendanceId('event', idOf(event), me.userId)), 'the attendance');
  once(await serverDoc(server, bearer, 'members', ratingId('band', idOf(band), me.userId)), 'the rating');
  await expect.poll(async () => (await serverDoc(server, bearer, 'members', profileId(me.userId)))?.locality, { timeout: 15_000 }).toBe('Kingston');
  const publicMine = (await serverDocs(server, bearer, 'chat', 'message:')).filter((m) => String(m.content).startsWith(tag));
  expect(publicMine.map((m) => m.content).sort()).toEqual([`${tag} public one`, `${tag} public two`]);
  const privateMine = (await serverDocs(server, bearer, userDbName(me.userId), 'message:')).filter((m) => String(m.content).startsWith(tag));
  expect(privateMine.map((m) => m.content)).toEqual([`${tag} private one`]);
  // The friend receives it once too.
  const friendBearer = await token(server, friend);
  await expect
    .poll(async () => (await serverDocs(server, friendBearer, userDbName(friend.userId), 'message:')).filter((m) => String(m.content).startsWith(tag)).length, { timeout: 15_000 })
    .toBe(1);
});
