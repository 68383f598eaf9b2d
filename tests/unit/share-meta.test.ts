// Share cards and the sitemap, pure parts (ADR 009): escaping, trimming, image resolution,
// names, injection into the shell, sitemap entries.
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_MAX, FALLBACK_IMAGE_PATH, absoluteImage, buildShareCard, escapeHtml, formatDate, injectShareCard,
  itemDescription, itemTitle, trimText,
} from '../../sync-server/src/share/meta.ts';
import type { LooseDoc } from '../../sync-server/src/share/meta.ts';
import { escapeXml, isShareable, lastmodOf, renderRobots, renderSitemap, sitemapEntries } from '../../sync-server/src/share/sitemap.ts';

const ORIGIN = 'https://fete.example';
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Fete: the default description." />
    <title>Fete</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const event = (over: LooseDoc = {}): LooseDoc => ({
  _id: 'event:abc123',
  type: 'event',
  title: 'Soca Sunrise',
  description: 'An all-night fete on the beach.',
  location: 'Maracas Bay',
  country: 'Trinidad and Tobago',
  date: '2026-02-14',
  image_url: 'demo/event-1.webp',
  active: true,
  ...over,
});

/** `content` of the first tag with that property or name, entities decoded once. */
function meta(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`);
  const m = re.exec(html);
  return m ? decode(m[1] as string) : undefined;
}
function decode(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

describe('escaping', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });

  it('never lets a value break out of an attribute or the title', () => {
    const evil = `"><script>alert(1)</script>`;
    const html = injectShareCard(SHELL, buildShareCard('event', event({ title: evil, description: `</title><script>x()</script> & more`, image_url: `https://cdn.example/a.webp?"><script>` }), ORIGIN));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('</title><');
    expect(html).not.toMatch(/"><script/);
    // The text stays as written, with quotes and brackets as entities.
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Fete</title>');
    expect(meta(html, 'og:title')).toBe(evil);
    expect(meta(html, 'twitter:title')).toBe(evil);
    expect(meta(html, 'og:image')).toBe('https://cdn.example/a.webp?"><script>');
    expect(meta(html, 'og:description')).toContain('</title><script>x()</script> & more');
    // Still exactly one <title> and one description.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('keeps `$&` and friends literal (no replacement patterns)', () => {
    const html = injectShareCard(SHELL, buildShareCard('event', event({ title: "Pay $& $' $` $1" }), ORIGIN));
    expect(meta(html, 'og:title')).toBe("Pay $& $' $` $1");
    expect(html).toContain('<title>Pay $&amp; $&#39; $` $1 · Fete</title>');
  });

  it('escapes XML in the sitemap', () => {
    expect(escapeXml(`a&b<c>"'`)).toBe('a&amp;b&lt;c&gt;&quot;&apos;');
  });
});

