// ADR 019: the Fete ID dashboard against the real server and its demo data: the
// card (name, member number, a QR code that decodes to that number), the four tabs with their
// contents and empty states, a receipt downloaded as text, the receipts New dot, an admin's
// status change arriving live, offline use, and nothing left on the device after sign-out.
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import jsQRModule from 'jsqr';
import { test, expect, expectAccessible, DEMO } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { adminWriter, memberSubmission, tokenFor } from './catalog-support.ts';
import { idbNames, profileButton, signInOverApi, syncStatus } from './shell-support.ts';
import { waitForServiceWorker } from './pwa-support.ts';
import { memberNumber } from '../../design-docs/src/member-number.ts';
import {
  NO_ATTENDING_TEXT,
  NO_FORMS_TEXT,
  NO_LIKES_TEXT,
  NO_RECEIPTS_TEXT,
  SIGN_IN_TEXT,
  statusMessage,
} from '../../web/src/screens/dashboard/dashboard-logic.ts';

// jsqr is CommonJS whose typings declare an ES default export: take the function either way.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as typeof jsQRModule.default;

const card = (page: Page) => page.getByTestId('fete-id-card');
const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel');

async function userIdOf(server: E2eServer, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/** Draws the card's QR code onto a canvas in the page and decodes the pixels with a QR reader. */
async function decodeQr(page: Page): Promise<string | null> {
  const image = await page.getByTestId('member-qr').evaluate(async (svg) => {
    const scale = 4;
    const box = svg.getBoundingClientRect();
    const w = Math.round(box.width * scale);
    const h = Math.round(box.height * scale);
    const xml = new XMLSerializer().serializeToString(svg);
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, w, h);
    // The pixels cross to the test as one base64 string: as a JSON array of numbers (millions of
    // them) they took most of a minute on a loaded machine and timed the test out.
    const bytes = ctx.getImageData(0, 0, w, h).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { data: btoa(binary), w, h };
  });
  return jsQR(new Uint8ClampedArray(Buffer.from(image.data, 'base64')), image.w, image.h)?.data ?? null;
}

