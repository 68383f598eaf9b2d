// The previews of Fete Band, Fete Eats and Fete Faces (ADR 060): each list's heading, the room its
// search, filters and count take (shapes only), and its first cards in the app's own markup and
// classes, so the page the app draws beneath sits where the preview sat. The texts read as the
// app's cards write them (tests/unit/catalog-list-html.test.ts holds them to the app's helpers).
// Pure: documents in, HTML out; every text escaped, every link a plain link.
import { safeExternalUrl } from '../../../design-docs/src/external-url.ts';
import { imageSources } from '../../../design-docs/src/image-url.ts';
import type { UploadBucket } from '../../../design-docs/src/constants.ts';
import { CALENDAR_ICON, CLOCK_ICON, PIN_ICON, PREVIEW_TEXT_MAX, cardMeta, dateRange, str, timeRange } from './first-screen-html.ts';
import type { LooseDoc } from './meta.ts';
import { escapeHtml as esc, trimText } from './meta.ts';

/** The provider card's filled star (web/src/components/catalog/social-icons.tsx, 18 px). */
const STAR_ICON = '<svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" stroke="currentColor" stroke-width="2" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12 2.8l2.8 5.8 6.4.9-4.6 4.5 1.1 6.3L12 17.3l-5.7 3 1.1-6.3-4.6-4.5 6.4-.9z" /></svg>';
const SMALL_PIN_ICON = PIN_ICON.replace('width="18" height="18"', 'width="16" height="16"');
/** The services a provider's card names before "+N". */
const CARD_SERVICES = 2;

const hidden = (text: string) => `<span class="visually-hidden">${esc(text)}</span>`;

/** "Port of Spain, Trinidad": the parts that are set, spaces made single, a repeat said once. */
export function joinPlace(...parts: string[]): string {
  const out: string[] = [];
  for (const part of parts) {
    const v = part.replace(/\s+/g, ' ').trim();
    if (v && !out.some((p) => p.toLowerCase() === v.toLowerCase())) out.push(v);
  }
  return out.join(', ');
}

/** The card's picture: the source the app's card asks for first; the first card's is the page's main one. */
function picture(doc: LooseDoc, field: string, bucket: UploadBucket, alt: string, width: number, height: number, first: boolean): Card {
  const value = doc[field];
  const src = imageSources(typeof value === 'string' ? value : null, bucket, 'small')[0] ?? '';
  // The box the app's picture (FeteImage) keeps: its own ratio, over the card's default one.
  const html = `<img src="${esc(src)}" alt="${esc(alt)}" width="${width}" height="${height}" decoding="async"${first ? ' fetchpriority="high"' : ' loading="lazy"'} style="aspect-ratio: ${width} / ${height}; object-fit: cover" />`;
  return { html, src };
}

function idOf(doc: LooseDoc, type: string): string {
  return typeof doc._id === 'string' && doc._id.startsWith(`${type}:`) ? doc._id.slice(type.length + 1) : '';
}

const titleLink = (href: string, text: string) => `<h2 class="card__title"><a class="card__link" href="${esc(href)}">${esc(text)}</a></h2>`;

export interface ListPreview {
  html: string;
  images: string[];
}

interface Card {
  html: string;
  src: string;
}

/**
 * A list's page: its section and heading, the room its search box, filter button and (`count`)
 * count line take, and its cards; the first card's picture is the page's main one.
 */
function listPage(section: string, header: string, count: boolean, listClass: string, cards: readonly Card[]): ListPreview {
  const html = [
    `<section class="${section}">`,
    `<header class="catalog-page__header">${header}</header>`,
    '<div class="catalog-toolbar" aria-hidden="true"><span class="catalog-search first-screen__search"></span></div>',
    '<div class="first-screen__filters" aria-hidden="true"></div>',
    count ? '<p class="catalog-count" aria-hidden="true">&nbsp;</p>' : '',
    `<ul class="${listClass}">${cards.map((c) => c.html).join('')}</ul>`,
    '</section>',
  ].join('');
  return { html, images: cards.map((c) => c.src).filter(Boolean) };
}

/** A link out of the app, as the app's ExternalLink draws it; nothing for an address that is no http(s) one. */
function externalLink(value: unknown, className: string, text: string): string {
  const url = safeExternalUrl(typeof value === 'string' ? value : null);
  return url ? `<a class="${className}" href="${esc(url)}" target="_blank" rel="noopener noreferrer">${esc(text)}${hidden(' (opens in a new tab)')}</a>` : '';
}

/** The band's ways out as a visitor sees them (registering with a Fete ID is for members). */
function bandLinks(b: LooseDoc): string {
  return [
    externalLink(b.website_url, 'btn btn--ghost btn--small', 'Website'),
    externalLink(b.instagram_url, 'btn btn--ghost btn--small', 'Instagram'),
    externalLink(b.registration_url, 'btn btn--primary btn--small', 'Register Now'),
  ].join('');
}

