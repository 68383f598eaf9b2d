// Home: the hero slideshow (timer with wrap, arrows, dots, swipes by mouse and by touch, pause,
// holding still while hovered or focused, mobile pictures, fallback slides when pictures fail),
// the featured rows, ads by position, and the sign-up call to action for visitors only.
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { catalogDocs, idOf, isOver, putCatalogDoc, waitForCatalog } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { signInOverApi, syncStatus } from './shell-support.ts';
import { waitForServiceWorker } from './pwa-support.ts';

// The home page's motion is what these tests check: the slideshow, the partner strip, the rows.
test.use({ motion: 'no-preference' });

const INTERVAL = 5000;
const TRAVEL = ['Festival', 'Carnival', 'Cruise'];

// ---------- reading what to expect from the server ----------

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
/** Missing values sort last, as the repositories do. */
const cmp = (a: unknown, b: unknown): number => {
  const x = str(a);
  const y = str(b);
  if (x === y) return 0;
  if (!x) return 1;
  if (!y) return -1;
  return x < y ? -1 : 1;
};

async function heroTitles(server: E2eServer): Promise<string[]> {
  const slides = (await catalogDocs(server, 'hero_slide')).filter((s) => s.active === true).sort((a, b) => num(a.order) - num(b.order));
  return slides.map((s) => str(s.title));
}

/** Active featured ids of one type, in featured order. */
async function featuredIds(server: E2eServer, itemType: string): Promise<string[]> {
  return (await catalogDocs(server, 'featured'))
    .filter((f) => f.item_type === itemType && f.active !== false)
    .sort((a, b) => num(a.order) - num(b.order))
    .map((f) => str(f.item_id));
}

const byDate = (a: Doc, b: Doc) => cmp(a.date, b.date) || cmp(a.start_time, b.start_time);

/** Top Event Picks: category Party, active, featured, not over (ADR 017), by date, three. */
async function expectedPicks(server: E2eServer): Promise<Doc[]> {
  const ids = new Set(await featuredIds(server, 'event'));
  return (await catalogDocs(server, 'event'))
    .filter((e) => e.active === true && e.category === 'Party' && ids.has(idOf(e)) && !isOver(e))
    .sort(byDate)
    .slice(0, 3);
}

/** Top Destinations: Festival, Carnival or Cruise, active, not over, by date, three; featured or not. */
async function expectedDestinations(server: E2eServer): Promise<Doc[]> {
  return (await catalogDocs(server, 'event'))
    .filter((e) => e.active === true && TRAVEL.includes(str(e.category)) && !isOver(e))
    .sort(byDate)
    .slice(0, 3);
}

async function expectedBands(server: E2eServer): Promise<Doc[]> {
  const ids = new Set(await featuredIds(server, 'band'));
  return (await catalogDocs(server, 'band'))
    .filter((b) => b.active === true && ids.has(idOf(b)))
    .sort((a, b) => cmp(a.start_date, b.start_date) || cmp(a.name, b.name))
    .slice(0, 3);
}

/** The curated rows: featured order, active items, all of them (the spec sets no limit). */
async function expectedCurated(server: E2eServer, itemType: string, docType: string): Promise<Doc[]> {
  const docs = new Map((await catalogDocs(server, docType)).map((d) => [idOf(d), d]));
  return (await featuredIds(server, itemType)).flatMap((id) => {
    const d = docs.get(id);
    return d && d.active !== false ? [d] : [];
  });
}

async function runningAds(server: E2eServer, position: string): Promise<Doc[]> {
  const today = new Date().toISOString().slice(0, 10);
  return (await catalogDocs(server, 'ad'))
    .filter((a) => a.active === true && a.position === position)
    .filter((a) => !str(a.start_date) || str(a.start_date).slice(0, 10) <= today)
    .filter((a) => !str(a.end_date) || str(a.end_date).slice(0, 10) >= today)
    .sort((a, b) => num(a.order) - num(b.order));
}

// ---------- the hero ----------

function hero(page: Page): Locator {
  return page.getByTestId('hero');
}

function activeSlide(page: Page): Locator {
  return page.locator('[data-testid="hero-slide"][data-active]');
}