async function adminPut(server: E2eServer, db: string, doc: Record<string, unknown> & { _id: string }): Promise<void> {
  const admin = await adminWriter(server);
  const res = await fetch(`${server.url}/db/${db}/${encodeURIComponent(doc._id)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(admin.stamp(doc)),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

test('a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-signin')).toHaveText(SIGN_IN_TEXT);
  await expect(card(page)).toHaveCount(0);
  await expect(page.locator('#main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  await expectAccessible(page, 'dashboard, visitor');
});

test.describe('the demo member', () => {
  test('sees the Fete ID card with name, number and a QR code of that number', async ({ page, server }) => {
    const userId = await userIdOf(server, DEMO.member);
    const number = memberNumber(userId);
    await signInOverApi(page, DEMO.member, '/dashboard');
    await expect(card(page)).toContainText('Fete ID');
    await expect(card(page).getByRole('heading', { level: 2 })).toHaveText('Aaliyah Charles');
    await expect(page.getByTestId('membership-badge')).toHaveText('Gold Member');
    await expect(page.getByTestId('member-number')).toHaveText(number);
    await expect(page.getByTestId('card-expiry')).toContainText(/Expires: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(card(page)).toContainText('Joined');
    await expect(page.getByRole('img', { name: `QR code of member number ${number}` })).toBeVisible();
    expect(await decodeQr(page)).toBe(number);
    await expectAccessible(page, 'dashboard card, 1280 px');
  });

  test('walks the four tabs; the tab is in the URL; receipts download as text', async ({ page, server }) => {
    await signInOverApi(page, DEMO.member, '/dashboard');
    // How Yuh Like It, the first tab: the demo member's likes in their sections.
    await expect(tab(page, 'How Yuh Like It')).toHaveAttribute('aria-selected', 'true');
    for (const section of ['Events', 'Carnival Bands', 'Fete Faces', 'Restaurants']) {
      await expect(panel(page).getByRole('heading', { level: 3, name: new RegExp(`^${section}`) })).toBeVisible();
    }
    // At least the demo's own; other specs like and attend as the demo member at the same time.
    const atLeast = async (selector: string, n: number) => expect.poll(() => panel(page).locator(selector).count()).toBeGreaterThanOrEqual(n);
    await atLeast('a[href^="/events/"]', 2);
    await atLeast('a[href^="/bands/"]', 1);
    await atLeast('a[href^="/fete-faces/"]', 1);
    await atLeast('a[href^="/restaurants/"]', 1);

    await tab(page, "Events I'm Attending").click();
    await expect(page).toHaveURL(/\/dashboard\?tab=attending$/);
    await atLeast('a[href^="/events/"]', 3);
    await atLeast('a[href^="/bands/"]', 1);

    await tab(page, /^Receipts/).click();
    await expect(page).toHaveURL(/\?tab=receipts$/);
    const receipts = panel(page).getByTestId('receipt-card');
    await expect(receipts).toHaveCount(2);
    const number = (await receipts.first().locator('.receipt-card__number').textContent())!.trim();
    const download = page.waitForEvent('download');
    await receipts.first().getByRole('button', { name: `Download ${number}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.txt`);
    const text = await readFile((await file.path())!, 'utf8');
    const { support_email } = (await (await fetch(`${server.url}/api/config`)).json()) as { support_email: string };
    expect(text).toContain(`Receipt Number: ${number}`);
    expect(text).toContain(support_email);

    await tab(page, 'Forms Status').click();
    await expect(page).toHaveURL(/\?tab=forms$/);
    const forms = panel(page).getByTestId('submission-card');
    await expect(forms).toHaveCount(2);
    await expect(panel(page)).toContainText(statusMessage('pending'));
    await expect(panel(page)).toContainText(statusMessage('processed'));
    await expect(forms.first().getByRole('link', { name: 'Submit Another Response' })).toHaveAttribute('href', /^\/form\/(package|ride)\//);
    await expect(forms.first().getByRole('link', { name: 'View All Packages/Rides' })).toHaveAttribute('href', /^\/fete-(packages|rides)$/);

    // A reload keeps the tab.
    await page.reload();
    await expect(tab(page, 'Forms Status')).toHaveAttribute('aria-selected', 'true');
    await expect(forms).toHaveCount(2);
    // Keyboard: arrows move between tabs.
    await tab(page, 'Forms Status').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'How Yuh Like It')).toBeFocused();
    await expect(tab(page, 'How Yuh Like It')).toHaveAttribute('aria-selected', 'true');
  });

  test('the profile menu opens Form Status on its tab', async ({ page }) => {
    await signInOverApi(page, DEMO.member, '/');
    await profileButton(page).click();
    await page.getByRole('menuitem', { name: 'Form Status' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=forms$/);
    await expect(tab(page, 'Forms Status')).toHaveAttribute('aria-selected', 'true');
  });

  test('works offline from the device\'s data', async ({ page, context, server }) => {
    const number = memberNumber(await userIdOf(server, DEMO.member));
    await signInOverApi(page, DEMO.member, '/dashboard');
    await waitForServiceWorker(page);
    await expect(syncStatus(page)).toContainText('All synced', { timeout: 30_000 });
    await expect.poll(() => panel(page).locator('a[href^="/events/"]').count()).toBeGreaterThanOrEqual(2);
    await context.setOffline(true);
    await page.goto('/dashboard?tab=receipts');
    await expect(page.getByTestId('member-number')).toHaveText(number);
    expect(await decodeQr(page)).toBe(number);
    await expect(panel(page).getByTestId('receipt-card')).toHaveCount(2);
    const download = page.waitForEvent('download');
    await panel(page).getByTestId('receipt-card').first().getByRole('button', { name: /^Download/ }).click();
    expect(await readFile((await (await download).path())!, 'utf8')).toMatch(/Contact us at \S+@\S+\./);
    await tab(page, 'How Yuh Like It').click();
    await expect.poll(() => panel(page).locator('a[href^="/events/"]').count()).toBeGreaterThanOrEqual(2);
    await context.setOffline(false);
  });
});

test.describe('a new member', () => {
  test('sees every tab\'s empty state', async ({ page, server }) => {
    const account = await createAccount(server, 'dash-empty');
    await signInOverApi(page, account, '/dashboard');
    await expect(card(page).getByRole('heading', { level: 2 })).toHaveText(`${account.first_name} ${account.last_name}`);
    await expect(page.getByTestId('member-number')).toHaveText(memberNumber(account.userId));
    await expect(page.getByTestId('card-initials')).toHaveText(`${account.first_name[0]}${account.last_name[0]}`.toUpperCase());
    await expect(panel(page)).toHaveText(NO_LIKES_TEXT);
    await tab(page, "Events I'm Attending").click();
    await expect(panel(page)).toHaveText(NO_ATTENDING_TEXT);
    await tab(page, /^Receipts/).click();
    await expect(panel(page)).toHaveText(NO_RECEIPTS_TEXT);
    await tab(page, 'Forms Status').click();
    await expect(panel(page)).toContainText(NO_FORMS_TEXT);
    await expect(panel(page).getByRole('link', { name: /Packages/ })).toHaveAttribute('href', '/fete-packages');
    await expect(panel(page).getByRole('link', { name: /Rides/ })).toHaveAttribute('href', '/fete-rides');
    await expectAccessible(page, 'dashboard empty forms, 1280 px');
  });

  test('a reload draws the tab from the device\'s snapshot with the card, and the device\'s read then replaces it', async ({ page, server }) => {
    const account = await createAccount(server, 'dash-snap');
    await signInOverApi(page, account, '/dashboard');
    await expect(panel(page)).toHaveText(NO_LIKES_TEXT);
    const findKey = () => page.evaluate((id) => Object.keys(localStorage).find((k) => k.includes(id) && k.endsWith('dashboard-liked')) ?? null, account.userId);
    await expect.poll(findKey).not.toBeNull();
    const key = (await findKey())!;
    // What the tab last drew, as the device keeps it; a planted row shows that a reload draws it.
    // Planted as the reloaded page starts, before the app: the open page's live query would
    // otherwise store its own answer over it first.
    await page.addInitScript((k) => {
      if (sessionStorage.getItem('planted') === null) {
        sessionStorage.setItem('planted', '1');
        localStorage.setItem(k, JSON.stringify({ v: 1, value: { events: [{ key: 'event:planted', to: '/events/planted', title: 'Planted in the snapshot' }] } }));
      }
      const w = window as unknown as { __planted?: boolean };
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Planted in the snapshot')) w.__planted = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, key);
    await page.reload();
    // The device's own read lands and replaces it: the member has no likes.
    await expect(panel(page)).toHaveText(NO_LIKES_TEXT);
    expect(await page.evaluate(() => (window as unknown as { __planted?: boolean }).__planted)).toBe(true);
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).not.toContain('Planted');
  });

  test('a new receipt shows the red dot until Receipts is opened', async ({ page, server }) => {
    const account = await createAccount(server, 'dash-dot');
    await signInOverApi(page, account, '/dashboard');
    await expect(syncStatus(page)).toContainText('All synced', { timeout: 30_000 });
    // The first check ever only stores the time: no dot for a member with nothing new.
    await expect(tab(page, /^Receipts/)).toHaveAccessibleName('Receipts');
    await expect(page.getByTestId('receipts-new-dot')).toHaveCount(0);

    const n = 10000 + Math.floor(Math.random() * 89999);
    await adminPut(server, 'receipts', {
      _id: `receipt:e2e${Date.now()}`,
      type: 'receipt',
      user_id: account.userId,
      receipt_number: `REC-${n}`,
      receipt_date: new Date().toISOString().slice(0, 10),
      status: 'pending',
      title: 'Carnival Monday Costume',
      description: 'Deposit',
      payment_method: 'Credit Card',
      amount: 300,
      amount_paid: 100,
      balance_owed: 200,
      // After the stored check time, whatever the two clocks say.
      created_at: new Date(Date.now() + 60_000).toISOString(),
    });
    // The server mirrors it into the member's database; the live sync brings it.
    await expect(page.getByTestId('receipts-new-dot')).toBeVisible({ timeout: 30_000 });
    await expect(tab(page, /^Receipts/)).toHaveAccessibleName('Receipts, new');
    await expectAccessible(page, 'dashboard with the New dot');

    await tab(page, /^Receipts/).click();
    await expect(panel(page).getByTestId('receipt-card')).toHaveCount(1);
    await expect(page.getByTestId('receipts-new-dot')).toHaveCount(0);
    // Seen stays seen.
    await tab(page, 'How Yuh Like It').click();
    await page.reload();
    await expect(tab(page, /^Receipts/)).toBeVisible();
    await expect(page.getByTestId('receipts-new-dot')).toHaveCount(0);

    // Downloaded and read back.
    await tab(page, /^Receipts/).click();
    const download = page.waitForEvent('download');
    await panel(page).getByRole('button', { name: `Download REC-${n}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`REC-${n}.txt`);
    const text = await readFile((await file.path())!, 'utf8');
    expect(text).toContain('Item: Carnival Monday Costume');
    expect(text).toContain('Balance Owed: $200.00');
    expect(text).toMatch(/Contact us at \S+@\S+\./);
  });

  test('an admin\'s status change reaches Forms Status live', async ({ page, server }) => {
    const account = await createAccount(server, 'dash-live');
    const { id, title } = await memberSubmission(server, account);
    await signInOverApi(page, account, '/dashboard?tab=forms');
    const item = panel(page).getByTestId('submission-card');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(title);
    await expect(item.getByTestId('submission-status')).toHaveText('Pending');
    await expect(item.getByTestId('submission-message')).toHaveText(statusMessage('pending'));

    const adminToken = await tokenFor(server, DEMO.admin);
    await expect(async () => {
      // The server copies the submission to the admins first (fan-in): until then, 404.
      const res = await fetch(`${server.url}/api/functions/form-status-notification`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ submissionId: id, status: 'completed' }),
      });
      expect(res.status).toBe(200);
    }).toPass({ timeout: 20_000 });
    // No reload: the live sync brings the server's update.
    await expect(item.getByTestId('submission-status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(item.getByTestId('submission-message')).toHaveText(statusMessage('completed'));
  });

  test('after sign-out nothing of the dashboard stays on the device', async ({ page, server }) => {
    const account = await createAccount(server, 'dash-out');
    await memberSubmission(server, account);
    await signInOverApi(page, account, '/dashboard?tab=forms');
    await expect(panel(page).getByTestId('submission-card')).toHaveCount(1);
    await expect(syncStatus(page)).toContainText('All synced', { timeout: 30_000 });
    expect((await idbNames(page)).filter((n) => n.includes(account.userId)).length).toBeGreaterThan(0);
    // Fete Nation keeps its first cards for a fast reload: members' names, which must go too.
    await page.goto('/fete-nation');
    await expect(page.getByTestId('member-count')).toBeVisible();
    await expect
      .poll(() => page.evaluate((id) => Object.keys(localStorage).filter((k) => k.includes(id) && k.endsWith('directory-first-page')).length, account.userId))
      .toBe(1);

    await profileButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(profileButton(page)).toHaveCount(0);
    await expect.poll(async () => (await idbNames(page)).filter((n) => n.includes(account.userId))).toEqual([]);
    const stored = await page.evaluate(() => {
      const values: string[] = [];
      for (const s of [localStorage, sessionStorage]) for (let i = 0; i < s.length; i++) values.push(`${s.key(i)}=${s.getItem(s.key(i)!)}`);
      return values.join('\n');
    });
    expect(stored).not.toContain(account.userId);
    expect(stored).not.toContain('Soca Shuttle');
    expect(stored).not.toContain(account.email);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      return urls;
    });
    expect(cached.filter((u) => u.includes('/db/') || u.includes('/api/'))).toEqual([]);

    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-signin')).toHaveText(SIGN_IN_TEXT);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewportSize: { width: 375, height: 800 } });

  test('the card and tabs fit and pass axe', async ({ page, server }) => {
    const number = memberNumber(await userIdOf(server, DEMO.member));
    await signInOverApi(page, DEMO.member, '/dashboard');
    await expect(page.getByTestId('member-number')).toHaveText(number);
    await expect(page.getByTestId('member-number')).toBeInViewport();
    expect(await decodeQr(page)).toBe(number);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'dashboard, 375 px');
    await tab(page, /^Receipts/).click();
    await expect(panel(page).getByTestId('receipt-card')).toHaveCount(2);
    await expectAccessible(page, 'dashboard receipts, 375 px');
  });
});
