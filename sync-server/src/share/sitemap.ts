// /sitemap.xml and /robots.txt (ADR 009), pure: lists of documents and an origin in, text out.
import { idOf } from '../../../design-docs/src/ids.ts';
import type { LooseDoc, ShareType } from './meta.ts';
import { itemUrl } from './meta.ts';

/** The public list pages, in the order of the sidebar. */
export const LIST_PAGES = ['/', '/fete-guide', '/fete-travel', '/fete-destinations', '/fete-eats', '/fete-faces', '/fete-marqet'] as const;

/** The protocol allows 50,000 URLs per file; the catalogue stays far below (ARCHITECTURE 8). */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] as string);
}

/** The date part of `updated_at`, else of `created_at`; nothing when neither looks like a date. */
export function lastmodOf(doc: LooseDoc): string | undefined {
  for (const key of ['updated_at', 'created_at']) {
    const v = doc[key];
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(?:$|T)/.test(v)) return v.slice(0, 10);
  }
  return undefined;
}

/** True for a live, active document of that type: what gets a card and a sitemap entry. */
export function isShareable(type: ShareType, doc: LooseDoc | null | undefined): doc is LooseDoc {
  return !!doc && doc.type === type && doc.active === true && doc._deleted !== true && typeof doc._id === 'string' && idOf(doc._id) !== '';
}

export function sitemapEntries(origin: string, docs: Partial<Record<ShareType, LooseDoc[]>>): SitemapEntry[] {
  const out: SitemapEntry[] = LIST_PAGES.map((p) => ({ loc: p === '/' ? `${origin}/` : origin + p }));
  for (const type of ['event', 'band', 'restaurant', 'provider'] as const) {
    for (const doc of docs[type] ?? []) {
      if (!isShareable(type, doc)) continue;
      const lastmod = lastmodOf(doc);
      const entry: SitemapEntry = { loc: itemUrl(type, idOf(doc._id as string), origin) };
      if (lastmod) entry.lastmod = lastmod;
      out.push(entry);
    }
  }
  return out.slice(0, SITEMAP_MAX_URLS);
}

export function renderSitemap(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(e.loc)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Everything may be crawled except the API, the database and the signed-in screens. */
export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /db/',
    'Disallow: /admin',
    'Disallow: /restaurant-admin',
    'Disallow: /settings',
    'Disallow: /dashboard',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
