// Share cards, /sitemap.xml and /robots.txt on the real server (ADR 009). The server serves a
// small shell from a temporary WEB_DIST, so the test needs no `npm run build`.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import type { Backend } from '../../sync-server/src/backend/backend.ts';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Shell description for the share-card test." />
    <title>Fete</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const EVIL = `Fete "><script>alert(1)</script> & <b>co</b>`;

const DOCS = [
  {
    _id: 'event:e1', type: 'event', title: 'Soca Sunrise', description: 'An all-night fete on the beach.', location: 'Maracas Bay',
    country: 'Trinidad and Tobago', date: '2027-02-14', image_url: 'demo/e1.webp', organizer_id: null, active: true,
    created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-12-05T10:00:00.000Z',
  },
  {
    _id: 'event:off', type: 'event', title: 'Cancelled Fete', description: 'Gone.', location: 'Nowhere', date: '2027-03-01',
    organizer_id: null, active: false,
  },
  {
    _id: 'event:evil', type: 'event', title: EVIL, description: `"/><meta http-equiv="refresh" content="0;url=https://evil.example">`,
    location: 'Here', date: '2027-03-02', image_url: `https://cdn.example/x.jpg?a="><script>`, organizer_id: null, active: true,
  },
  {
    _id: 'band:b1', type: 'band', name: 'Tribe Mas', description: 'Pretty mas on the road.', location: 'Port of Spain',
    country: 'Trinidad and Tobago', start_date: '2027-02-15', end_date: '2027-02-16', image_url: 'https://images.example/tribe.jpg',
    rating: 0, total_ratings: 0, active: true, created_at: '2026-10-10T00:00:00.000Z',
  },
  { _id: 'band:off', type: 'band', name: 'Old Band', rating: 0, total_ratings: 0, active: false },
  {
    _id: 'restaurant:r1', type: 'restaurant', name: 'Roti Hut', location: 'Tobago', description: 'Curry and roti.', cuisine: 'Caribbean',
    image_url: '', menu_items: [], photos: [], discounts: [], active: true,
  },
  {
    _id: 'provider:p1', type: 'provider', first_name: 'Ana', last_name: 'Lee', avatar_url: 'demo/ana.webp', bio: 'Glam for the road.',
    services: ['Makeup'], service_prices: {}, rating: 0, total_ratings: 0, testimonials: [], location: 'Bridgetown', active: true,
  },
  {
    _id: 'provider:off', type: 'provider', first_name: 'Gone', last_name: 'Away', services: [], service_prices: {}, rating: 0,
    total_ratings: 0, testimonials: [], active: false,
  },
  { _id: 'hero_slide:h2', type: 'hero_slide', title: 'Second Slide', order: 2, image_url: 'demo/site/h2.webp', active: true },
  {
    _id: 'hero_slide:h1', type: 'hero_slide', title: 'First Slide', order: 1, image_url: 'demo/site/h1.webp',
    mobile_image_url: 'demo/site/h1-phone.webp', active: true,
  },
  { _id: 'hero_slide:off', type: 'hero_slide', title: 'Hidden Slide', order: 0, image_url: 'demo/site/off.webp', active: false },
];

let t: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'fete-share-web-'));
  await writeFile(path.join(webDir, 'index.html'), SHELL);
  t = await startTestServer({ SERVE_WEB: 'true', WEB_DIST: webDir, WORKERS: 'false', IMAGE_HOSTS: 'cdn.example,images.example' });
  const res = await t.server.ctx.backend.db('catalog').bulkDocs(DOCS as never[]);
  const failed = res.filter((r) => 'error' in r);
  if (failed.length) throw new Error(`catalog writes failed: ${JSON.stringify(failed)}`);
});

