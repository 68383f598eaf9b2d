// The static preview a first visit paints before any script runs (ADR 060): the server's HTML of
// an item page's and the home page's top, escaped, in front of the app's root.
import { describe, expect, it } from 'vitest';
import { homeFirstScreen, injectFirstScreen, itemFirstScreen } from '../../sync-server/src/share/first-docs.ts';
import { PREVIEW_TEXT_MAX, eventListPreview, homePreview, injectPreview, itemPreview, previewFrame } from '../../sync-server/src/share/first-screen-html.ts';
import { listHead } from '../../sync-server/src/share/list-pages.ts';
import { shareKind } from '../../sync-server/src/share/meta.ts';

const SHELL = '<!doctype html><html><head><title>Fete</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const EVIL = '</div></main><script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';

const body = (html: string) => html.slice(html.indexOf('<body>'));

describe('the first visit\'s preview', () => {
  it('an event page: its back link, picture, category, title, date and place, the start of its text', () => {
    const event = { _id: 'event:e1', _rev: '1-a', type: 'event', title: 'Soca Sunrise', category: 'Fete', date: '2027-02-14', location: 'Queen\'s Park', country: 'Trinidad and Tobago', image_url: 'demo/e1.webp', description: 'Dawn on the savannah.' };
    const { html, images } = itemPreview(shareKind('event'), event);
    expect(html).toContain('<a href="/fete-guide" class="btn btn--ghost btn--small detail__back"><span aria-hidden="true">←</span> Back to Fete Guide</a>');
    expect(html).toContain('<img src="/uploads/events-images/demo/e1.webp" alt="Soca Sunrise" width="1200" height="600" fetchpriority="high" decoding="async" />');
    expect(html).toContain('<p class="card__kicker">Fete</p>');
    expect(html).toContain('<h1>Soca Sunrise</h1>');
    expect(html).toContain('<p class="first-screen__facts">February 14, 2027 · Queen&#39;s Park, Trinidad and Tobago</p>');
    expect(html).toContain('<p class="first-screen__text">Dawn on the savannah.</p>');
    expect(images).toEqual(['/uploads/events-images/demo/e1.webp']);
    // A festival, a carnival or a cruise is listed on Fete Travel: its back link goes there.
    expect(itemPreview(shareKind('event'), { ...event, category: 'Carnival' }).html).toContain('<a href="/fete-travel" class="btn btn--ghost btn--small detail__back"><span aria-hidden="true">←</span> Back to Fete Destinations</a>');
  });

  it('a band, a restaurant and a provider: their own back links and picture sizes', () => {
    expect(itemPreview(shareKind('band'), { _id: 'band:b1', name: 'Tribe', image_url: 'demo/b.webp' }).html).toMatch(/href="\/fete-destinations"[^>]*>.*Back to Fete Band<\/a>.*width="1200" height="520".*<h1>Tribe<\/h1>/);
    expect(itemPreview(shareKind('restaurant'), { _id: 'restaurant:r1', name: 'Roti Hut', cuisine: 'Indo-Caribbean' }).html).toMatch(/href="\/fete-eats"[^>]*>.*Back to Fete Eats<\/a>.*width="1200" height="500".*Indo-Caribbean.*<h1>Roti Hut<\/h1>/);
    const provider = itemPreview(shareKind('provider'), { _id: 'provider:p1', first_name: 'Ana', last_name: 'Lee', avatar_url: 'demo/ana.webp', bio: 'Glam.' });
    expect(provider.html).toContain('alt="Photo of Ana Lee" width="160" height="160"');
    expect(provider.html).toContain('<h1>Ana Lee</h1>');
    expect(provider.images).toEqual(['/uploads/avatars/demo/ana.webp']);
  });

  it('every text is escaped, and a long one is cut', () => {
    const { html } = itemPreview(shareKind('event'), { _id: 'event:x', title: EVIL, description: `${EVIL} ${'word '.repeat(400)}`, category: EVIL, location: EVIL });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</main>');
    expect(html).toContain('&lt;/div&gt;&lt;/main&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const text = /<p class="first-screen__text">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
    expect(text.endsWith('…')).toBe(true);
    expect(Array.from(text.replace(/&[a-z#0-9]+;/g, '_')).length).toBeLessThanOrEqual(PREVIEW_TEXT_MAX);
  });

  it('the home page: its first slide\'s pictures (the phone\'s below the breakpoint), title and subtitle, under the brand', () => {
    const { html, images } = homePreview({ _id: 'hero_slide:h1', title: 'Road March', subtitle: 'Feb 2027', image_url: 'demo/site/h1.webp', mobile_image_url: 'demo/site/h1-phone.webp' });
    expect(html).toContain('<picture class="hero__picture"><source media="(max-width: 767px)" srcset="/uploads/events-images/demo/site/h1-phone.webp" /><img class="hero__image" src="/uploads/events-images/demo/site/h1.webp" alt="" fetchpriority="high" decoding="async" /></picture>');
    expect(html).toContain('<h2 class="hero__title">Road March</h2><p class="hero__subtitle">Feb 2027</p>');
    expect(html).toContain('<h1 class="hero__heading">Fete</h1>');
    expect(images).toEqual(['/uploads/events-images/demo/site/h1.webp', '/uploads/events-images/demo/site/h1-phone.webp']);
    // No slide with a picture: the hero's own gradient and the brand.
    const empty = homePreview(undefined);
    expect(empty.html).not.toContain('<picture');
    expect(empty.html).toContain('<h1 class="hero__heading">Fete</h1>');
    expect(empty.images).toEqual([]);
  });

  it('goes in front of the app\'s root, with the top bar\'s links and the pictures the app hands over on', () => {
    const page = injectFirstScreen(SHELL, itemFirstScreen(shareKind('event'), { _id: 'event:e1', _rev: '1-a', title: 'Soca Sunrise', image_url: 'demo/e1.webp' }));
    const inBody = body(page);
    expect(inBody.indexOf('<div id="first-screen" class="first-screen" data-images="/uploads/events-images/demo/e1.webp">')).toBe('<body>'.length);
    expect(inBody.indexOf('<h1>Soca Sunrise</h1>')).toBeLessThan(inBody.indexOf('<div id="root"></div>'));
    expect(inBody).toContain('<a href="/signin" class="btn btn--ghost auth-links__signin">Sign In</a><a href="/signup" class="btn btn--primary">Sign Up</a>');
    // The app's scripts stay where the build put them.
    expect(inBody).toContain('<div id="root"></div><script type="module" src="/assets/index.js"></script>');
    expect(body(injectFirstScreen(SHELL, homeFirstScreen([{ _id: 'hero_slide:h1', active: true, title: 'Road March', image_url: 'demo/site/h1.webp' }])))).toContain('<h2 class="hero__title">Road March</h2>');
    // No slide with a picture: the home screen's own fallback slides, and the shell as built.
    expect(injectFirstScreen(SHELL, homeFirstScreen([{ _id: 'hero_slide:h1', active: true, title: 'Gradient' }]))).toBe(SHELL.replace('</head>', `  <script type="application/json" id="fete-first-docs">[{"_id":"hero_slide:h1","active":true,"title":"Gradient"}]</script>\n  </head>`));
  });

  it('leaves a shell without the plain root alone, and says nothing of pictures it has none of', () => {
    const other = '<html><body><div id="root" class="x"></div></body></html>';
    expect(injectPreview(other, previewFrame('<h1>x</h1>', []))).toBe(other);
    expect(previewFrame('<h1>x</h1>', [])).not.toContain('data-images');
  });
});

describe('the lists\' preview', () => {
  const ev = (id: string, fields: Record<string, unknown>) => ({ _id: `event:${id}`, type: 'event', active: true, title: id, ...fields });
  const EVENTS = [
    ev('late', { date: '2026-12-20', start_time: '22:00' }),
    ev('early', { date: '2026-12-20', start_time: '08:00' }),
    ev('first', { date: '2026-12-08' }),
    ev('carnival', { date: '2026-12-09', category: 'Carnival' }),
    ev('off', { date: '2026-12-09', active: false }),
    ev('over', { date: '2026-12-01', end_date: '2026-12-05' }),
    // Ended yesterday (UTC): still today somewhere west of here.
    ev('yesterday', { date: '2026-12-06' }),
    ev('running', { date: '2026-12-01', end_date: '2026-12-10' }),
    ev('undated', {}),
  ];

  it('takes the active events of the list that are not over anywhere, by date then start time', () => {
    expect(listHead(EVENTS, false, '2026-12-07').map((e) => e.title)).toEqual(['running', 'yesterday', 'first', 'early', 'late']);
    expect(listHead(EVENTS, true, '2026-12-07').map((e) => e.title)).toEqual(['carnival']);
    expect(listHead(EVENTS, false, '2026-12-07', 2)).toHaveLength(2);
  });

  it('draws the heading, the search and filters\' room and a card per event, as the app\'s cards read', () => {
    const { html, images } = eventListPreview({ title: 'Fete Guide', viewToggle: true }, [
      ev('e1', { title: 'Rebel <Salute>', date: '2026-12-14', end_date: '2026-12-15', start_time: '20:00', end_time: '06:00', price: 90, state: 'Saint Ann', country: 'Jamaica', location: 'Cove', image_url: 'u1/1765000000000-0123456789ab.webp', fete_ride_url: '/fete-rides' }),
      ev('e 2', { date: '2026-12-18', price: 12.5, state: 'Trinidad', country: 'Trinidad' }),
    ]);
    expect(html).toContain('<h1>Fete Guide</h1>');
    expect(html).toContain('<span class="first-screen__toggle"></span>');
    expect(html).toContain('<a class="card__link" href="/events/e1">Rebel &lt;Salute&gt;</a>');
    expect(html).toContain('<a class="card__link" href="/events/e%202">');
    expect(html).toContain('<span class="price-badge">$90</span>');
    expect(html).toContain('<span class="price-badge">$12.50</span>');
    expect(html).toContain('<span>December 14, 2026 - December 15, 2026</span>');
    expect(html).toContain('<span>8:00 PM - 6:00 AM</span>');
    expect(html).toContain('<p class="card__kicker">Saint Ann, Jamaica</p>');
    // A state equal to its country is said once.
    expect(html).toContain('<p class="card__kicker">Trinidad</p>');
    expect(html.match(/class="card__footer"/g)).toHaveLength(1);
    // The first card's picture is the page's main one; the small size, as the app's cards ask for it.
    expect(images[0]).toBe('/uploads/events-images/u1/1765000000000-0123456789ab-sm.webp');
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(eventListPreview({ title: 'Fete Destinations', viewToggle: false }, []).html).not.toContain('<ul');
  });
});
