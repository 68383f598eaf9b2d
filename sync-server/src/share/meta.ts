// Share cards (ADR 009): the OpenGraph and Twitter tags of one catalogue item, injected into the
// app shell's <head>. Pure: a document and an origin in, HTML out. Images resolve with the same
// rules as the web app's (design-docs/src/image-url.ts), so a card shows the picture the page shows.
import type { UploadBucket } from '../../../design-docs/src/constants.ts';
import type { DocType } from '../../../design-docs/src/ids.ts';
import { idOf } from '../../../design-docs/src/ids.ts';
import { DEFAULT_IMAGES, imageUrl } from '../../../design-docs/src/image-url.ts';

export const SITE_NAME = 'Fete';
/** The PNG app icon: crawlers do not render SVG, so it stands in for the local default images. */
export const FALLBACK_IMAGE_PATH = '/icons/icon-512.png';
export const DESCRIPTION_MAX = 200;

export type ShareType = Extract<DocType, 'event' | 'band' | 'restaurant' | 'provider'>;

export interface ShareKind {
  type: ShareType;
  /** First path segment of the item's page in the web app. */
  segment: string;
  bucket: UploadBucket;
  imageField: 'image_url' | 'avatar_url';
}

/** The shareable item pages, by the first segment of their path. */
export const SHARE_KINDS: readonly ShareKind[] = [
  { type: 'event', segment: 'events', bucket: 'events-images', imageField: 'image_url' },
  { type: 'band', segment: 'bands', bucket: 'band-images', imageField: 'image_url' },
  { type: 'restaurant', segment: 'restaurants', bucket: 'restaurant-images', imageField: 'image_url' },
  { type: 'provider', segment: 'fete-faces', bucket: 'avatars', imageField: 'avatar_url' },
];

export function shareKind(type: ShareType): ShareKind {
  return SHARE_KINDS.find((k) => k.type === type) as ShareKind;
}

/** A document as read from the database: nothing about its shape is trusted. */
export type LooseDoc = Record<string, unknown>;

export interface ShareCard {
  ogType: 'website' | 'profile';
  title: string;
  description: string;
  url: string;
  image: string;
  imageAlt: string;
  /** Extra `property` tags (profile:first_name…). */
  extra: [string, string][];
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);
}

function str(doc: LooseDoc, key: string): string {
  const v = doc[key];
  return typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

/**
 * One line of text: control characters and runs of whitespace become one space. Values are
 * plain text (the app renders them as text), so nothing else changes; escaping is on output.
 */
export function plainText(value: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters (code points), cut at a word boundary when one is close, with '…'. */
export function trimText(value: string, max: number = DESCRIPTION_MAX): string {
  const text = plainText(value);
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const head = space >= Math.floor(max * 0.6) ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s.,;:!?·—-]+$/u, '')}…`;
}

/** "2026-02-14" → "February 14, 2026" (the web app's long US form), read as a calendar date. */
export function formatDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

function dateRange(start: string, end: string): string {
  if (!start) return end ? formatDate(end) : '';
  if (!end || end === start) return formatDate(start);
  return `${formatDate(start)} – ${formatDate(end)}`;
}

function place(doc: LooseDoc): string {
  const parts: string[] = [];
  for (const key of ['location', 'state', 'country']) {
    const v = plainText(str(doc, key));
    if (v && !parts.some((p) => p.toLowerCase() === v.toLowerCase())) parts.push(v);
  }
  return parts.join(', ');
}

/** The title a card shows: a provider's full name, otherwise `title` or `name`. */
export function itemTitle(type: ShareType, doc: LooseDoc): string {
  if (type === 'provider') return plainText(`${str(doc, 'first_name')} ${str(doc, 'last_name')}`);
  return plainText(str(doc, type === 'event' ? 'title' : 'name'));
}

const FALLBACK_DESCRIPTION: Record<ShareType, string> = {
  event: 'An event on Fete.',
  band: 'A carnival band on Fete.',
  restaurant: 'A restaurant on Fete Eats.',
  provider: 'A makeup artist or beauty provider on Fete Faces.',
};

/** "facts · facts — text", trimmed to DESCRIPTION_MAX characters. */
export function itemDescription(type: ShareType, doc: LooseDoc): string {
  let facts: string[];
  let body: string;
  switch (type) {
    case 'event':
      facts = [formatDate(str(doc, 'date')), place(doc)];
      body = str(doc, 'description');
      break;
    case 'band':
      facts = [dateRange(str(doc, 'start_date'), str(doc, 'end_date')) || str(doc, 'year'), place(doc)];
      body = str(doc, 'description');
      break;
    case 'restaurant':
      facts = [str(doc, 'cuisine'), place(doc)];
      body = str(doc, 'description');
      break;
    case 'provider': {
      const services = Array.isArray(doc.services) ? doc.services.filter((s): s is string => typeof s === 'string') : [];
      facts = [services.join(', '), place(doc)];
      body = str(doc, 'bio');
      break;
    }
  }
  const head = facts.map(plainText).filter(Boolean).join(' · ');
  const text = plainText(body);
  const joined = head && text ? `${head} — ${text}` : head || text;
  return trimText(joined || FALLBACK_DESCRIPTION[type]);
}

/**
 * An absolute image URL for a stored image value, by the web app's rules; the local default
 * images (SVG) become the 512 px PNG icon.
 */
export function absoluteImage(value: unknown, bucket: UploadBucket, origin: string): string {
  const url = imageUrl(typeof value === 'string' ? value : null, bucket);
  const defaults = Object.values(DEFAULT_IMAGES);
  if (defaults.includes(url) || /^blob:/i.test(url)) return origin + FALLBACK_IMAGE_PATH;
  if (/^https?:\/\//i.test(url)) return url;
  return origin + (url.startsWith('/') ? url : `/${url}`);
}

/** The page of an item, e.g. `https://fete.example/events/abc`. */
export function itemUrl(type: ShareType, id: string, origin: string): string {
  return `${origin}/${shareKind(type).segment}/${encodeURIComponent(id)}`;
}

