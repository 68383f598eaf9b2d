// Web Push in the app (ADR 048): Settings > Notifications keeps the member's switches (after a
// reload, and an offline change reaches the server), and the service worker shows a push it
// receives (delivered through the DevTools protocol, no push service needed) with the app's
// icon, one per tag, and a click takes the open window to the payload's route.
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, expectAccessible } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount, signInWithUi, toast } from './account-support.ts';
import { catalogDocs, idOf } from './catalog-support.ts';
import { INVITE_TEXT } from '../../web/src/components/push/push-texts.ts';
import { waitForServiceWorker } from './pwa-support.ts';
import { adminCallOverHttp } from '../integration/helpers/admin-http.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { SETTINGS_ID } from '../../design-docs/src/ids.ts';

async function serverPrefs(server: E2eServer, userId: string): Promise<Record<string, unknown> | null> {
  const got = await adminCallOverHttp(`${server.url}/db`)('GET', `/${userDbName(userId)}/${encodeURIComponent(SETTINGS_ID)}`);
  return got.status === 200 ? ((got.body as { notifications?: Record<string, unknown> }).notifications ?? null) : null;
}

test('Settings > Notifications: the switches are kept after a reload, and a change made offline reaches the server', async ({ page, context, server }) => {
  const account = await createAccount(server, 'push-settings');
  await signInWithUi(page, account.email, account.password);
  await page.goto('/settings/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const status = page.getByRole('switch', { name: /Form status changes/ });
  const reminders = page.getByRole('switch', { name: /Event reminders/ });
  const previews = page.getByRole('switch', { name: /Message previews/ });
  await expect(status).toBeChecked();
  await expect(page.getByRole('switch', { name: /Private messages/ })).toBeChecked();
  await expect(reminders).toBeChecked();
  await expect(previews).not.toBeChecked();
  // A fresh browser has not been asked: this device is off, and says so.
  await expect(page.getByTestId('push-device-state')).toHaveText('Notifications are off for this device.');
  await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  await expectAccessible(page, 'settings notifications');

  await reminders.click();
  await expect(reminders).not.toBeChecked();
  await expect.poll(() => serverPrefs(server, account.userId)).toMatchObject({ reminders: false, status: true });
  await page.reload();
  await expect(page.getByRole('switch', { name: /Event reminders/ })).not.toBeChecked();

  await context.setOffline(true);
  await page.getByRole('switch', { name: /Message previews/ }).click();
  await expect(page.getByRole('switch', { name: /Message previews/ })).toBeChecked();
  await expect(page.getByTestId('notifications-sync-note')).toHaveText('Saved on this device; it syncs when you are back online.');
  expect(await serverPrefs(server, account.userId)).toMatchObject({ previews: false });
  await context.setOffline(false);
  await expect.poll(() => serverPrefs(server, account.userId), { timeout: 20_000 }).toEqual({ status: true, messages: true, reminders: false, previews: true });
  await expect(page.getByTestId('notifications-sync-note')).toHaveCount(0);
});

/** Delivers `payload` to the page's service worker as a push service would. */
async function deliverPush(context: BrowserContext, page: Page, origin: string, payload: unknown): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data: JSON.stringify(payload) });
  await cdp.detach();
}

/**
 * Delivers `payload` until `arrived` says the worker showed it. DevTools' deliverPushMessage
 * answers before the worker has the message and drops it without a word when the worker cannot
 * take it at that moment (seen 1 run in 10 in CI, on a new and on a warm profile alike), where a
 * push service would hear of the failure and send again. Each payload carries a tag, so a second
 * delivery replaces the first and shows nothing more.
 */
async function pushUntil(context: BrowserContext, page: Page, origin: string, payload: unknown, arrived: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await deliverPush(context, page, origin, payload);
    try {
      await expect.poll(arrived, { timeout: 4_000 }).toBe(true);
      return;
    } catch {
      // not shown: send again
    }
  }
  await expect.poll(arrived).toBe(true);
}

/** The service worker has finished activating: a push to a worker still activating can be lost. */
async function workerActivated(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const active = (await navigator.serviceWorker.ready).active;
    if (!active || active.state === 'activated') return;
    await new Promise<void>((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
  });
}

