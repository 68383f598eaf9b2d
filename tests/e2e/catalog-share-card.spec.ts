// Share cards on the production build (ADR 009): a demo event's page carries its OpenGraph card
// in the HTML the server sends, and the same URL still opens the app. A first visit draws the
// event page and the home page's hero from what the page carries (ADR 059), and paints the page's
// top before any script has run (ADR 060).
import { expect, expectAccessible, test } from './support/fixtures.ts';

interface CatalogRow {
  doc?: { _id: string; type?: string; title?: string; active?: boolean; order?: number; image_url?: string };
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

function metaContent(html: string, key: string): string | undefined {
  const head = html.slice(0, html.search(/<\/head>/i));
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const attrs = new Map([...tag.matchAll(/([a-z][\w:-]*)="([^"]*)"/gi)].map((m) => [(m[1] as string).toLowerCase(), decode(m[2] as string)]));
    if ((attrs.get('property') ?? attrs.get('name')) === key) return attrs.get('content');
  }
  return undefined;
}

/** How the server's preview went (ADR 060): the app drew the page, or the wait ran out. */
async function handover(page: import('@playwright/test').Page): Promise<string | undefined> {
  return page.evaluate(() => (performance.getEntriesByName('fete:first-screen-handover')[0] as PerformanceMark | undefined)?.detail?.by as string | undefined);
}

// What a link preview and a first visit get: the page from the server, not the installed app's shell.
test.use({ freshProfile: true });

test('a demo event page carries its share card and still opens the app', async ({ page, server }) => {
  const list = await page.request.get(
    `${server.url}/db/catalog/_all_docs?startkey=${encodeURIComponent('"event:"')}&endkey=${encodeURIComponent('"event:\ufff0"')}&include_docs=true&limit=5`,
  );
  expect(list.status()).toBe(200);
  const rows = ((await list.json()) as { rows: CatalogRow[] }).rows;
  const event = rows.map((r) => r.doc).find((d) => d?.type === 'event' && d.active === true && d.title);
  expect(event, 'an active demo event').toBeTruthy();
  const id = event!._id.slice('event:'.length);
  const url = `${server.url}/events/${encodeURIComponent(id)}`;

  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const html = await res.text();
  expect(metaContent(html, 'og:title')).toBe(event!.title);
  expect(metaContent(html, 'og:url')).toBe(url);
  expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  const image = metaContent(html, 'og:image');
  expect(image).toMatch(/^https?:\/\//);
  const picture = await page.request.get(image!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toMatch(/^image\//);
  // The built shell: its scripts are still there.
  expect(html).toMatch(/<script type="module"[^>]*src="\/assets\//);

  const missing = await page.request.get(`${server.url}/events/no-such-event`);
  expect(missing.status()).toBe(404);
  expect(metaContent(await missing.text(), 'og:title')).toBeUndefined();

  await page.goto(url);
  await expect(page.locator('#main')).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', event!.title!);
});

test('a first visit draws the event from the page itself while the catalogue pull is held (ADR 059)', async ({ page, server }) => {
  const list = await page.request.get(
    `${server.url}/db/catalog/_all_docs?startkey=${encodeURIComponent('"event:"')}&endkey=${encodeURIComponent('"event:\ufff0"')}&include_docs=true&limit=5`,
  );
  const rows = ((await list.json()) as { rows: CatalogRow[] }).rows;
  const event = rows.map((r) => r.doc).find((d) => d?.type === 'event' && d.active === true && d.title);
  expect(event, 'an active demo event').toBeTruthy();
  const id = event!._id.slice('event:'.length);

  // Nothing of the catalogue's replication answers: only the page's own document can draw it.
  let held = 0;
  await page.route(/\/db\/catalog\/(_changes|_bulk_get|_all_docs)/, () => {
    held++;
  });
  await page.goto(`${server.url}/events/${encodeURIComponent(id)}`);
  // The server's preview goes once the app has drawn the event itself (ADR 060).
  await expect(page.locator('#first-screen')).toHaveCount(0);
  expect(await handover(page)).toBe('drawn');
  await expect(page.locator('#root').getByRole('heading', { level: 1, name: event!.title! })).toBeVisible();
  // The heading may well be drawn before the pull's first request leaves: that is the point.
  await expect.poll(() => held, { message: 'the pull was asked for, and held' }).toBeGreaterThan(0);
  // The page's block was read and removed: another screen never sees it.
  expect(await page.locator('#fete-first-docs').count()).toBe(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a first visit draws the home page\'s hero from the page itself while the catalogue pull is held (ADR 059)', async ({ page, server }) => {
  const list = await page.request.get(
    `${server.url}/db/catalog/_all_docs?startkey=${encodeURIComponent('"hero_slide:"')}&endkey=${encodeURIComponent('"hero_slide:\ufff0"')}&include_docs=true`,
  );
  const slides = ((await list.json()) as { rows: CatalogRow[] }).rows
    .flatMap((r) => (r.doc?.active === true && r.doc.image_url && r.doc.title ? [r.doc] : []))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || (a._id < b._id ? -1 : 1));
  expect(slides.length, 'active demo hero slides with pictures').toBeGreaterThan(0);

  let held = 0;
  await page.route(/\/db\/catalog\/(_changes|_bulk_get|_all_docs)/, () => {
    held++;
  });
  await page.goto(`${server.url}/`);
  // The catalogue's slides, not the ones the app ships for an empty catalogue.
  await expect(page.locator('#first-screen')).toHaveCount(0);
  expect(await handover(page)).toBe('drawn');
  await expect(page.locator('#root .hero__title').first()).toHaveText(slides[0]!.title!);
  await expect.poll(() => held, { message: 'the pull was asked for, and held' }).toBeGreaterThan(0);
  expect(await page.locator('#fete-first-docs').count()).toBe(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a first visit paints the event before any script runs, and the app takes over without a shift (ADR 060)', async ({ page, server }) => {
  const list = await page.request.get(
    `${server.url}/db/catalog/_all_docs?startkey=${encodeURIComponent('"event:"')}&endkey=${encodeURIComponent('"event:\ufff0"')}&include_docs=true&limit=5`,
  );
  const rows = ((await list.json()) as { rows: CatalogRow[] }).rows;
  const event = rows.map((r) => r.doc).find((d) => d?.type === 'event' && d.active === true && d.title && d.image_url);
  expect(event, 'an active demo event with a picture').toBeTruthy();
  const url = `${server.url}/events/${encodeURIComponent(event!._id.slice('event:'.length))}`;

  // No script of the app's runs: what shows is the page the server sent.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(url);
  const preview = page.locator('#first-screen');
  await expect(preview.getByRole('heading', { level: 1, name: event!.title! })).toBeVisible();
  const picture = preview.locator('.detail__hero img');
  await expect(picture).toHaveAttribute('alt', event!.title!);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(preview.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  await expect(preview.locator('.detail__back')).toHaveAttribute('href', /^\/fete-(guide|travel)$/);
  expect(await page.locator('#root').innerHTML()).toBe('');
  // The preview is the page for whoever's scripts have not run: it holds to the same checks.
  await expectAccessible(page, 'the event page before its scripts');

  // With its scripts, the app draws the same page beneath and the preview goes.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto(url);
  await expect(preview).toHaveCount(0);
  expect(await handover(page)).toBe('drawn');
  const root = page.locator('#root');
  await expect(root.getByRole('heading', { level: 1, name: event!.title! })).toBeVisible();
  await expect(root).not.toHaveAttribute('inert');
  await expect(root).not.toHaveAttribute('aria-hidden');
  // Nothing moved when it went: the layout beneath never changed.
  const shifts = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 200);
      }),
  );
  expect(shifts).toBeLessThan(0.1);
  // The keyboard starts on the app's own page.
  await page.keyboard.press('Tab');
  await expect(page.locator('.skip-link')).toBeFocused();
});

const LISTS = [
  { path: '/fete-guide', title: 'Fete Guide', card: 'event-card', link: /^\/events\/[^/]+$/, search: 'Search events', ready: 'event-count' },
  { path: '/fete-destinations', title: 'Fete Band', card: 'band-card', link: /^\/bands\/[^/]+$/, search: 'Search bands', ready: 'band-count' },
  { path: '/fete-eats', title: 'Fete Eats', card: 'restaurant-card', link: /^\/restaurants\/[^/]+$/, search: 'Search restaurants', ready: null },
  { path: '/fete-faces', title: 'Fete Faces', card: 'provider-card', link: /^\/fete-faces\/[^/]+$/, search: 'Search providers', ready: 'faces-count' },
] as const;

for (const list of LISTS) {
  test(`a first visit paints ${list.title}'s first cards before any script runs, and the app takes over where they were (ADR 060)`, async ({ page, server }) => {
    // A phone's screen: where a shared link is opened on a carnival signal.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${server.url}${list.path}`);
    const preview = page.locator('#first-screen');
    await expect(preview.getByRole('heading', { level: 1, name: list.title })).toBeVisible();
    const cards = preview.locator('main li > article.card');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.first().locator('.card__link')).toHaveAttribute('href', list.link);
    const first = cards.first().locator('img');
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Its search and filters are shapes, not fields that would drop what is typed.
    expect(await preview.locator('input, select, textarea, button').count()).toBe(0);
    await expectAccessible(page, `${list.title} before its scripts`);
    const links = (scope: import('@playwright/test').Locator) =>
      scope.locator('main li > article .card__link').evaluateAll((all) => all.map((a) => ({ href: a.getAttribute('href'), x: Math.round(a.getBoundingClientRect().x), y: Math.round(a.getBoundingClientRect().y) })));
    const previewCards = await links(preview);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${server.url}${list.path}`);
    await expect(preview).toHaveCount(0);
    expect(await handover(page)).toBe('drawn');
    const root = page.locator('#root');
    await expect(root.getByTestId(list.card).first()).toBeVisible();
    await expect(root.getByRole('searchbox', { name: list.search }).or(root.getByLabel(list.search))).toBeVisible();
    // The app's first cards are where the preview drew them: the same cards, at the same places.
    if (list.ready) await expect(root.getByTestId(list.ready)).toHaveText(/^Showing \d+/);
    const appCards = (await links(root)).slice(0, previewCards.length);
    expect(appCards).toEqual(previewCards);
  });
}