/** `origin` has no trailing slash: `https://fete.example`. */
export function buildShareCard(type: ShareType, doc: LooseDoc, origin: string): ShareCard {
  const kind = shareKind(type);
  const title = itemTitle(type, doc) || SITE_NAME;
  const id = typeof doc._id === 'string' ? idOf(doc._id) : '';
  const extra: [string, string][] = [];
  if (type === 'provider') {
    const first = plainText(str(doc, 'first_name'));
    const last = plainText(str(doc, 'last_name'));
    if (first) extra.push(['profile:first_name', first]);
    if (last) extra.push(['profile:last_name', last]);
  }
  return {
    ogType: type === 'provider' ? 'profile' : 'website',
    title,
    description: itemDescription(type, doc),
    url: itemUrl(type, id, origin),
    image: absoluteImage(doc[kind.imageField], kind.bucket, origin),
    imageAlt: title,
    extra,
  };
}

export function documentTitle(card: ShareCard): string {
  return `${card.title} · ${SITE_NAME}`;
}

/** The tags, one per line, every value escaped. */
export function renderMetaTags(card: ShareCard): string {
  const prop = (p: string, v: string) => `<meta property="${p}" content="${escapeHtml(v)}" />`;
  const name = (n: string, v: string) => `<meta name="${n}" content="${escapeHtml(v)}" />`;
  return [
    prop('og:type', card.ogType),
    prop('og:site_name', SITE_NAME),
    prop('og:title', card.title),
    prop('og:description', card.description),
    prop('og:url', card.url),
    prop('og:image', card.image),
    prop('og:image:alt', card.imageAlt),
    ...card.extra.map(([p, v]) => prop(p, v)),
    name('twitter:card', 'summary_large_image'),
    name('twitter:title', card.title),
    name('twitter:description', card.description),
    name('twitter:image', card.image),
    name('twitter:image:alt', card.imageAlt),
    `<link rel="canonical" href="${escapeHtml(card.url)}" />`,
  ].join('\n    ');
}

const TITLE = /<title\b[^>]*>[\s\S]*?<\/title>/i;
const META_DESCRIPTION = /<meta\s[^>]*name\s*=\s*["']?description["']?[^>]*>/i;
const HEAD_END = /<\/head\s*>/i;
const HEAD_START = /<head\b[^>]*>/i;
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

/**
 * The shell with the card: <title> and the meta description replaced, the tags added at the end
 * of <head>. Replacements go through functions, so a `$&` in a value stays literal.
 */
export function injectShareCard(html: string, card: ShareCard): string {
  const title = `<title>${escapeHtml(documentTitle(card))}</title>`;
  const description = `<meta name="description" content="${escapeHtml(card.description)}" />`;
  let out = html;
  const pending: string[] = [];
  if (TITLE.test(out)) out = out.replace(TITLE, () => title);
  else pending.push(title);
  if (META_DESCRIPTION.test(out)) out = out.replace(META_DESCRIPTION, () => description);
  else pending.push(description);
  const tags = `  ${[...pending, renderMetaTags(card)].join('\n    ')}\n  `;
  if (HEAD_END.test(out)) return out.replace(HEAD_END, (end) => `${tags}${end}`);
  // No </head> (a hand-made shell): after <head>, or after the doctype, where a parser still
  // puts them in the head without leaving standards mode.
  const start = HEAD_START.exec(out) ?? DOCTYPE.exec(out);
  if (start) {
    const at = start.index + start[0].length;
    return `${out.slice(0, at)}\n${tags}${out.slice(at)}`;
  }
  return `${tags}\n${out}`;
}
