// The preview a first visit paints before any script has run (ADR 060): the top of the page the
// link lands on, as static HTML in the app's own classes (their styles are in the app's first
// stylesheet), laid over the app's root. The app takes it away once its own screen has drawn the
// same things (web/src/app/first-screen-handover.ts). Links are plain links, so a person who taps
// one before the app runs still gets where they meant to go. Pure: documents in, HTML out.
import { FIRST_SCREEN_ELEMENT_ID, MOBILE_BREAKPOINT_PX, TRAVEL_CATEGORIES } from '../../../design-docs/src/constants.ts';
import { heroImageUrl, imageSources } from '../../../design-docs/src/image-url.ts';
import type { LooseDoc, ShareKind, ShareType } from './meta.ts';
import { escapeHtml as esc, formatDate, itemTitle, plainText, trimText } from './meta.ts';

/** The longest description a preview shows: the first screen's worth, not the whole text. */
export const PREVIEW_TEXT_MAX = 600;

const ROOT = /<div id="root"><\/div>/;
const TRAVEL: readonly string[] = TRAVEL_CATEGORIES;

export function str(doc: LooseDoc, key: string): string {
  const v = doc[key];
  return typeof v === 'string' ? plainText(v) : '';
}

/** The top bar as the app draws it for a visitor: menu and brand below the breakpoint, sign-in links. */
const svg = (attrs: string, path: string) =>
  `<svg width="24" height="24" viewBox="0 0 24 24" ${attrs} aria-hidden="true" focusable="false"><path d="${path}" /></svg>`;
/** The app's menu icon and logo mark (web/src/components/layout/icons.tsx). */
const MENU_ICON = svg('fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"', 'M4 6h16M4 12h16M4 18h16');
const metaIcon = (inner: string) =>
  `<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${inner}</svg>`;
/** The cards' icons (web/src/components/catalog/social-icons.tsx). */
export const CALENDAR_ICON = metaIcon('<rect x="3" y="5" width="18" height="16" rx="2" /><path d="M3 10h18M8 3v4M16 3v4" />');
export const CLOCK_ICON = metaIcon('<circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" />');
export const PIN_ICON = metaIcon('<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" /><circle cx="12" cy="9.5" r="2.5" />');
const LOGO_PATH = 'M12 2l2.6 6.2L21 9l-5 4.4L17.5 20 12 16.7 6.5 20 8 13.4 3 9l6.4-.8z';
const LOGO_MARK = svg('fill="currentColor" class="topbar__logo"', LOGO_PATH);
const LIST_LOGO = svg('fill="currentColor" class="event-list__logo"', LOGO_PATH).replace('width="24" height="24"', 'width="36" height="36"');

function topBar(): string {
  return [
    '<header class="topbar">',
    '<div class="topbar__left first-screen__narrow">',
    `<span class="icon-button" aria-hidden="true">${MENU_ICON}</span>`,
    `<a href="/" class="topbar__brand topbar__brand--with-menu" aria-label="Fete home">${LOGO_MARK}<span class="topbar__name" aria-hidden="true">Fete</span></a>`,
    '</div>',
    '<div class="topbar__right">',
    '<div class="auth-links"><a href="/signin" class="btn btn--ghost auth-links__signin">Sign In</a><a href="/signup" class="btn btn--primary">Sign Up</a></div>',
    '</div>',
    '</header>',
  ].join('');
}

/**
 * The whole preview: the sidebar's column (wide screens), the top bar and the page's top. `images`
 * are the pictures the app's screen draws too: it hands over once they have loaded there. A list
 * waits instead for its first card's picture (`first-card`): the app's list follows the device's
 * own day, so its first card may not be the server's.
 */
export function previewFrame(content: string, images: readonly string[], wait: 'images' | 'first-card' = 'images'): string {
  const data = wait === 'first-card' ? ' data-wait="first-card"' : images.length > 0 ? ` data-images="${esc(images.join(' '))}"` : '';
  return [
    `<div id="${FIRST_SCREEN_ELEMENT_ID}" class="first-screen"${data}>`,
    '<div class="app app--with-sidebar">',
    '<div class="first-screen__sidebar" aria-hidden="true"></div>',
    '<div class="app__body">',
    topBar(),
    `<main class="app__main">${content}</main>`,
    '</div></div></div>',
  ].join('');
}

interface DetailShape {
  back: { href: string; label: string };
  width: number;
  height: number;
  kicker: string;
  facts: string[];
  text: string;
}

