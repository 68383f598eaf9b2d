// A member's likes, attendance and ratings on every item type of the spec:
// like events, restaurants, providers and bands; attend events and bands; rate providers and
// bands. Online they land at once; offline they show at once, stay marked waiting across a
// reload, reach the server exactly once when the signal returns, and a second browser of the
// same member shows them.
import type { Page } from '@playwright/test';
import { expect, otherBrowser, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount, profileMenuButton, toast } from './account-support.ts';
import type { TestAccount } from './account-support.ts';
import { catalogDocs, idOf, isOver, isTestItem, waitForCatalog } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';
import { signInOverApi, syncStatus } from './shell-support.ts';
import { attendanceId, likeId, ratingId } from '../../design-docs/src/ids.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

// These tests write members' documents; one after another keeps the counts readable.
test.describe.configure({ mode: 'serial' });

interface Picks {
  event: Doc;
  restaurant: Doc;
  provider: Doc;
  band: Doc;
}

async function picks(server: E2eServer, n: number): Promise<Picks> {
  const live = (docs: Doc[]) => docs.filter((d) => d.active !== false && !isOver(d) && !isTestItem(d));
  const [events, restaurants, providers, bands] = await Promise.all(['event', 'restaurant', 'provider', 'band'].map((t) => catalogDocs(server, t)));
  const at = <T,>(list: T[]) => list[n % list.length] as T;
  return { event: at(live(events ?? [])), restaurant: at(live(restaurants ?? [])), provider: at(live(providers ?? [])), band: at(live(bands ?? [])) };
}

const pagePath: Record<keyof Picks, string> = { event: '/events/', restaurant: '/restaurants/', provider: '/fete-faces/', band: '/bands/' };

function likeOn(page: Page) {
  return page.locator('#main').getByTestId('like-button').first();
}

