// Fete Packages and Fete Rides. Visitors get the Members Only panel (and come
// back after signing in); members get the active items by order, coloured by their data, each
// button following the three-way rule, readable offline. Tests that change the members database
// run one after another, and put it back.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { idOf } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { activeByOrder, deactivateAll, putMembersDoc } from './packages-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';
import { profileButton, signInOverApi } from './shell-support.ts';

test.describe.configure({ mode: 'serial' });

const PAGES = [
  { type: 'package', path: '/fete-packages', h1: 'Fete Packages', button: 'Book Your Package', signIn: 'You need to be signed in to access Fete Packages.' },
  { type: 'ride', path: '/fete-rides', h1: 'Fete Rides', button: 'Book Your Ride', signIn: 'You need to be signed in to access Fete Rides.' },
] as const;

const cards = (page: Page, type: string) => page.getByTestId(`${type}-card`);
const cardTitled = (page: Page, type: string, title: string) => cards(page, type).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function expectGrid(page: Page, type: 'package' | 'ride', docs: Doc[]): Promise<void> {
  await expect(cards(page, type).getByRole('heading', { level: 2 })).toHaveText(docs.map((d) => String(d.title)));
}

test('visitors see the Members Only panels and come back to the page after signing in', async ({ page }) => {
  for (const p of PAGES) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.h1 })).toBeVisible();
    const panel = page.getByTestId('members-only');
    await expect(panel.getByRole('heading', { name: 'Members Only' })).toBeVisible();
    await expect(panel.getByText(p.signIn, { exact: true })).toBeVisible();
    await expect(cards(page, p.type)).toHaveCount(0);
    await expectAccessible(page, `${p.path} signed out`);
  }

  await page.getByTestId('members-only').getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email', { exact: true }).fill(DEMO.member.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(profileButton(page)).toBeVisible();
  await expect(page).toHaveURL(/\/fete-rides$/);
  await expect(page.getByTestId('members-only')).toHaveCount(0);
  await expect(cards(page, 'ride').first()).toBeVisible();
});

test('members see the active packages and rides by order, coloured by their data', async ({ page, server }) => {
  const packages = await activeByOrder(server, 'package');
  const rides = await activeByOrder(server, 'ride');
  expect(packages.length).toBeGreaterThan(1);
  expect(rides.length).toBeGreaterThan(1);

  await signInOverApi(page, DEMO.member, '/fete-packages');
  await expectGrid(page, 'package', packages);
  const first = packages[0] as Doc;
  const firstCard = cardTitled(page, 'package', String(first.title));
  await expect(firstCard.getByText(String(first.subtitle), { exact: true })).toBeVisible();
  await expect(firstCard.getByText(String(first.description), { exact: true })).toBeVisible();
  await expect(cards(page, 'package').getByRole('link', { name: 'Book Your Package' })).toHaveCount(packages.length);
  // The demo presets paint a gradient; Amber and Yellow carry black text, the others white.
  for (const doc of packages) {
    const card = cardTitled(page, 'package', String(doc.title));
    await expect(card).toHaveCSS('background-image', /linear-gradient/);
    await expect(card).toHaveCSS('color', doc.textcolor === 'text-black' ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)');
  }

  await page.goto('/fete-rides');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Rides' })).toBeVisible();
  await expectGrid(page, 'ride', rides);
  await expect(cards(page, 'ride').getByRole('link', { name: 'Book Your Ride' })).toHaveCount(rides.length);
});