afterAll(async () => {
  await t?.close();
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Every <meta> in <head> as property-or-name → content, values decoded. */
function metaOf(html: string): Map<string, string> {
  const head = html.slice(0, html.search(/<\/head>/i));
  const out = new Map<string, string>();
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const attrs = new Map<string, string>();
    for (const m of tag.matchAll(/([a-z][\w:-]*)\s*=\s*"([^"]*)"/gi)) attrs.set((m[1] as string).toLowerCase(), decode(m[2] as string));
    const key = attrs.get('property') ?? attrs.get('name');
    if (key && attrs.has('content') && !out.has(key)) out.set(key, attrs.get('content') as string);
  }
  return out;
}

function titleOf(html: string): string | undefined {
  const m = /<title>([\s\S]*?)<\/title>/i.exec(html);
  return m ? decode(m[1] as string) : undefined;
}

async function page(p: string, init?: RequestInit) {
  const res = await fetch(t.url + p, init);
  return { res, html: await res.text() };
}

describe('share cards', () => {
  it('gives an event page its card in the app shell', async () => {
    const { res, html } = await page('/events/e1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain('<div id="root"></div>');
    const meta = metaOf(html);
    expect(meta.get('og:type')).toBe('website');
    expect(meta.get('og:site_name')).toBe('Fete');
    expect(meta.get('og:title')).toBe('Soca Sunrise');
    expect(meta.get('og:description')).toBe('February 14, 2027 · Maracas Bay, Trinidad and Tobago — An all-night fete on the beach.');
    expect(meta.get('og:url')).toBe(`${t.url}/events/e1`);
    expect(meta.get('og:image')).toBe(`${t.url}/uploads/events-images/demo/e1.webp`);
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    expect(meta.get('twitter:title')).toBe('Soca Sunrise');
    expect(meta.get('twitter:description')).toBe(meta.get('og:description'));
    expect(meta.get('twitter:image')).toBe(meta.get('og:image'));
    expect(meta.get('description')).toBe(meta.get('og:description'));
    expect(titleOf(html)).toBe('Soca Sunrise · Fete');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('gives bands, restaurants and providers theirs', async () => {
    const band = metaOf((await page('/bands/b1')).html);
    expect(band.get('og:title')).toBe('Tribe Mas');
    expect(band.get('og:url')).toBe(`${t.url}/bands/b1`);
    expect(band.get('og:image')).toBe('https://images.example/tribe.jpg');
    expect(band.get('og:description')).toBe('February 15, 2027 – February 16, 2027 · Port of Spain, Trinidad and Tobago — Pretty mas on the road.');

    const restaurant = metaOf((await page('/restaurants/r1')).html);
    expect(restaurant.get('og:title')).toBe('Roti Hut');
    expect(restaurant.get('og:url')).toBe(`${t.url}/restaurants/r1`);
    // No image: the PNG app icon, absolute (crawlers skip SVG).
    expect(restaurant.get('og:image')).toBe(`${t.url}/icons/icon-512.png`);
    expect(restaurant.get('twitter:card')).toBe('summary_large_image');

    const { res, html } = await page('/fete-faces/p1');
    expect(res.status).toBe(200);
    const provider = metaOf(html);
    expect(provider.get('og:title')).toBe('Ana Lee');
    expect(provider.get('og:type')).toBe('profile');
    expect(provider.get('og:url')).toBe(`${t.url}/fete-faces/p1`);
    expect(provider.get('og:image')).toBe(`${t.url}/uploads/avatars/demo/ana.webp`);
    expect(provider.get('og:description')).toBe('Makeup · Bridgetown — Glam for the road.');
    expect(titleOf(html)).toBe('Ana Lee · Fete');
  });

  it('carries the item document and a preload of its picture for the first screen (ADR 059)', async () => {
    const { html } = await page('/events/e1');
    const head = html.slice(0, html.search(/<\/head>/i));
    // The first source the app asks for: the large picture, as image-url.ts resolves it.
    expect(head).toContain('<link rel="preload" as="image" href="/uploads/events-images/demo/e1.webp" fetchpriority="high" />');
    const block = /<script type="application\/json" id="fete-first-docs">([\s\S]*?)<\/script>/.exec(head);
    expect(block).not.toBeNull();
    const docs = JSON.parse((block as RegExpExecArray)[1] as string) as Array<Record<string, unknown>>;
    const stored = (await t.server.ctx.backend.db('catalog').get('event:e1')) as unknown as Record<string, unknown>;
    // As the device would pull it: the same revision and fields.
    expect(docs).toEqual([stored]);

    const provider = (await page('/fete-faces/p1')).html;
    expect(provider).toContain('<link rel="preload" as="image" href="/uploads/avatars/demo/ana.webp" fetchpriority="high" />');
    expect(provider).toContain('"_id":"provider:p1"');
    // An item without a picture preloads the bucket's default the app will show.
    expect((await page('/restaurants/r1')).html).toMatch(/<link rel="preload" as="image" href="\/images\/[^"]+" fetchpriority="high" \/>/);

    // Its top as HTML in front of the app's root, for the paint before any script (ADR 060).
    const preview = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf('<div id="root"></div>'));
    expect(preview).toContain(`<h1>${stored.title as string}</h1>`);
    expect(preview).toContain('<img src="/uploads/events-images/demo/e1.webp"');

    // The evil item's text cannot end the data block early, nor leave the preview's text.
    const evil = (await page('/events/evil')).html;
    expect(evil).not.toContain(EVIL);
    const evilBlock = /<script type="application\/json" id="fete-first-docs">([\s\S]*?)<\/script>/.exec(evil);
    expect((JSON.parse((evilBlock as RegExpExecArray)[1] as string) as Array<{ title: string }>)[0]?.title).toBe(EVIL);

    // Inactive and missing items carry nothing.
    for (const p of ['/events/off', '/events/nope']) {
      const plain = (await page(p)).html;
      expect(plain, p).not.toContain('fete-first-docs');
      expect(plain, p).not.toContain('id="first-screen"');
      expect(plain, p).not.toContain('rel="preload" as="image"');
    }
  });

  it('the home page carries its active hero slides and its first picture\'s preloads (ADR 059)', async () => {
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const head = html.slice(0, html.search(/<\/head>/i));
    expect(head).toContain('<link rel="preload" as="image" href="/uploads/events-images/demo/site/h1-phone.webp" media="(max-width: 767px)" fetchpriority="high" />');
    expect(head).toContain('<link rel="preload" as="image" href="/uploads/events-images/demo/site/h1.webp" media="(min-width: 768px)" fetchpriority="high" />');
    const block = /<script type="application\/json" id="fete-first-docs">([\s\S]*?)<\/script>/.exec(head);
    const docs = JSON.parse((block as RegExpExecArray)[1] as string) as Array<Record<string, unknown>>;
    const catalog = t.server.ctx.backend.db('catalog');
    // In the order the home shows them, as the device would pull them; the inactive one is not carried.
    expect(docs).toEqual([await catalog.get('hero_slide:h1'), await catalog.get('hero_slide:h2')]);
    // The first slide shown, in front of the app's root (ADR 060); the rest of the shell is the build's own.
    const preview = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf('<div id="root"></div>'));
    expect(preview).toContain(`<h2 class="hero__title">${(docs[0] as { title: string }).title}</h2>`);
    expect(preview).toContain('srcset="/uploads/events-images/demo/site/h1-phone.webp"');
    expect(html).toContain('<div id="root"></div>');
  });

  it('Fete Guide and Fete Travel carry their first cards, soonest first, in front of the app\'s root (ADR 060)', async () => {
    const { res, html } = await page('/fete-guide');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const preview = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf('<div id="root"></div>'));
    expect(preview).toContain('data-wait="first-card"');
    expect(preview).toContain('<h1>Fete Guide</h1>');
    // Active events only, by date: the evil one's text stays text.
    const links = [...preview.matchAll(/<a class="card__link" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['/events/e1', '/events/evil']);
    // The source the app's card asks for first (image-url.ts, size small).
    expect(preview).toContain('<img src="/uploads/events-images/demo/e1.webp" alt="" width="480" height="300" decoding="async" fetchpriority="high" />');
    expect(preview).not.toContain('<script>');
    // No festival, carnival or cruise in this catalogue: the app's own empty list, on the plain shell.
    const travel = (await page('/fete-travel')).html;
    expect(travel).toBe(SHELL);
    // A search or a filter in the address is the app's own list.
    expect((await page('/fete-guide?search=soca')).html).not.toContain('id="first-screen"');
  });

  it('Fete Band, Fete Eats and Fete Faces carry their first active cards (ADR 060)', async () => {
    const cards = async (path: string) => {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      const preview = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf('<div id="root"></div>'));
      expect(preview, path).toContain('data-wait="first-card"');
      expect(preview, path).not.toContain('<script>');
      return { preview, links: [...preview.matchAll(/<a class="card__link" href="([^"]+)">/g)].map((m) => m[1]) };
    };
    const bands = await cards('/fete-destinations');
    expect(bands.preview).toContain('<h1>Fete Band</h1>');
    expect(bands.links).toEqual(['/bands/b1']);
    const eats = await cards('/fete-eats');
    expect(eats.preview).toContain('<h1>Fete Eats</h1>');
    expect(eats.links).toEqual(['/restaurants/r1']);
    const faces = await cards('/fete-faces');
    expect(faces.preview).toContain('<h1>Fete Faces</h1>');
    expect(faces.links).toEqual(['/fete-faces/p1']);
    // A filter in the address is the app's own list.
    expect((await page('/fete-faces?rating=4')).html).not.toContain('id="first-screen"');
  });

  it('answers inactive and missing items with the plain shell and 404', async () => {
    for (const p of ['/events/off', '/bands/off', '/fete-faces/off', '/events/nope', '/restaurants/nope', '/bands/e1']) {
      const { res, html } = await page(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expect(html, p).toContain('<div id="root"></div>');
      expect(metaOf(html).has('og:title'), p).toBe(false);
      expect(titleOf(html), p).toBe('Fete');
    }
  });

  it('escapes every injected value', async () => {
    const { res, html } = await page('/events/evil');
    expect(res.status).toBe(200);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>co</b>');
    expect(html).not.toMatch(/<meta http-equiv/i);
    const meta = metaOf(html);
    expect(meta.get('og:title')).toBe(EVIL);
    expect(meta.get('twitter:title')).toBe(EVIL);
    expect(meta.get('og:image')).toBe('https://cdn.example/x.jpg?a="><script>');
    expect(meta.get('og:description')).toContain('"/><meta http-equiv="refresh"');
    expect(titleOf(html)).toBe(`${EVIL} · Fete`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('survives malformed percent-encoding and odd ids', async () => {
    for (const p of ['/events/%E0%A4%A', '/events/%', '/fete-faces/%ZZ', '/bands/a%3Ab', '/restaurants/%20']) {
      const { res, html } = await page(p);
      expect([400, 404], p).toContain(res.status);
      expect(metaOf(html).has('og:title'), p).toBe(false);
    }
    const health = await fetch(`${t.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('leaves /events/create to the app and does not shadow assets, api, db or uploads', async () => {
    const create = await page('/events/create');
    expect(create.res.status).toBe(200);
    expect(metaOf(create.html).has('og:title')).toBe(false);
    expect(create.html).toContain('<div id="root"></div>');
    expect((await fetch(`${t.url}/assets/missing-chunk.js`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    const db = await fetch(`${t.url}/db/catalog/event:e1`);
    expect(db.status).toBe(200);
    expect(((await db.json()) as { title: string }).title).toBe('Soca Sunrise');
    const upload = await fetch(`${t.url}/uploads/events-images/none.webp`);
    expect(upload.status).toBe(404);
    expect(upload.headers.get('content-type')).toMatch(/json/);
  });

  it('builds absolute links on PUBLIC_URL when it is set', async () => {
    const config = t.server.ctx.config;
    const before = config.PUBLIC_URL;
    config.PUBLIC_URL = 'https://fete.example/';
    try {
      const meta = metaOf((await page('/events/e1')).html);
      expect(meta.get('og:url')).toBe('https://fete.example/events/e1');
      expect(meta.get('og:image')).toBe('https://fete.example/uploads/events-images/demo/e1.webp');
      expect(await (await fetch(`${t.url}/robots.txt`)).text()).toContain('Sitemap: https://fete.example/sitemap.xml');
    } finally {
      config.PUBLIC_URL = before;
    }
  });

  it('falls back to the plain shell (200) when the backend fails, and the sitemap to 503', async () => {
    const backend = t.server.ctx.backend as { db: Backend['db'] };
    const original = backend.db;
    const down = () => Promise.reject(new Error('backend down'));
    backend.db = (() => ({ get: down, allDocs: down })) as unknown as Backend['db'];
    try {
      const { res, html } = await page('/events/e1');
      expect(res.status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(metaOf(html).has('og:title')).toBe(false);
      const sitemap = await fetch(`${t.url}/sitemap.xml`);
      expect(sitemap.status).toBe(503);
      await sitemap.body?.cancel();
    } finally {
      backend.db = original;
    }
    expect(metaOf((await page('/events/e1')).html).get('og:title')).toBe('Soca Sunrise');
  });
});

describe('sitemap and robots.txt', () => {
  it('lists the public pages and every active item, with lastmod', async () => {
    const res = await fetch(`${t.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    // No PUBLIC_URL here: links are built on the server's own address, and nothing caches them.
    expect(res.headers.get('cache-control')).toBe('no-store');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    // Well-formed enough: every <url> holds one <loc>, nothing unescaped in between.
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] as string);
    expect(urls.length).toBe((xml.match(/<url>/g) ?? []).length);
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
    const locs = urls.map((u) => {
      const m = /^<loc>([^<&]*(?:&(?:amp|lt|gt|quot|apos);[^<&]*)*)<\/loc>(?:<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>)?$/.exec(u);
      expect(m, u).not.toBeNull();
      return { loc: decode((m as RegExpExecArray)[1] as string), lastmod: (m as RegExpExecArray)[2] };
    });
    const list = locs.map((l) => l.loc);
    for (const p of ['/', '/fete-guide', '/fete-travel', '/fete-destinations', '/fete-eats', '/fete-faces', '/fete-marqet']) {
      expect(list, p).toContain(t.url + p);
    }
    for (const p of ['/events/e1', '/events/evil', '/bands/b1', '/restaurants/r1', '/fete-faces/p1']) expect(list, p).toContain(t.url + p);
    for (const p of ['/events/off', '/bands/off', '/fete-faces/off']) expect(list, p).not.toContain(t.url + p);
    expect(list.every((l) => l.startsWith(`${t.url}/`))).toBe(true);
    expect(new Set(list).size).toBe(list.length);
    expect(locs.find((l) => l.loc === `${t.url}/events/e1`)?.lastmod).toBe('2026-12-05');
    expect(locs.find((l) => l.loc === `${t.url}/bands/b1`)?.lastmod).toBe('2026-10-10');
    expect(locs.find((l) => l.loc === `${t.url}/restaurants/r1`)?.lastmod).toBeUndefined();
  });

  it('serves robots.txt pointing at the absolute sitemap', async () => {
    const res = await fetch(`${t.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toContain(`Sitemap: ${t.url}/sitemap.xml`);
  });
});

/** A GET with a Host header of the caller's choosing (fetch would not send another host). */
function getWithHost(url: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

describe('the Host header is not trusted', () => {
  it('never puts a forged Host into share cards, canonical links, the sitemap or robots.txt', async () => {
    for (const p of ['/events/e1', '/sitemap.xml', '/robots.txt']) {
      const res = await getWithHost(t.url + p, 'evil.example');
      expect(res.status, p).toBe(200);
      expect(res.body, p).not.toContain('evil.example/');
      expect(res.body, p).toContain(t.url);
    }
  });

  it('with PUBLIC_URL, links use it and the sitemap may be cached publicly', async () => {
    const pub = await startTestServer({ SERVE_WEB: 'true', WEB_DIST: webDir, WORKERS: 'false', PUBLIC_URL: 'https://fete.example', IMAGE_HOSTS: 'cdn.example,images.example' });
    try {
      await pub.server.ctx.backend.db('catalog').put(DOCS[0] as never);
      const sitemap = await getWithHost(`${pub.url}/sitemap.xml`, 'evil.example');
      expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
      expect(sitemap.body).toContain('<loc>https://fete.example/events/e1</loc>');
      expect(sitemap.body).not.toContain('evil.example');
      const card = await getWithHost(`${pub.url}/events/e1`, 'evil.example');
      expect(card.body).toContain('https://fete.example/events/e1');
      expect(card.body).not.toContain('evil.example');
    } finally {
      await pub.close();
    }
  });
});

describe('without the web app (SERVE_WEB off)', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ WORKERS: 'false', IMAGE_HOSTS: 'cdn.example,images.example' });
    await plain.server.ctx.backend.db('catalog').put(DOCS[0] as never);
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('mounts no share cards, but the sitemap and robots.txt', async () => {
    const card = await fetch(`${plain.url}/events/e1`);
    expect(card.status).toBe(404);
    expect(await card.text()).not.toContain('og:title');
    const sitemap = await fetch(`${plain.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain(`<loc>${plain.url}/events/e1</loc>`);
    expect((await fetch(`${plain.url}/robots.txt`)).status).toBe(200);
  });
});