describe('descriptions', () => {
  it('puts the date and place before the text', () => {
    expect(itemDescription('event', event())).toBe('February 14, 2026 · Maracas Bay, Trinidad and Tobago — An all-night fete on the beach.');
  });

  it('reads dates as calendar dates, whatever the time zone', () => {
    expect(formatDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('trims to about 200 characters at a word boundary, with an ellipsis', () => {
    const long = `${'Steelpan and soca all night long. '.repeat(20)}END`;
    const d = itemDescription('event', event({ description: long }));
    expect(Array.from(d).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(Array.from(d).length).toBeGreaterThan(150);
    expect(d.endsWith('…')).toBe(true);
    expect(d).not.toContain('END');
    expect(d).not.toMatch(/\s…$/);
    // Cut between words, not inside one.
    expect(d.slice(0, -1)).toMatch(/(?:all|night|long|Steelpan|and|soca)$/);
  });

  it('leaves short text alone and collapses whitespace and control characters', () => {
    expect(trimText('  a\n\n\t b\u0000c  ')).toBe('a b c');
    expect(trimText('Kids <12 free > adults')).toBe('Kids <12 free > adults');
    expect(trimText('x'.repeat(DESCRIPTION_MAX))).toBe('x'.repeat(DESCRIPTION_MAX));
    // One long word: cut inside it rather than return nothing.
    expect(trimText('y'.repeat(300))).toBe(`${'y'.repeat(DESCRIPTION_MAX - 1)}…`);
  });

  it('does not split a character made of two code units', () => {
    const d = trimText('🎉'.repeat(300));
    expect(Array.from(d)).toHaveLength(DESCRIPTION_MAX);
    expect(d).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('describes bands, restaurants and providers by their own facts', () => {
    expect(itemDescription('band', { name: 'Tribe', start_date: '2026-02-16', end_date: '2026-02-17', location: 'Port of Spain', description: 'Mas.' }))
      .toBe('February 16, 2026 – February 17, 2026 · Port of Spain — Mas.');
    expect(itemDescription('band', { name: 'Tribe', year: 2026 })).toBe('2026');
    expect(itemDescription('restaurant', { name: 'Roti Hut', cuisine: 'Caribbean', location: 'Tobago' })).toBe('Caribbean · Tobago');
    expect(itemDescription('provider', { first_name: 'Ana', last_name: 'Lee', services: ['Makeup', 'Lashes'], bio: 'Glam for the road.' }))
      .toBe('Makeup, Lashes — Glam for the road.');
    expect(itemDescription('restaurant', { name: 'Empty' })).toBe('A restaurant on Fete Eats.');
  });
});

describe('titles', () => {
  it('names a provider by first and last name', () => {
    expect(itemTitle('provider', { first_name: 'Ana ', last_name: ' Lee' })).toBe('Ana Lee');
    const card = buildShareCard('provider', { _id: 'provider:p1', first_name: 'Ana', last_name: 'Lee', avatar_url: 'demo/ana.webp' }, ORIGIN);
    expect(card.title).toBe('Ana Lee');
    expect(card.ogType).toBe('profile');
    expect(card.url).toBe(`${ORIGIN}/fete-faces/p1`);
    expect(card.image).toBe(`${ORIGIN}/uploads/avatars/demo/ana.webp`);
    expect(card.extra).toEqual([['profile:first_name', 'Ana'], ['profile:last_name', 'Lee']]);
  });

  it('uses name for bands and restaurants and title for events', () => {
    expect(itemTitle('band', { name: 'Tribe', title: 'wrong' })).toBe('Tribe');
    expect(itemTitle('restaurant', { name: 'Roti Hut' })).toBe('Roti Hut');
    expect(itemTitle('event', { title: 'Soca Sunrise', name: 'wrong' })).toBe('Soca Sunrise');
  });
});

describe('images', () => {
  it('keeps an http(s) value as it is', () => {
    expect(absoluteImage('https://cdn.example/x.jpg', 'events-images', ORIGIN)).toBe('https://cdn.example/x.jpg');
    expect(absoluteImage('http://cdn.example/x.jpg', 'band-images', ORIGIN)).toBe('http://cdn.example/x.jpg');
  });

  it('turns a bucket path into an absolute /uploads URL, per bucket', () => {
    expect(absoluteImage('demo/e 1.webp', 'events-images', ORIGIN)).toBe(`${ORIGIN}/uploads/events-images/demo/e%201.webp`);
    expect(absoluteImage('u1/1700000000000-0123456789ab.webp', 'restaurant-images', ORIGIN))
      .toBe(`${ORIGIN}/uploads/restaurant-images/u1/1700000000000-0123456789ab.webp`);
    expect(absoluteImage('/uploads/band-images/x.webp', 'band-images', ORIGIN)).toBe(`${ORIGIN}/uploads/band-images/x.webp`);
  });

  it('uses the PNG app icon for empty, unusable and default values', () => {
    const icon = ORIGIN + FALLBACK_IMAGE_PATH;
    expect(FALLBACK_IMAGE_PATH).toBe('/icons/icon-512.png');
    expect(absoluteImage('', 'events-images', ORIGIN)).toBe(icon);
    expect(absoluteImage(null, 'avatars', ORIGIN)).toBe(icon);
    expect(absoluteImage(42, 'avatars', ORIGIN)).toBe(icon);
    expect(absoluteImage('javascript:alert(1)', 'avatars', ORIGIN)).toBe(icon);
    expect(absoluteImage('../../etc/passwd', 'avatars', ORIGIN)).toBe(icon);
    expect(absoluteImage('/images/defaults/event.svg', 'events-images', ORIGIN)).toBe(icon);
  });

  it('reads the image field of each kind', () => {
    expect(buildShareCard('band', { _id: 'band:b', name: 'B', image_url: 'x.webp' }, ORIGIN).image).toBe(`${ORIGIN}/uploads/band-images/x.webp`);
    expect(buildShareCard('restaurant', { _id: 'restaurant:r', name: 'R', image_url: 'x.webp' }, ORIGIN).image).toBe(`${ORIGIN}/uploads/restaurant-images/x.webp`);
    expect(buildShareCard('provider', { _id: 'provider:p', first_name: 'A', last_name: 'B', image_url: 'x.webp' }, ORIGIN).image).toBe(ORIGIN + FALLBACK_IMAGE_PATH);
  });
});

describe('injection into the shell', () => {
  it('replaces the title and description and adds OpenGraph and Twitter tags inside <head>', () => {
    const html = injectShareCard(SHELL, buildShareCard('event', event(), ORIGIN));
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(html).toContain('<title>Soca Sunrise · Fete</title>');
    expect(html).not.toContain('the default description');
    expect(meta(head, 'og:type')).toBe('website');
    expect(meta(head, 'og:site_name')).toBe('Fete');
    expect(meta(head, 'og:title')).toBe('Soca Sunrise');
    expect(meta(head, 'og:url')).toBe(`${ORIGIN}/events/abc123`);
    expect(meta(head, 'og:image')).toBe(`${ORIGIN}/uploads/events-images/demo/event-1.webp`);
    expect(meta(head, 'og:description')).toBe(meta(head, 'description'));
    expect(meta(head, 'twitter:card')).toBe('summary_large_image');
    expect(meta(head, 'twitter:title')).toBe('Soca Sunrise');
    expect(meta(head, 'twitter:description')).toBe(meta(head, 'og:description'));
    expect(meta(head, 'twitter:image')).toBe(meta(head, 'og:image'));
    expect(html).toContain('<div id="root"></div>');
  });

  it('encodes the id in og:url', () => {
    expect(buildShareCard('event', event({ _id: 'event:a b/c' }), ORIGIN).url).toBe(`${ORIGIN}/events/a%20b%2Fc`);
  });

  it('copes with a shell without title, description or </head>', () => {
    const html = injectShareCard('<!doctype html><html><head><meta charset="utf-8"><body>x</body></html>', buildShareCard('event', event(), ORIGIN));
    expect(html.startsWith('<!doctype html><html><head>')).toBe(true);
    expect(html).toContain('<title>Soca Sunrise · Fete</title>');
    expect(meta(html, 'og:title')).toBe('Soca Sunrise');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('<body>'));
  });
});

describe('sitemap', () => {
  it('lists the list pages and active items only, with lastmod dates', () => {
    const entries = sitemapEntries(ORIGIN, {
      event: [event({ updated_at: '2026-03-01T10:00:00.000Z', created_at: '2026-01-01T00:00:00Z' }), event({ _id: 'event:off', active: false })],
      band: [{ _id: 'band:b1', type: 'band', name: 'B', active: true, created_at: '2025-12-24T08:00:00Z' }],
      restaurant: [{ _id: 'restaurant:r1', type: 'restaurant', name: 'R', active: true }],
      provider: [{ _id: 'provider:p1', type: 'provider', first_name: 'A', last_name: 'B', active: 'yes' }],
    });
    expect(entries.map((e) => e.loc)).toEqual([
      `${ORIGIN}/`, `${ORIGIN}/fete-guide`, `${ORIGIN}/fete-travel`, `${ORIGIN}/fete-destinations`, `${ORIGIN}/fete-eats`,
      `${ORIGIN}/fete-faces`, `${ORIGIN}/fete-marqet`,
      `${ORIGIN}/events/abc123`, `${ORIGIN}/bands/b1`, `${ORIGIN}/restaurants/r1`,
    ]);
    expect(entries.find((e) => e.loc.endsWith('/events/abc123'))?.lastmod).toBe('2026-03-01');
    expect(entries.find((e) => e.loc.endsWith('/bands/b1'))?.lastmod).toBe('2025-12-24');
    expect(entries.find((e) => e.loc.endsWith('/restaurants/r1'))?.lastmod).toBeUndefined();
  });

  it('refuses deleted docs, other types and bad dates', () => {
    expect(isShareable('event', event({ _deleted: true }))).toBe(false);
    expect(isShareable('event', event({ type: 'band' }))).toBe(false);
    expect(isShareable('event', event({ _id: 'event:' }))).toBe(false);
    expect(isShareable('event', null)).toBe(false);
    expect(lastmodOf({ updated_at: 'yesterday', created_at: '2026-01-02T00:00:00Z' })).toBe('2026-01-02');
  });

  it('renders well-formed XML with escaped locations', () => {
    const xml = renderSitemap([{ loc: `${ORIGIN}/a?x=1&y=<2>` }, { loc: `${ORIGIN}/b`, lastmod: '2026-01-01' }]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml).toContain('<url><loc>https://fete.example/a?x=1&amp;y=&lt;2&gt;</loc></url>');
    expect(xml).toContain('<url><loc>https://fete.example/b</loc><lastmod>2026-01-01</lastmod></url>');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('points robots.txt at the absolute sitemap', () => {
    const robots = renderRobots(ORIGIN);
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/db\/$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/fete\.example\/sitemap\.xml$/m);
  });
});