async function shown(page: Page) {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, url: (n.data as { url?: string } | null)?.url })),
  );
}

// A service worker registered in this test: on a copy of the warm profile, whose registration is
// restored, the push was once not shown in CI (cause not found; see the issue note).
test.describe('on a new device', () => {
  test.use({ freshProfile: true });

  test('the service worker shows a push, one per tag, and a click takes the open window to its route', async ({ page, context, server }) => {
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.goto('/');
    await waitForServiceWorker(page);
    await workerActivated(page);

    const first = { title: 'Ana Joseph', body: 'Sent you a message', url: '/fete-chat?selectedUserId=a1b2', tag: 'chat:a1b2' };
    await pushUntil(context, page, server.url, first, async () => (await shown(page)).length > 0);
    expect(await shown(page)).toEqual([{ title: 'Ana Joseph', body: 'Sent you a message', tag: 'chat:a1b2', icon: `${server.url}/icons/icon-192.png`, url: '/fete-chat?selectedUserId=a1b2' }]);
    // The same conversation again: it replaces the notification, it does not add one.
    await pushUntil(context, page, server.url, { ...first, body: 'Sent you 2 messages' }, async () => (await shown(page)).some((n) => n.body === 'Sent you 2 messages'));
    expect((await shown(page)).map((n) => n.body)).toEqual(['Sent you 2 messages']);
    // A payload naming another site opens the app's home, never that site.
    await pushUntil(context, page, server.url, { title: 'x', body: 'y', url: 'https://evil.example/', tag: 'evil' }, async () => (await shown(page)).some((n) => n.tag === 'evil'));
    expect((await shown(page)).find((n) => n.tag === 'evil')?.url).toBe('/');

    // The app sends a visitor on from the chat to Sign In at once, so the route is looked for among
    // the page's navigations: reading the address afterwards raced with that redirect in CI.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    const before = page.url();
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await worker?.evaluate(async (before) => {
      const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
      const [n] = await sw.registration.getNotifications({ tag: 'chat:a1b2' });
      const Ctor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      sw.dispatchEvent(new Ctor('notificationclick', { notification: n as Notification }));
      // A click dispatched from a script is not trusted, so its waitUntil cannot keep the worker
      // alive: stay in the worker until the window has left the page it was on (a real click does).
      const clients = (self as unknown as { clients: { matchAll(o: { type: 'window' }): Promise<{ url: string }[]> } }).clients;
      for (let i = 0; i < 100; i++) {
        if ((await clients.matchAll({ type: 'window' })).some((w) => w.url !== before)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, before);
    await expect.poll(() => visited.some((url) => url.endsWith('/fete-chat?selectedUserId=a1b2'))).toBe(true);
    await expect.poll(async () => (await shown(page)).some((n) => n.tag === 'chat:a1b2')).toBe(false);
  });
});

test.describe('the invitation to turn notifications on', () => {
  test.use({ pushInvites: true });

  test('comes after the first attendance, explains itself before the browser asks, and comes once per device', async ({ page, server }) => {
    const account = await createAccount(server, 'push-invite');
    await signInWithUi(page, account.email, account.password);
    const [first, second] = (await catalogDocs(server, 'event')).filter((e) => e.active === true);
    await page.goto(`/events/${idOf(first as { _id: string })}`);
    // Never on page load: nothing asked, nothing shown.
    await expect(page.getByTestId('attend-button')).toHaveText('Attend');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await expect(toast(page, INVITE_TEXT.attendance)).toHaveCount(0);

    await page.getByTestId('attend-button').click();
    await expect(page.getByTestId('attend-button')).toHaveText('Cancel Attendance');
    const notice = toast(page, INVITE_TEXT.attendance);
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on' })).toBeVisible();
    // Only the notice so far: the browser's own question waits for "Turn on".
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await expectAccessible(page, 'notifications invitation');

    await page.goto(`/events/${idOf(second as { _id: string })}`);
    await page.getByTestId('attend-button').click();
    await expect(page.getByTestId('attend-button')).toHaveText('Cancel Attendance');
    await page.waitForTimeout(500);
    await expect(toast(page, INVITE_TEXT.attendance)).toHaveCount(0);
  });
});
