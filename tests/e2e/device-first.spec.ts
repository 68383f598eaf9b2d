// The device first (ADR 034). A member signed in on this device is shown signed in, with their
// data, while the token refresh is still on its way (a slow carnival-day signal): the header,
// the dashboard, the chat. A like made meanwhile waits and reaches the server once the refresh
// answers. A refresh that answers "revoked" signs them out once, and keeps what waits. Two pages
// of one member refreshing at the same moment both stay signed in.
import type { Page, Route } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount, profileMenuButton, signInWithUi } from './account-support.ts';
import type { TestAccount } from './account-support.ts';
import { catalogDocs, idOf, isOver, isTestItem, waitForCatalog } from './catalog-support.ts';
import { syncStatus } from './shell-support.ts';
import { likeId } from '../../design-docs/src/ids.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

/** How long the refresh is held at most: the slow answer. */
const SLOW_MS = 10_000;

/**
 * Holds every /api/auth/refresh until `release()` (or SLOW_MS), then lets it through or answers
 * `answer`. `pending` counts the refreshes held right now: the checks below run while it is 1.
 */
async function holdRefresh(page: Page, answer: 'pass' | { status: number; body: Record<string, unknown> } = 'pass') {
  let open: () => void = () => undefined;
  let gate = new Promise<void>((r) => (open = r));
  const state = { pending: 0, answered: 0 };
  await page.route('**/api/auth/refresh', async (route: Route) => {
    state.pending++;
    await Promise.race([gate, new Promise((r) => setTimeout(r, SLOW_MS))]);
    state.pending--;
    state.answered++;
    if (answer === 'pass') await route.continue();
    else await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
  });
  return {
    state,
    release() {
      open();
      gate = new Promise<void>((r) => (open = r));
    },
  };
}

async function firstLiveEvent(server: E2eServer) {
  const events = (await catalogDocs(server, 'event')).filter((d) => d.active !== false && !isOver(d) && !isTestItem(d));
  return events[5 % events.length]!;
}

async function serverLike(server: E2eServer, who: TestAccount, eventId: string): Promise<Record<string, unknown> | null> {
  const signin = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who.email, password: who.password }) });
  const { access_token: token } = (await signin.json()) as { access_token: string };
  const res = await fetch(`${server.url}/db/${userDbName(who.userId)}/${encodeURIComponent(likeId('event', eventId))}`, { headers: { authorization: `Bearer ${token}` } });
  return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null;
}

const heart = (page: Page) => page.locator('#main').getByTestId('like-button').first();

test('with the refresh held for 10 s, a reload shows the member and their data at once; a like made meanwhile waits, then reaches the server', async ({ page, server }) => {
  test.setTimeout(120_000);
  const me = await createAccount(server, 'device-first', { first_name: 'Desiree' });
  const event = await firstLiveEvent(server);
  await signInWithUi(page, me.email, me.password);
  await waitForCatalog(page);
  // Something of theirs on the device: one like, synced.
  const liked = (await catalogDocs(server, 'event')).filter((d) => d.active !== false && !isOver(d) && !isTestItem(d))[2]!;
  await page.goto(`/events/${idOf(liked)}`);
  await heart(page).click();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });

  const held = await holdRefresh(page);
  for (const path of ['/dashboard', '/fete-chat', '/']) {
    await page.goto(path);
    await expect(profileMenuButton(page)).toBeVisible();
    if (path === '/dashboard') {
      await expect(page.getByTestId('fete-id-card')).toContainText('Desiree');
      await expect(page.locator('#main').getByRole('link', { name: String(liked.title) }).first()).toBeVisible();
    }
    if (path === '/fete-chat') await expect(page.getByPlaceholder('Message everyone...', { exact: true })).toBeVisible();
    // The pill tells the truth: nothing has synced yet.
    await expect(syncStatus(page)).toHaveAttribute('data-state', 'connecting');
    await expect(syncStatus(page)).toContainText('Connecting…');
    expect(held.state.pending, `the refresh is still held on ${path}`).toBe(1);
    held.release();
    await expect(syncStatus(page)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  }

  // A like while the refresh is held: queued on the device, sent once the refresh answers.
  await page.goto(`/events/${idOf(event)}`);
  await expect(profileMenuButton(page)).toBeVisible();
  await heart(page).click();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(syncStatus(page)).toHaveAttribute('title', 'connecting — 1 waiting');
  expect(held.state.pending).toBe(1);
  expect(await serverLike(server, me, idOf(event))).toBeNull();
  held.release();
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  await expect.poll(async () => (await serverLike(server, me, idOf(event)))?._rev, { timeout: 15_000 }).toMatch(/^1-/);
});

test('a refresh answering 401 revoked: signed out once, the waiting like still listed and kept, and sent after signing in again', async ({ page, server }) => {
  test.setTimeout(120_000);
  const me = await createAccount(server, 'device-revoked');
  const event = await firstLiveEvent(server);
  await signInWithUi(page, me.email, me.password);
  await waitForCatalog(page);

  const held = await holdRefresh(page, { status: 401, body: { error: 'revoked', message: 'Please sign in again' } });
  await page.goto(`/events/${idOf(event)}`);
  await expect(profileMenuButton(page)).toBeVisible();
  await heart(page).click();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(syncStatus(page)).toHaveAttribute('title', 'connecting — 1 waiting');
  held.release();
  await expect(page.getByText('You are signed out. Your changes are kept on this device until you')).toHaveCount(1);
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'signed-out');
  await expect(syncStatus(page)).toContainText('1 waiting, kept on this device');

  // A reload remembers the ending: no refresh is asked for again, the like is still there.
  const answeredBefore = held.state.answered;
  await page.reload();
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'signed-out');
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  expect(held.state.answered + held.state.pending).toBe(answeredBefore);
  expect(await serverLike(server, me, idOf(event))).toBeNull();

  // Signing in again sends it, once.
  await page.unroute('**/api/auth/refresh');
  await page.getByRole('link', { name: 'sign in', exact: true }).click();
  await signInWithUi(page, me.email, me.password);
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  await expect.poll(async () => (await serverLike(server, me, idOf(event)))?._rev, { timeout: 15_000 }).toMatch(/^1-/);
});

test('two pages of one member refresh at the same moment, and both stay signed in', async ({ page, context, server }) => {
  test.setTimeout(120_000);
  const me = await createAccount(server, 'device-two-tabs');
  await signInWithUi(page, me.email, me.password);
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(profileMenuButton(other)).toBeVisible();
  for (let round = 0; round < 3; round++) {
    await Promise.all([page.reload(), other.reload()]);
    for (const p of [page, other]) {
      await expect(profileMenuButton(p)).toBeVisible();
      // Each page's refresh answered (the pill leaves "Connecting…") and the server kept the session.
      await expect(syncStatus(p)).not.toHaveAttribute('data-state', 'connecting', { timeout: 30_000 });
      await expect(syncStatus(p)).not.toHaveAttribute('data-state', 'signed-out');
      await expect(p.getByText('You are signed out.')).toHaveCount(0);
    }
  }
  // The family lives on: a new page of the member is signed in by the server, not from memory only.
  const third = await context.newPage();
  await third.goto('/dashboard');
  await expect(syncStatus(third)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  await expect(page.getByText('You are signed out.')).toHaveCount(0);
});