test('each button follows the three-way rule, and a bad colour does not break a card', async ({ page, context, server }) => {
  const rides = await activeByOrder(server, 'ride');
  const last = Number((rides.at(-1) as Doc).order ?? 0);
  const external = { _id: 'ride:e2e-external', type: 'ride', title: 'E2E Shuttle Abroad', subtitle: 'Booked elsewhere', description: 'An outside booking page.', buttonlink: 'https://rides.example.com/book', bgcolor: 'from-blue-500 to-blue-700', textcolor: 'text-white', order: last + 1, active: true };
  const noLink = { _id: 'ride:e2e-nolink', type: 'ride', title: 'E2E Bad Colours', subtitle: 'No link at all', description: 'Colours that are not colours.', buttonlink: null, bgcolor: 'red; background: url(https://evil.example.com)', textcolor: 'not-a-colour', order: last + 2, active: true };
  const inApp = { _id: 'ride:e2e-inapp', type: 'ride', title: 'E2E In App', subtitle: 'A form of another ride', description: 'Goes to a form link.', buttonlink: '/form/ride/e2e-other', bgcolor: '#1d4ed8', textcolor: '#ffffff', order: last + 3, active: true };
  const inactive = { ...external, _id: 'ride:e2e-inactive', title: 'E2E Hidden Ride', active: false };
  const cleanups = await Promise.all([external, noLink, inApp, inactive].map((d) => putMembersDoc(server, d)));
  try {
    await context.route('https://rides.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Outside</title>ok' }));
    await signInOverApi(page, DEMO.member, '/fete-rides');
    await expectGrid(page, 'ride', [...rides, external, noLink, inApp] as Doc[]);
    await expect(cardTitled(page, 'ride', inactive.title)).toHaveCount(0);

    // A bad colour falls back to the rides' default (red preset, white text); the card still shows.
    const bad = cardTitled(page, 'ride', noLink.title);
    await expect(bad).toHaveCSS('background-image', /linear-gradient\(135deg, rgb\(239, 68, 68\), rgb\(185, 28, 28\)\)/);
    await expect(bad).toHaveCSS('color', 'rgb(255, 255, 255)');

    // Another link: a new tab, without opener or referrer.
    const out = cardTitled(page, 'ride', external.title).getByRole('link', { name: /Book Your Ride/ });
    await expect(out).toHaveAttribute('href', external.buttonlink);
    await expect(out).toHaveAttribute('target', '_blank');
    await expect(out).toHaveAttribute('rel', /(?=.*noopener)(?=.*noreferrer)/);
    const [popup] = await Promise.all([context.waitForEvent('page'), out.click()]);
    await expect(popup).toHaveURL(external.buttonlink);
    await popup.close();
    await expect(page).toHaveURL(/\/fete-rides$/);

    // A /form/ link navigates in the app: no page load (a marker on window survives).
    await page.evaluate(() => ((window as unknown as { feteMarker: number }).feteMarker = 1));
    await cardTitled(page, 'ride', inApp.title).getByRole('link', { name: 'Book Your Ride' }).click();
    await expect(page).toHaveURL(/\/form\/ride\/e2e-other$/);
    expect(await page.evaluate(() => (window as unknown as { feteMarker?: number }).feteMarker)).toBe(1);

    // No link: the ride's own form, in the app too.
    await page.goBack();
    await expect(page).toHaveURL(/\/fete-rides$/);
    await cardTitled(page, 'ride', noLink.title).getByRole('link', { name: 'Book Your Ride' }).click();
    await expect(page).toHaveURL(new RegExp(`/form/ride/${idOf(noLink)}$`));
    expect(await page.evaluate(() => (window as unknown as { feteMarker?: number }).feteMarker)).toBe(1);
  } finally {
    for (const undo of cleanups) await undo();
  }
});

test('the demo packages show each rule: their form, the item’s form, an outside page', async ({ page, server }) => {
  const packages = await activeByOrder(server, 'package');
  await signInOverApi(page, DEMO.member, '/fete-packages');
  await expectGrid(page, 'package', packages);
  for (const doc of packages) {
    const link = cardTitled(page, 'package', String(doc.title)).getByRole('link', { name: /Book Your Package/ });
    const buttonlink = typeof doc.buttonlink === 'string' ? doc.buttonlink : '';
    if (buttonlink.startsWith('/form/')) {
      await expect(link).toHaveAttribute('href', buttonlink);
      await expect(link).not.toHaveAttribute('target', /./);
    } else if (buttonlink) {
      await expect(link).toHaveAttribute('href', buttonlink);
      await expect(link).toHaveAttribute('target', '_blank');
    } else {
      await expect(link).toHaveAttribute('href', `/form/package/${idOf(doc)}`);
      await expect(link).not.toHaveAttribute('target', /./);
    }
  }
  const kinds = new Set(packages.map((d) => (typeof d.buttonlink !== 'string' || !d.buttonlink ? 'none' : d.buttonlink.startsWith('/form/') ? 'form' : 'other')));
  expect([...kinds].sort()).toEqual(['form', 'none', 'other']);
});

test('with no active rides the page says so', async ({ page, server }) => {
  const restore = await deactivateAll(server, 'ride');
  try {
    await signInOverApi(page, DEMO.member, '/fete-rides');
    await expect(page.getByText('No ride packages available at the moment. Please check back later.', { exact: true })).toBeVisible();
    await expect(cards(page, 'ride')).toHaveCount(0);
  } finally {
    await restore();
  }
});

test('both grids are readable offline, after one visit', async ({ page, context, server }) => {
  const packages = await activeByOrder(server, 'package');
  const rides = await activeByOrder(server, 'ride');
  await signInOverApi(page, DEMO.member, '/fete-rides');
  await expectGrid(page, 'ride', rides);
  await waitForServiceWorker(page);

  await reloadOffline(page, context);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline');
  await expectGrid(page, 'ride', rides);
  await expect(page.getByTestId('members-only')).toHaveCount(0);

  // A page not opened online before: the shell from the service worker, the data from the device.
  await page.goto('/fete-packages');
  await expectGrid(page, 'package', packages);
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewportSize: { width, height: 800 } });
    test('the member grids pass axe', async ({ page, server }) => {
      await signInOverApi(page, DEMO.member, '/fete-packages');
      await expectGrid(page, 'package', await activeByOrder(server, 'package'));
      await expectAccessible(page, `/fete-packages at ${width} px`);
      await page.goto('/fete-rides');
      await expectGrid(page, 'ride', await activeByOrder(server, 'ride'));
      await expectAccessible(page, `/fete-rides at ${width} px`);
    });
  });
}