function detailShape(type: ShareType, doc: LooseDoc): DetailShape {
  const place = ['location', 'state', 'country'].map((k) => str(doc, k)).filter(Boolean).join(', ');
  switch (type) {
    case 'event': {
      const category = str(doc, 'category');
      const back = TRAVEL.includes(category) ? { href: '/fete-travel', label: 'Back to Fete Destinations' } : { href: '/fete-guide', label: 'Back to Fete Guide' };
      const date = str(doc, 'date');
      return { back, width: 1200, height: 600, kicker: category, facts: [date ? formatDate(date) : '', place], text: str(doc, 'description') };
    }
    case 'band':
      return { back: { href: '/fete-destinations', label: 'Back to Fete Band' }, width: 1200, height: 520, kicker: '', facts: [place], text: str(doc, 'description') };
    case 'restaurant':
      return { back: { href: '/fete-eats', label: 'Back to Fete Eats' }, width: 1200, height: 500, kicker: str(doc, 'cuisine'), facts: [place], text: str(doc, 'description') };
    case 'provider':
      return { back: { href: '/fete-faces', label: 'Back to Fete Faces' }, width: 160, height: 160, kicker: '', facts: [place], text: str(doc, 'bio') };
  }
}

/** An item page: back link, picture, kicker, title, the facts' line and the start of its text. */
export function itemPreview(kind: ShareKind, doc: LooseDoc): { html: string; images: string[] } {
  const shape = detailShape(kind.type, doc);
  const title = itemTitle(kind.type, doc);
  const value = doc[kind.imageField];
  const image = imageSources(typeof value === 'string' ? value : null, kind.bucket, 'large')[0] ?? '';
  const alt = kind.type === 'provider' ? `Photo of ${title}` : title;
  const facts = shape.facts.filter(Boolean).join(' · ');
  const picture = `<img src="${esc(image)}" alt="${esc(alt)}" width="${shape.width}" height="${shape.height}" fetchpriority="high" decoding="async" />`;
  const html = [
    '<article class="detail">',
    `<a href="${shape.back.href}" class="btn btn--ghost btn--small detail__back"><span aria-hidden="true">←</span> ${esc(shape.back.label)}</a>`,
    `<div class="detail__hero${kind.type === 'provider' ? ' first-screen__avatar' : ''}">${picture}</div>`,
    '<header class="detail__header"><div>',
    shape.kicker ? `<p class="card__kicker">${esc(shape.kicker)}</p>` : '',
    `<h1>${esc(title)}</h1>`,
    '</div></header>',
    facts ? `<p class="first-screen__facts">${esc(facts)}</p>` : '',
    shape.text ? `<p class="first-screen__text">${esc(trimText(shape.text, PREVIEW_TEXT_MAX))}</p>` : '',
    '</article>',
  ].join('');
  return { html, images: image ? [image] : [] };
}

/** The home page: the hero with its first slide, as the home screen draws it before it turns. */
export function homePreview(first: LooseDoc | undefined): { html: string; images: string[] } {
  const wide = first ? heroImageUrl(typeof first.image_url === 'string' ? first.image_url : null) : null;
  const mobile = first ? heroImageUrl(typeof first.mobile_image_url === 'string' ? first.mobile_image_url : null) : null;
  const title = first ? str(first, 'title') : '';
  const subtitle = first ? str(first, 'subtitle') : '';
  const picture = wide
    ? `<picture class="hero__picture">${mobile ? `<source media="(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)" srcset="${esc(mobile)}" />` : ''}<img class="hero__image" src="${esc(wide)}" alt="" fetchpriority="high" decoding="async" /></picture>`
    : '';
  const html = [
    '<div class="home"><section class="hero" aria-label="Highlights">',
    '<div class="hero__slides"><div class="hero__slide hero__slide--tone-0 hero__slide--active">',
    picture,
    `<div class="hero__text">${title ? `<h2 class="hero__title">${esc(title)}</h2>` : ''}${subtitle ? `<p class="hero__subtitle">${esc(subtitle)}</p>` : ''}</div>`,
    '</div></div>',
    '<div class="hero__brand"><h1 class="hero__heading">Fete</h1><p class="hero__lead">Carnival, fetes and festivals across the Caribbean.</p></div>',
    '</section></div>',
  ].join('');
  return { html, images: [wide, mobile].filter((u): u is string => u !== null) };
}