/** A document of the member's, read over the API with their own token; null when absent. */
async function memberDoc(server: E2eServer, token: string, db: string, id: string): Promise<Doc | null> {
  const res = await fetch(`${server.url}/db/${db}/${encodeURIComponent(id)}?conflicts=true`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 404) return null;
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

async function tokenOf(server: E2eServer, who: TestAccount): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who.email, password: who.password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Opens an item's page and waits until the member's own data is open on it (the first sync settles). */
async function open(page: Page, kind: keyof Picks, doc: Doc, online = true): Promise<void> {
  await page.goto(`${pagePath[kind]}${idOf(doc)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page is a full load: until the session is restored the member is not known yet, and a
  // click would ask them to sign in. The profile menu shows once they are.
  await expect(profileMenuButton(page)).toBeVisible({ timeout: 30_000 });
  if (online) await waitForCatalog(page);
}

async function like(page: Page, kind: keyof Picks, doc: Doc, online = true): Promise<void> {
  await open(page, kind, doc, online);
  const heart = likeOn(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
}

async function attend(page: Page, kind: 'event' | 'band', doc: Doc, online = true): Promise<void> {
  await open(page, kind, doc, online);
  await page.getByRole('button', { name: 'Attend', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cancel Attendance' })).toHaveAttribute('aria-pressed', 'true');
}

async function rate(page: Page, kind: 'provider' | 'band', doc: Doc, stars: number, online = true): Promise<void> {
  await open(page, kind, doc, online);
  const star = page.getByRole('radio', { name: `${stars} stars` });
  await star.click();
  await expect(star).toHaveAttribute('aria-checked', 'true');
}

test('a member likes an event, a restaurant, a provider and a band, attends an event and a band, and rates a provider and a band', async ({ page, server }) => {
  const me = await createAccount(server, 'social');
  const p = await picks(server, 1);
  await signInOverApi(page, me, '/');
  await waitForCatalog(page);

  for (const kind of ['event', 'restaurant', 'provider', 'band'] as const) await like(page, kind, p[kind]);
  await attend(page, 'event', p.event);
  // The attendee list has the member at once.
  await expect(page.getByTestId('attendees')).toContainText(`${me.first_name} ${me.last_name}`);
  await attend(page, 'band', p.band);
  await expect(page.getByTestId('attendees')).toContainText(`${me.first_name} ${me.last_name}`);
  await rate(page, 'provider', p.provider, 4);
  const bandNow = async () => Number((await catalogDocs(server, 'band')).find((b) => b._id === p.band._id)?.total_ratings ?? 0);
  const before = await bandNow();
  await rate(page, 'band', p.band, 5);
  // The band's count follows once the server's aggregate (which now counts this rating) arrives.
  await expect.poll(bandNow, { timeout: 30_000 }).toBeGreaterThan(before);
  await expect
    .poll(async () => {
      const n = await bandNow();
      return (await page.getByTestId('band-rating').innerText()).includes(`${n} ${n === 1 ? 'rating' : 'ratings'}`);
    }, { timeout: 30_000 })
    .toBe(true);

  await expect(syncStatus(page)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  const token = await tokenOf(server, me);
  for (const kind of ['event', 'restaurant', 'provider', 'band'] as const) {
    expect(await memberDoc(server, token, userDbName(me.userId), likeId(kind, idOf(p[kind]))), `like of the ${kind}`).toMatchObject({ type: 'like' });
  }
  expect(await memberDoc(server, token, 'members', attendanceId('event', idOf(p.event), me.userId))).toMatchObject({ type: 'attendance' });
  expect(await memberDoc(server, token, 'members', ratingId('provider', idOf(p.provider), me.userId))).toMatchObject({ rating: 4 });

  // Rating again is an update of the same document, not a second one.
  await rate(page, 'band', p.band, 3);
  await expect.poll(async () => (await memberDoc(server, token, 'members', ratingId('band', idOf(p.band), me.userId)))?.rating, { timeout: 30_000 }).toBe(3);
  const rating = await memberDoc(server, token, 'members', ratingId('band', idOf(p.band), me.userId));
  expect(rating?._conflicts).toBeUndefined();

  // Unlike: the heart empties and the document goes.
  await page.goto(`/restaurants/${idOf(p.restaurant)}`);
  await likeOn(page).click();
  await expect(likeOn(page)).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => memberDoc(server, token, userDbName(me.userId), likeId('restaurant', idOf(p.restaurant))), { timeout: 30_000 }).toBeNull();
  await expect(toast(page, 'Failed to update like status')).toHaveCount(0);
});


test('offline: two likes, an attendance and a rating show at once, stay waiting across a reload, reach the server exactly once, and a second browser shows them', async ({ page, context, server }) => {
  const me = await createAccount(server, 'social-offline');
  const p = await picks(server, 2);
  await signInOverApi(page, me, '/');
  await waitForCatalog(page);
  await waitForServiceWorker(page);
  // Visit each page once online, as a member would before the signal goes.
  for (const kind of ['event', 'restaurant', 'band'] as const) {
    await page.goto(`${pagePath[kind]}${idOf(p[kind])}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  await context.setOffline(true);
  await like(page, 'event', p.event, false);
  await like(page, 'restaurant', p.restaurant, false);
  await attend(page, 'event', p.event, false);
  await rate(page, 'band', p.band, 4, false);
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'offline');
  await expect(syncStatus(page)).toHaveAttribute('title', 'offline — 4 waiting');

  // A reload with no signal: all still there, still waiting.
  await reloadOffline(page, context);
  await expect(syncStatus(page)).toHaveAttribute('title', 'offline — 4 waiting');
  await page.goto(`/events/${idOf(p.event)}`);
  await expect(likeOn(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Cancel Attendance' })).toBeVisible();
  await page.goto(`/bands/${idOf(p.band)}`);
  await expect(page.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');

  // The signal returns: everything reaches the server, once.
  await context.setOffline(false);
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  const token = await tokenOf(server, me);
  const written = [
    await memberDoc(server, token, userDbName(me.userId), likeId('event', idOf(p.event))),
    await memberDoc(server, token, userDbName(me.userId), likeId('restaurant', idOf(p.restaurant))),
    await memberDoc(server, token, 'members', attendanceId('event', idOf(p.event), me.userId)),
    await memberDoc(server, token, 'members', ratingId('band', idOf(p.band), me.userId)),
  ];
  for (const doc of written) {
    expect(doc).not.toBeNull();
    expect(doc?._conflicts).toBeUndefined();
    expect(String(doc?._rev)).toMatch(/^1-/);
  }

  // The same member on another browser sees what the phone did.
  const other = await otherBrowser(server.url);
  try {
    const laptop = other.context.pages()[0] ?? (await other.context.newPage());
    await signInOverApi(laptop, me, `/events/${idOf(p.event)}`);
    await expect(likeOn(laptop)).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
    await expect(laptop.getByRole('button', { name: 'Cancel Attendance' })).toBeVisible();
    await laptop.goto(`/restaurants/${idOf(p.restaurant)}`);
    await expect(likeOn(laptop)).toHaveAttribute('aria-pressed', 'true');
    await laptop.goto(`/bands/${idOf(p.band)}`);
    await expect(laptop.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
  } finally {
    await other.close();
  }
});