function bandRow(b: LooseDoc, first: boolean): Card {
  const name = str(b, 'name');
  const href = `/bands/${encodeURIComponent(idOf(b, 'band'))}`;
  const pic = picture(b, 'image_url', 'band-images', name, 320, 240, first);
  const year = typeof b.year === 'number' && Number.isInteger(b.year) && b.year !== 0 ? String(b.year) : '';
  const description = str(b, 'description');
  const html = [
    '<li><article class="card card--row band-row">',
    `<div class="card__media band-row__media">${pic.html}</div>`,
    '<div class="card__body">',
    year ? `<p class="card__kicker">${esc(year)}</p>` : '',
    titleLink(href, name),
    cardMeta(CALENDAR_ICON, dateRange(str(b, 'start_date'), str(b, 'end_date'))),
    cardMeta(PIN_ICON, joinPlace(str(b, 'location'), str(b, 'country'))),
    // Three lines show (the app's style clamps them): the start of a long text is enough.
    description ? `<p class="band-row__description">${esc(trimText(description, PREVIEW_TEXT_MAX))}</p>` : '',
    `<div class="card__footer">${bandLinks(b)}<a class="btn btn--secondary btn--small" href="${esc(href)}">View Band Details</a></div>`,
    '</div></article></li>',
  ].join('');
  return { html, src: pic.src };
}

/** Fete Band (/fete-destinations): the heading, its lead and layout switch, and the first bands' large rows. */
export function bandListPreview(bands: readonly LooseDoc[]): ListPreview {
  const header = [
    '<div><h1>Fete Band</h1><p class="catalog-page__lead">Fete Destinations: carnival bands, their road dates and how to register.</p></div>',
    '<span class="first-screen__toggle" aria-hidden="true"></span>',
  ].join('');
  return listPage('page catalog-page bands-page', header, true, 'card-list bands-rows', bands.map((b, i) => bandRow(b, i === 0)));
}

function restaurantCard(r: LooseDoc, first: boolean): Card {
  const pic = picture(r, 'image_url', 'restaurant-images', '', 480, 300, first);
  const price = str(r, 'price_range');
  const region = joinPlace(str(r, 'state'), str(r, 'country'));
  const cuisine = str(r, 'cuisine');
  const html = [
    '<li><article class="card eats-card">',
    `<div class="card__media">${pic.html}`,
    price ? `<span class="price-badge">${hidden('Price range ')}${esc(price)}</span>` : '',
    '</div><div class="card__body">',
    region ? `<p class="card__kicker">${esc(region)}</p>` : '',
    titleLink(`/restaurants/${encodeURIComponent(idOf(r, 'restaurant'))}`, str(r, 'name')),
    cuisine ? `<p class="eats-card__cuisine"><span class="chip">${esc(cuisine)}</span></p>` : '',
    cardMeta(CLOCK_ICON, timeRange(str(r, 'opening_time'), str(r, 'closing_time'))),
    cardMeta(PIN_ICON, str(r, 'location')),
    '</div></article></li>',
  ].join('');
  return { html, src: pic.src };
}

/** Fete Eats (/fete-eats): the heading and the first restaurants' cards, by name. */
export function restaurantListPreview(restaurants: readonly LooseDoc[]): ListPreview {
  return listPage('catalog-page eats-page', '<h1>Fete Eats</h1>', false, 'card-grid', restaurants.map((r, i) => restaurantCard(r, i === 0)));
}

/** "4.5": a provider's rating to one decimal, none counting as 0. */
export function ratingText(rating: unknown): string {
  return (typeof rating === 'number' && Number.isFinite(rating) ? rating : 0).toFixed(1);
}

function providerCard(p: LooseDoc, first: boolean): Card {
  const name = `${str(p, 'first_name')} ${str(p, 'last_name')}`.trim();
  const pic = picture(p, 'avatar_url', 'avatars', '', 120, 120, first);
  const place = [str(p, 'state'), str(p, 'country')].filter(Boolean).join(', ');
  const services = (Array.isArray(p.services) ? p.services : []).filter((s): s is string => typeof s === 'string' && s.trim() !== '');
  const more = Math.max(0, services.length - CARD_SERVICES);
  const chips = services.slice(0, CARD_SERVICES).map((s) => `<li class="chip">${esc(s)}</li>`);
  if (more > 0) chips.push(`<li class="chip chip--more">+${more}${hidden(' more')}</li>`);
  const html = [
    '<li><article class="card face-card">',
    `<div class="face-card__avatar">${pic.html}</div>`,
    '<div class="card__body face-card__body">',
    titleLink(`/fete-faces/${encodeURIComponent(idOf(p, 'provider'))}`, name),
    `<p class="face-card__rating">${STAR_ICON}${hidden('Rating ')}<span>${ratingText(p.rating)}</span></p>`,
    cardMeta(SMALL_PIN_ICON, place, 'card__meta face-card__place'),
    chips.length > 0 ? `<ul class="face-card__services" aria-label="Services">${chips.join('')}</ul>` : '',
    '</div></article></li>',
  ].join('');
  return { html, src: pic.src };
}

/** Fete Faces (/fete-faces): the heading and the first providers' cards, best rated first. */
export function providerListPreview(providers: readonly LooseDoc[]): ListPreview {
  return listPage('page catalog-page faces-page', '<h1>Fete Faces</h1>', true, 'card-grid faces-grid', providers.map((p, i) => providerCard(p, i === 0)));
}