/** "Port of Spain, Trinidad"; a state equal to its country is said once (as the app's cards say it). */
function placeLabel(d: LooseDoc): string {
  const state = str(d, 'state');
  const country = str(d, 'country');
  if (state === '' || state === country) return country;
  return country === '' ? state : `${state}, ${country}`;
}

/** "8:00 PM", as the app's cards write a time. */
export function time12(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]) % 24;
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "March 1, 2026", or "March 1, 2026 - March 3, 2026" when the end is another day. */
export function dateRange(start: string, end: string): string {
  if (!start) return '';
  return end && end !== start ? `${formatDate(start)} - ${formatDate(end)}` : formatDate(start);
}

/** "11:00 AM - 10:00 PM", either side alone, '' when neither is set. */
export function timeRange(start: string, end: string): string {
  return [start, end].filter((t) => t.trim() !== '').map(time12).join(' - ');
}

const PRICE = [0, 2].map((digits) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }));

/** The app's price badge: none for 0 or no price; "$25", "$12.50". */
function priceBadge(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return '';
  return (PRICE[Number.isInteger(value) ? 0 : 1] as Intl.NumberFormat).format(value);
}

export interface EventListPage {
  title: string;
  /** Fete Guide has a grid or list switch beside its search; Fete Travel has none. */
  viewToggle: boolean;
}

/** A card's line of facts with its icon; nothing for an empty text. */
export function cardMeta(icon: string, text: string, className = 'card__meta'): string {
  return text ? `<p class="${className}">${icon}<span>${esc(text)}</span></p>` : '';
}

/**
 * Fete Guide or Fete Travel: the heading, the room the search and filters take (shapes only: a box
 * that looks like a field but drops what is typed would lose it), and the first cards.
 */
export function eventListPreview(page: EventListPage, events: readonly LooseDoc[]): { html: string; images: string[] } {
  const images: string[] = [];
  const cards = events.map((e) => {
    const id = typeof e._id === 'string' ? e._id.slice('event:'.length) : '';
    const image = imageSources(typeof e.image_url === 'string' ? e.image_url : null, 'events-images', 'small')[0] ?? '';
    if (image) images.push(image);
    const place = placeLabel(e);
    const dates = dateRange(str(e, 'date'), str(e, 'end_date'));
    const times = timeRange(str(e, 'start_time'), str(e, 'end_time'));
    const price = priceBadge(e.price);
    return [
      '<li><article class="card event-card">',
      // The first card's picture is the page's main one; the others wait for layout, as the app's do.
      `<div class="card__media"><img src="${esc(image)}" alt="" width="480" height="300" decoding="async"${images.length === 1 ? ' fetchpriority="high"' : ' loading="lazy"'} />`,
      price ? `<span class="price-badge">${esc(price)}</span>` : '',
      '</div><div class="card__body">',
      place ? `<p class="card__kicker">${esc(place)}</p>` : '',
      `<h2 class="card__title"><a class="card__link" href="/events/${esc(encodeURIComponent(id))}">${esc(str(e, 'title'))}</a></h2>`,
      cardMeta(CALENDAR_ICON, dates),
      cardMeta(CLOCK_ICON, times),
      cardMeta(PIN_ICON, str(e, 'location')),
      // The ride link's room (the app checks the address before it links it).
      str(e, 'fete_ride_url') ? '<div class="card__footer"><span class="event-card__ride" aria-hidden="true"></span></div>' : '',
      '</div></article></li>',
    ].join('');
  });
  const html = [
    '<section class="page catalog-page event-list-page">',
    `<header class="catalog-page__header"><div class="event-list__brand">${LIST_LOGO}<h1>${esc(page.title)}</h1></div></header>`,
    `<div class="catalog-toolbar" aria-hidden="true"><span class="catalog-search first-screen__search"></span>${page.viewToggle ? '<span class="first-screen__toggle"></span>' : ''}</div>`,
    '<div class="first-screen__filters" aria-hidden="true"></div>',
    cards.length > 0 ? `<ul class="card-grid event-list">${cards.join('')}</ul>` : '',
    '</section>',
  ].join('');
  return { html, images };
}

/** The shell with the preview laid before its root; a shell without the plain root is left alone. */
export function injectPreview(html: string, preview: string): string {
  return ROOT.test(html) ? html.replace(ROOT, () => `${preview}<div id="root"></div>`) : html;
}