/** Slide `i` (0-based) is the one on show: its dot is current and its title is visible. */
async function expectSlide(page: Page, i: number, titles: readonly string[]): Promise<void> {
  await expect(page.getByRole('button', { name: `Go to slide ${i + 1}`, exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(activeSlide(page).getByRole('heading', { level: 2 })).toHaveText(titles[i] as string);
}

/** Stops the page's clock: from here on only runFor moves time. */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** The mouse off the hero (over the sidebar) and nothing focused: the slideshow may rotate. */
async function leaveHero(page: Page): Promise<void> {
  await page.mouse.move(20, 400);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** A point in the middle of the slides, clear of the arrows, the dots and the heading. */
async function swipePoint(page: Page): Promise<{ x: number; y: number }> {
  const box = await hero(page).boundingBox();
  if (!box) throw new Error('no hero');
  return { x: box.x + box.width / 2, y: box.y + box.height * 0.55 };
}

async function mouseSwipe(page: Page, dx: number, dy = 0): Promise<void> {
  const { x, y } = await swipePoint(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 6 });
  await page.mouse.up();
}

/** A real touch gesture through the browser's input pipeline (touchstart → move → end). */
async function touchSwipe(page: Page, dx: number): Promise<void> {
  const { x, y } = await swipePoint(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 6, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function openHome(page: Page, titles: readonly string[]): Promise<void> {
  await page.goto('/');
  await waitForCatalog(page);
  await expect(hero(page)).toHaveAttribute('data-source', 'slides');
  await expect(page.getByRole('button', { name: /^Go to slide / })).toHaveCount(titles.length);
}

test.describe('hero slideshow', () => {
  test('advances every 5 s and wraps; holds still while hovered or focused; arrows, dots and pause', async ({ page, server }) => {
    const titles = await heroTitles(server);
    expect(titles.length, 'the demo has several hero slides').toBeGreaterThanOrEqual(3);
    const n = titles.length;
    await page.clock.install();
    await openHome(page, titles);
    await expect(page.getByRole('heading', { level: 1, name: 'Fete', exact: true })).toBeVisible();
    await pauseClock(page);

    // A dot: the mouse is over the hero and the dot has focus, so it holds still.
    await page.getByRole('button', { name: 'Go to slide 1', exact: true }).click();
    await expectSlide(page, 0, titles);
    await expect(hero(page)).toHaveAttribute('data-state', 'paused');
    await page.clock.runFor(INTERVAL * 2);
    await expectSlide(page, 0, titles);
    // Mouse gone but focus still inside: still held.
    await page.mouse.move(20, 400);
    await page.clock.runFor(INTERVAL * 2);
    await expectSlide(page, 0, titles);

    // Nothing holds it: exactly 5 s later it moves on, then on every 5 s, wrapping to the first.
    await leaveHero(page);
    await expect(hero(page)).toHaveAttribute('data-state', 'playing');
    await page.clock.runFor(INTERVAL - 1);
    await expectSlide(page, 0, titles);
    await page.clock.runFor(1);
    await expectSlide(page, 1, titles);
    for (let i = 2; i <= n; i++) {
      await page.clock.runFor(INTERVAL);
      await expectSlide(page, i % n, titles);
    }

    // Arrows wrap both ways; dots jump; the keyboard works the same buttons.
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expectSlide(page, n - 1, titles);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(page, 0, titles);
    await page.getByRole('button', { name: 'Go to slide 3', exact: true }).click();
    await expectSlide(page, 2, titles);
    await page.getByRole('button', { name: 'Previous slide' }).focus();
    await page.keyboard.press('Enter');
    await expectSlide(page, 1, titles);

    // Pause: the timer stops even with the mouse away; Play starts it again.
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await leaveHero(page);
    await expect(hero(page)).toHaveAttribute('data-state', 'paused');
    await page.clock.runFor(INTERVAL * 3);
    await expectSlide(page, 1, titles);
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeFocused();
    // The mouse still rests on the hero: hovering alone holds it.
    await expect(hero(page)).toHaveAttribute('data-state', 'paused');
    await page.clock.runFor(INTERVAL * 2);
    await expectSlide(page, 1, titles);
    // Focus on the play button does not hold it: that button is how you start it.
    await page.mouse.move(20, 400);
    await expect(hero(page)).toHaveAttribute('data-state', 'playing');
    await page.clock.runFor(INTERVAL);
    await expectSlide(page, 2, titles);
  });

  test('a mouse swipe of more than 50 px moves it, 40 px or a vertical drag does not', async ({ page, server }) => {
    const titles = await heroTitles(server);
    const n = titles.length;
    await page.clock.install();
    await openHome(page, titles);
    await pauseClock(page);
    await page.getByRole('button', { name: 'Go to slide 1', exact: true }).click();
    await expectSlide(page, 0, titles);

    await mouseSwipe(page, -40);
    await expectSlide(page, 0, titles);
    await mouseSwipe(page, -60);
    await expectSlide(page, 1, titles);
    await mouseSwipe(page, 60);
    await expectSlide(page, 0, titles);
    await mouseSwipe(page, 60);
    await expectSlide(page, n - 1, titles);
    // Mainly vertical: that is scrolling, not a swipe.
    await mouseSwipe(page, -60, 120);
    await expectSlide(page, n - 1, titles);
  });
});

test.describe('on a phone', () => {
  test.use({ viewportSize: { width: 375, height: 812 } });

  test('a touch swipe moves the hero, and the mobile picture is used', async ({ page, server }) => {
    const titles = await heroTitles(server);
    const slides = (await catalogDocs(server, 'hero_slide')).filter((s) => s.active === true).sort((a, b) => num(a.order) - num(b.order));
    await page.clock.install();
    await openHome(page, titles);
    await pauseClock(page);
    await expectSlide(page, 0, titles);

    const mobile = str(slides[0]?.mobile_image_url);
    expect(mobile).not.toBe('');
    await expect.poll(() => activeSlide(page).locator('img').evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(mobile);

    const pointerTypes: string[] = [];
    await page.exposeFunction('recordPointer', (t: string) => pointerTypes.push(t));
    await page.evaluate(() => document.addEventListener('pointerdown', (e) => (window as unknown as { recordPointer(t: string): void }).recordPointer(e.pointerType), true));

    await touchSwipe(page, -40);
    await expectSlide(page, 0, titles);
    await touchSwipe(page, -80);
    await expectSlide(page, 1, titles);
    await touchSwipe(page, 80);
    await expectSlide(page, 0, titles);
    expect(pointerTypes.length).toBeGreaterThan(0);
    expect(new Set(pointerTypes)).toEqual(new Set(['touch']));
    // Axe waits on timers of its own.
    await page.clock.resume();
    await expectAccessible(page, 'home on a phone');
  });
});

// The pictures' failures are made by routing the page's requests: with a service worker already in
// control (a warm profile) the pictures come through it, out of the route's reach. So these two
// start as a first visit does.
test.describe('on a phone whose mobile pictures fail', () => {
  test.use({ viewportSize: { width: 375, height: 812 }, freshProfile: true });

  test('the wide picture stands in for a mobile one that fails', async ({ page, context, server }) => {
    const first = (await catalogDocs(server, 'hero_slide')).filter((s) => s.active === true).sort((a, b) => num(a.order) - num(b.order))[0];
    const wide = str(first?.image_url);
    expect(wide).not.toBe('');
    await context.route(/\/uploads\/events-images\/.*hero-[^/]*-mobile\.webp$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await waitForCatalog(page);
    await expect(hero(page)).toHaveAttribute('data-source', 'slides');
    // Loaded, and it is the wide one.
    const shownSrc = () => activeSlide(page).locator('img').evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : ''));
    await expect.poll(async () => (await shownSrc()).endsWith(`/${wide}`)).toBe(true);
  });
});

test.describe('when the pictures fail', () => {
  test.use({ freshProfile: true });

  test('the fallback slides show when the slides’ pictures fail to load', async ({ page, context, server }) => {
    const titles = await heroTitles(server);
    await context.route(/\/uploads\/events-images\/.*hero-[^/]*$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await waitForCatalog(page);
    await expect(hero(page)).toHaveAttribute('data-source', 'images-failed');
    await expect(activeSlide(page).getByRole('heading', { level: 2 })).toHaveText('Welcome to Fete');
    await expect(page.getByRole('button', { name: /^Go to slide / })).toHaveCount(3);
    await expect(activeSlide(page).locator('img')).toHaveCount(0);
    for (const t of titles) await expect(hero(page).getByText(t, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Fete', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(activeSlide(page).getByRole('heading', { level: 2 })).toHaveText('Find Your Next Fete');
    await expectAccessible(page, 'home with fallback slides');

    // Slides cross-fade, except for people who ask for less motion.
    const fade = () => activeSlide(page).evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(await fade()).not.toBe('0s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(fade).toBe('0s');
  });
});

// ---------- rows, ads and the call to action ----------

async function expectRow(page: Page, testId: string, title: string, seeAll: string, cards: Array<{ name: string; href?: string }>): Promise<Locator> {
  const row = page.getByTestId(testId);
  if (cards.length === 0) {
    await expect(row).toHaveCount(0);
    return row;
  }
  await expect(row.getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(row.getByRole('link', { name: /^See all/ })).toHaveAttribute('href', seeAll);
  await expect(row.getByRole('heading', { level: 3 })).toHaveText(cards.map((c) => c.name));
  const hrefs = cards.flatMap((c) => (c.href ? [c.href] : []));
  if (hrefs.length > 0) await expect.poll(() => row.locator('a.card__link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(hrefs);
  return row;
}

test('the rows show the featured items in order, the ads run by position, and visitors get the call to action', async ({ page, server }) => {
  await page.goto('/');
  await waitForCatalog(page);

  const bands = await expectedBands(server);
  expect(bands.length).toBeGreaterThan(0);
  await expectRow(page, 'row-bands', 'Top Carnival Bands', '/fete-destinations', bands.map((b) => ({ name: str(b.name), href: `/bands/${idOf(b)}` })));

  const picks = await expectedPicks(server);
  expect(picks.length).toBeGreaterThan(0);
  await expectRow(page, 'row-picks', 'Top Event Picks', '/fete-guide', picks.map((e) => ({ name: str(e.title), href: `/events/${idOf(e)}` })));

  const destinations = await expectedDestinations(server);
  await expectRow(page, 'row-destinations', 'Top Destinations', '/fete-travel', destinations.map((e) => ({ name: str(e.title), href: `/events/${idOf(e)}` })));

  const products = await expectedCurated(server, 'marqet', 'product');
  expect(products.length).toBeGreaterThan(0);
  const productRow = await expectRow(page, 'row-products', 'Fete Marqet Picks', '/fete-marqet', products.map((p) => ({ name: str(p.name) })));
  const shop = productRow.getByRole('link', { name: /^Shop Now/ });
  await expect(shop).toHaveCount(products.length);
  for (const [i, p] of products.entries()) {
    await expect(shop.nth(i)).toHaveAttribute('href', new URL(str(p.external_url)).href);
    await expect(shop.nth(i)).toHaveAttribute('target', '_blank');
    await expect(productRow.locator('.home-card').nth(i)).toContainText(`$${num(p.price).toFixed(2)}`);
  }

  const restaurants = await expectedCurated(server, 'restaurant', 'restaurant');
  await expectRow(page, 'row-restaurants', 'Fete Eats', '/fete-eats', restaurants.map((r) => ({ name: str(r.name), href: `/restaurants/${idOf(r)}` })));
  const providers = await expectedCurated(server, 'face', 'provider');
  await expectRow(page, 'row-providers', 'Fete Faces', '/fete-faces', providers.map((p) => ({ name: `${str(p.first_name)} ${str(p.last_name)}`, href: `/fete-faces/${idOf(p)}` })));

  // Ads: each position's running ads, in order, linking out in a new tab.
  let adCount = 0;
  for (const position of ['home_top', 'home_middle', 'home_bottom']) {
    const ads = await runningAds(server, position);
    adCount += ads.length;
    const slot = page.getByTestId(`ads-${position}`);
    if (ads.length === 0) {
      await expect(slot).toHaveCount(0);
      continue;
    }
    await expect(slot.locator('.home-ad__title')).toHaveText(ads.map((a) => str(a.title)));
    const first = slot.getByRole('link').first();
    await expect(first).toHaveAttribute('href', new URL(str(ads[0]?.link_url)).href);
    await expect(first).toHaveAttribute('target', '_blank');
  }
  expect(adCount, 'the demo runs ads').toBeGreaterThan(0);
  // They sit between the rows: the top ad before the bands, the middle one after the event rows.
  const order = await page.locator('[data-testid^="row-"], [data-testid^="ads-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(order.indexOf('ads-home_top')).toBeLessThan(order.indexOf('row-bands'));
  expect(order.indexOf('ads-home_middle')).toBeGreaterThan(order.indexOf('row-picks'));
  expect(order.indexOf('ads-home_middle')).toBeLessThan(order.indexOf('row-products'));

  const cta = page.getByRole('link', { name: 'Become a Traveller', exact: true });
  await expect(cta).toBeVisible();
  await expect(cta).toHaveAttribute('href', '/signup');
  await expectAccessible(page, 'home, visitor');

  await page.getByTestId('row-bands').getByRole('link', { name: str(bands[0]?.name), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/bands/${idOf(bands[0] as Doc)}$`));
  await page.goBack();
  await cta.click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('Top Destinations are the head of Fete Travel: its first three, featured or not', async ({ page, server }) => {
  const expected = await expectedDestinations(server);
  expect(expected).toHaveLength(3);
  await page.goto('/');
  await waitForCatalog(page);
  await expectRow(page, 'row-destinations', 'Top Destinations', '/fete-travel', expected.map((e) => ({ name: str(e.title), href: `/events/${idOf(e)}` })));
  // The same three open the list behind "See all".
  await page.getByTestId('row-destinations').getByRole('link', { name: /^See all/ }).click();
  await expect(page).toHaveURL(/\/fete-travel$/);
  await expect.poll(() => page.getByTestId('event-card').locator('.card__title').allTextContents().then((t) => t.slice(0, 3))).toEqual(expected.map((e) => str(e.title)));
});

test('a Concert the admin features stays out of Top Event Picks, which take Party events only', async ({ page, server }) => {
  const featured = new Set(await featuredIds(server, 'event'));
  const concert = (await catalogDocs(server, 'event'))
    .filter((e) => e.active === true && e.category === 'Concert' && !isOver(e) && !featured.has(idOf(e)))
    .sort(byDate)[0];
  expect(concert, 'an upcoming demo Concert that is not featured').toBeTruthy();
  // Order 0: first in featured order too, so nothing but its category keeps it out.
  const remove = await putCatalogDoc(server, {
    _id: `featured:event:${idOf(concert!)}`,
    type: 'featured',
    item_type: 'event',
    item_id: idOf(concert!),
    order: 0,
    active: true,
    created_at: new Date().toISOString(),
  });
  try {
    const picks = await expectedPicks(server);
    expect(picks.length).toBeGreaterThan(0);
    await page.goto('/');
    await waitForCatalog(page);
    await expectRow(page, 'row-picks', 'Top Event Picks', '/fete-guide', picks.map((e) => ({ name: str(e.title), href: `/events/${idOf(e)}` })));
    await expect(page.getByTestId('row-picks').getByRole('heading', { level: 3, name: str(concert!.title) })).toHaveCount(0);
  } finally {
    await remove();
  }
});

test('a signed-in member sees no call to action', async ({ page }) => {
  await signInOverApi(page, DEMO.member, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete', exact: true })).toBeVisible();
  await expect(page.getByTestId('row-bands')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a Traveller', exact: true })).toHaveCount(0);
});

test('home opens offline from what is on the device', async ({ page, context, server }) => {
  const bands = (await expectedBands(server)).map((b) => str(b.name));
  await page.goto('/');
  await waitForServiceWorker(page);
  await waitForCatalog(page);
  const bandTitles = page.getByTestId('row-bands').getByRole('heading', { level: 3 });
  await expect(bandTitles).toHaveText(bands);

  await context.setOffline(true);
  await page.reload();
  await expect(syncStatus(page)).toHaveAttribute('data-state', 'offline');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete', exact: true })).toBeVisible();
  await expect(bandTitles).toHaveText(bands);
  // The slides (or, if their pictures were never cached, the fallback ones) still show.
  await expect(hero(page)).toHaveAttribute('data-source', /^(slides|images-failed)$/);
  await expect(activeSlide(page).getByRole('heading', { level: 2 })).toBeVisible();
  await context.setOffline(false);
});

test('the partner strip writes each partner’s name out at a readable size, linked to its site', async ({ page, server }) => {
  const partners = (await catalogDocs(server, 'partner')).filter((p) => p.active !== false);
  expect(partners.length).toBeGreaterThan(0);
  await page.goto('/');
  const strip = page.getByTestId('partner-strip');
  await strip.scrollIntoViewIfNeeded();
  await strip.getByRole('button', { name: 'Pause partner logos' }).click();
  for (const p of partners) {
    const name = strip.locator('li:not([aria-hidden]) .partner-strip__name', { hasText: String(p.name) }).first();
    await expect(name).toBeVisible();
    const px = await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(px, `font size of ${String(p.name)}`).toBeGreaterThanOrEqual(16);
    const escaped = String(p.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (p.website_url) await expect(strip.getByRole('link', { name: new RegExp(`^${escaped}`) }).first()).toHaveAttribute('href', String(p.website_url));
  }
});

test.describe('the partner strip, for someone who asked for less motion, on a phone', () => {
  test.use({ motion: 'reduce', viewportSize: { width: 375, height: 800 } });

  test('stands still, shows each partner once within the width, and the page does not scroll sideways', async ({ page, server }) => {
    const partners = (await catalogDocs(server, 'partner')).filter((p) => p.active !== false);
    expect(partners.length, 'more partners than fit a phone on one line').toBeGreaterThan(2);
    await page.goto('/');
    const strip = page.getByTestId('partner-strip');
    await strip.scrollIntoViewIfNeeded();
    await expect(strip.getByRole('button', { name: 'Pause partner logos' })).toBeHidden();
    const track = strip.locator('.partner-strip__track');
    await expect(track).toHaveCSS('animation-name', 'none');
    const shown = track.locator('li:visible');
    await expect(shown).toHaveCount(partners.length);
    // Every partner on the page, none cut off at the side: no scrolling region to reach them by.
    for (const box of await shown.evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(375);
    }
    // The strip's links hide words for screen readers off to the side: none may widen the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'home, less motion, 375 px');
  });
});

const ROWS = ['row-bands', 'row-picks', 'row-destinations', 'row-products', 'row-restaurants', 'row-providers'];

test.describe('the home rows on a phone (390 px)', () => {
  test.use({ viewportSize: { width: 390, height: 844 } });

  test('each row is a swipeable line of snapping cards, reached card by card with Tab, and the page stays short', async ({ page }) => {
    await page.goto('/');
    await waitForCatalog(page);
    await expect(page.getByTestId('row-bands').getByRole('listitem').first()).toBeVisible();
    for (const id of ROWS) {
      const grid = page.getByTestId(id).getByRole('list');
      if ((await grid.count()) === 0) continue;
      const shape = await grid.evaluate((el) => {
        const s = getComputedStyle(el);
        return { snap: s.scrollSnapType, overflow: s.overflowX, items: el.children.length, scrolls: el.scrollWidth > el.clientWidth };
      });
      expect(shape.snap, id).toContain('x');
      expect(shape.overflow, id).toBe('auto');
      if (shape.items > 1) expect(shape.scrolls, `${id} holds more than one screen of cards`).toBe(true);
    }
    const page390 = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth }));
    // It was about 11,600 px with every row one column; nothing spills sideways.
    expect(page390.height).toBeLessThan(7000);
    expect(page390.width).toBeLessThanOrEqual(390);

    // Keyboard: tabbing along a row brings each card into view.
    const bands = page.getByTestId('row-bands').getByRole('list');
    const links = bands.getByRole('link');
    await links.first().focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toBeInViewport();
    // The row scrolls smoothly to the focused card: wait for it to move.
    await expect.poll(() => bands.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectAccessible(page, 'home at 390 px');
  });
});

test('on a laptop the home rows stay grids', async ({ page }) => {
  await page.goto('/');
  await waitForCatalog(page);
  const grid = page.getByTestId('row-bands').getByRole('list');
  await expect(grid).toBeVisible();
  expect(await grid.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
});
