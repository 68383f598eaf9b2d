// Fete Faces: the providers list (search, Service/Location/Rating filters, cards), a provider's
// page (rating, booking, about, services, visitor prompts) and the Clients lightbox (wrap-around,
// thumbnails, keys, swipe, focus). The expected providers are read from the server's demo data.
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { catalogDocs, idOf, showFilters, waitForCatalog } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { toast } from './account-support.ts';
import { signInOverApi } from './shell-support.ts';

interface Testimonial {
  id: string;
  caption?: string | null;
  client_name?: string | null;
  service?: string | null;
  order?: number;
  active?: boolean;
}

interface ProviderDoc extends Doc {
  first_name: string;
  last_name: string;
  services?: string[];
  rating?: number;
  total_ratings?: number;
  location?: string | null;
  state?: string | null;
  country?: string | null;
  bio?: string | null;
  instagram_url?: string | null;
  booking_url?: string | null;
  testimonials?: Testimonial[];
  active?: boolean;
}

async function activeProviders(server: Parameters<typeof catalogDocs>[0]): Promise<ProviderDoc[]> {
  const docs = (await catalogDocs(server, 'provider')) as ProviderDoc[];
  return docs.filter((d) => d.active === true);
}

/** Caption, client name and service, in that order. */
function captionPattern(t: Testimonial): RegExp {
  const esc = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp([t.caption, t.client_name, t.service].filter((v): v is string => !!v).map(esc).join('.*'));
}

const fullName = (p: ProviderDoc) => `${p.first_name} ${p.last_name}`;
const place = (p: ProviderDoc) => [p.state, p.country].filter(Boolean).join(', ');
const showing = (n: number) => `Showing ${n} ${n === 1 ? 'provider' : 'providers'}`;
const ratingCount = (n: number) => `${n} ${n === 1 ? 'rating' : 'ratings'}`;

/** The spec's rules, written out independently of the app: who should be listed for a filter. */
function expected(all: ProviderDoc[], f: { search?: string; service?: string; location?: string; min?: number }): ProviderDoc[] {
  const q = f.search?.trim().toLowerCase();
  return all.filter(
    (p) =>
      (!f.service || (p.services ?? []).includes(f.service)) &&
      (!f.location || place(p) === f.location) &&
      (f.min === undefined || (p.rating ?? 0) >= f.min) &&
      (!q || fullName(p).toLowerCase().includes(q) || (p.services ?? []).some((s) => s.toLowerCase().includes(q))),
  );
}

function cards(page: Page): Locator {
  return page.getByTestId('provider-card');
}

async function expectListed(page: Page, want: ProviderDoc[]): Promise<void> {
  await expect(page.getByTestId('faces-count')).toHaveText(showing(want.length));
  await expect(cards(page)).toHaveCount(want.length);
  const names = await cards(page).getByRole('heading', { level: 2 }).allTextContents();
  expect(names.sort()).toEqual(want.map(fullName).sort());
}

async function openFaces(page: Page): Promise<void> {
  await page.goto('/fete-faces');
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Faces', exact: true })).toBeVisible();
  await waitForCatalog(page);
}

test('Fete Faces lists the active providers as cards, best rated first', async ({ page, server }) => {
  const all = await activeProviders(server);
  expect(all.length).toBeGreaterThan(2);
  await openFaces(page);
  await expectListed(page, all);
  const names = await cards(page).getByRole('heading', { level: 2 }).allTextContents();
  const byRating = [...all].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
  expect(names[0]).toBe(fullName(byRating[0]!));
  expect(names.at(-1)).toBe(fullName(byRating.at(-1)!));

  // A card with more than two services: the first two, then '+N'; the rating to one decimal.
  const many = all.find((p) => (p.services ?? []).length > 2)!;
  expect(many, 'a demo provider with three or more services').toBeTruthy();
  const card = cards(page).filter({ has: page.getByRole('link', { name: fullName(many), exact: true }) });
  await expect(card.getByTestId('provider-rating')).toHaveText(`Rating ${(many.rating ?? 0).toFixed(1)}`);
  await expect(card.getByText(place(many), { exact: true })).toBeVisible();
  const chips = card.getByRole('list', { name: 'Services' }).getByRole('listitem');
  await expect(chips).toHaveText([many.services![0]!, many.services![1]!, `+${many.services!.length - 2} more`]);
  await expect(card.getByTestId('more-services')).toBeVisible();
  await expect(card.getByRole('link', { name: fullName(many), exact: true })).toHaveAttribute('href', `/fete-faces/${idOf(many)}`);
  // A two-service card has no '+N'.
  const two = all.find((p) => (p.services ?? []).length === 2);
  if (two) await expect(cards(page).filter({ has: page.getByRole('link', { name: fullName(two), exact: true }) }).getByTestId('more-services')).toHaveCount(0);
  // Visitors see no feature stars.
  await expect(page.getByTestId('feature-toggle')).toHaveCount(0);
  await expectAccessible(page, 'Fete Faces list');

  // The whole card opens the provider: a click near its corner, away from the name.
  await card.click({ position: { x: 24, y: 24 } });
  await expect(page).toHaveURL(new RegExp(`/fete-faces/${idOf(many)}$`));
  await expect(page.getByRole('heading', { level: 1, name: fullName(many) })).toBeVisible();
});

test('search and the Service, Location and Rating filters narrow the list; no match says so', async ({ page, server }) => {
  const all = await activeProviders(server);
  await openFaces(page);
  await expectListed(page, all);
  const search = page.getByPlaceholder('Search for makeup artists...');
  const reset = page.getByRole('button', { name: 'Reset Filters' });
  await expect(reset).toHaveCount(0);

  // By name (part of the last name, in another case) and by a service.
  const someone = all[Math.floor(all.length / 2)]!;
  const byName = someone.last_name.slice(0, 4).toUpperCase();
  await search.fill(byName);
  await expectListed(page, expected(all, { search: byName }));
  await expect(reset).toBeVisible();
  const rareService = [...new Set(all.flatMap((p) => p.services ?? []))].map((s) => ({ s, n: expected(all, { service: s }).length })).sort((a, b) => a.n - b.n)[0]!.s;
  const term = rareService.toLowerCase().slice(0, 6);
  await search.fill(term);
  await expectListed(page, expected(all, { search: term }));
  await search.fill('');

  // Service: the options are the services in the data; picking one keeps those who offer it.
  await showFilters(page);
  const service = page.getByLabel('Service', { exact: true });
  const offered = [...new Set(all.flatMap((p) => p.services ?? []))];
  const options = await service.locator('option').allTextContents();
  expect(options[0]).toBe('All Services');
  expect(options.slice(1).sort()).toEqual(offered.sort());
  await service.selectOption({ label: rareService });
  await expectListed(page, expected(all, { service: rareService }));

  // Location: each 'state, country' once.
  await service.selectOption({ label: 'All Services' });
  const location = page.getByLabel('Location', { exact: true });
  const places = [...new Set(all.map(place))];
  expect((await location.locator('option').allTextContents()).slice(1).sort()).toEqual(places.sort());
  const shared = places.map((pl) => ({ pl, n: expected(all, { location: pl }).length })).sort((a, b) => b.n - a.n)[0]!.pl;
  await location.selectOption({ label: shared });
  await expectListed(page, expected(all, { location: shared }));
  await location.selectOption({ label: 'All Locations' });

  // Rating: 4.5+, 4.0+, 3.5+ keep ratings at or above.
  const rating = page.getByLabel('Rating', { exact: true });
  expect(await rating.locator('option').allTextContents()).toEqual(['Any Rating', '4.5+', '4.0+', '3.5+']);
  for (const [label, min] of [['4.0+', 4], ['3.5+', 3.5], ['4.5+', 4.5]] as const) {
    await rating.selectOption({ label });
    const want = expected(all, { min });
    if (want.length > 0) await expectListed(page, want);
    else await expect(page.getByText('No providers found', { exact: true })).toBeVisible();
  }

  // Filters combine; Reset Filters clears all of them and hides itself.
  await rating.selectOption({ label: '3.5+' });
  await service.selectOption({ label: rareService });
  await expectListed(page, expected(all, { service: rareService, min: 3.5 }));
  await reset.click();
  await expectListed(page, all);
  await expect(service).toHaveValue('');
  await expect(rating).toHaveValue('');
  await expect(reset).toHaveCount(0);

  // No match: the empty text (checked by axe too); Reset Filters brings everyone back.
  await search.fill('zzz-nobody-zzz');
  await expect(page.getByText('No providers found', { exact: true })).toBeVisible();
  await expect(page.getByTestId('faces-count')).toHaveText('Showing 0 providers');
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page, 'Fete Faces, nothing found');
  await reset.click();
  await expectListed(page, all);
  await expect(search).toHaveValue('');
});

test("a provider page: rating, location, booking, about, services, visitor prompts; 'Provider not found'", async ({ page, server }) => {
  const all = await activeProviders(server);
  const booked = all.find((p) => !!p.booking_url && !!p.instagram_url)!;
  // The demo keeps some providers without a booking link for exactly this state.
  const unbooked = all.find((p) => !p.booking_url)!;
  expect(booked, 'a demo provider with a booking link').toBeTruthy();
  expect(unbooked, 'a demo provider without a booking link').toBeTruthy();

  await page.goto(`/fete-faces/${idOf(booked)}`);
  const h1 = page.getByRole('heading', { level: 1, name: fullName(booked), exact: true });
  await expect(h1).toBeVisible();
  await expect(page).toHaveTitle(`${fullName(booked)} · Fete`);
  const summary = page.getByTestId('provider-rating-summary');
  await expect(summary.getByText((booked.rating ?? 0).toFixed(1), { exact: true })).toBeVisible();
  await expect(summary.getByText(ratingCount(booked.total_ratings ?? 0), { exact: true })).toBeVisible();
  await expect(page.getByText('Service Location', { exact: true })).toBeVisible();
  await expect(page.getByText([booked.location, booked.state, booked.country].filter(Boolean).join(', '), { exact: true })).toBeVisible();
  const book = page.getByRole('link', { name: 'Book Now' });
  await expect(book).toHaveAttribute('href', booked.booking_url!);
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('button', { name: 'Booking Coming Soon' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Follow on Instagram' })).toHaveAttribute('href', booked.instagram_url!);
  await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
  await expect(page.getByText(booked.bio!, { exact: true })).toBeVisible();
  const services = page.getByRole('region', { name: 'Services' }).getByRole('listitem');
  await expect(services).toHaveText(booked.services!);
  await expect(page.getByRole('heading', { level: 2, name: 'Clients' })).toBeVisible();
  await expectAccessible(page, 'provider page');

  // A visitor is asked to sign in to like or rate.
  await page.getByRole('button', { name: `Like ${fullName(booked)}` }).click();
  await expect(toast(page, 'Please sign in to like providers')).toBeVisible();
  await page.getByRole('radio', { name: '4 stars' }).click();
  await expect(toast(page, 'Please sign in to rate providers')).toBeVisible();

  // No booking link: a disabled 'Booking Coming Soon' and no 'Book Now'.
  await page.goto(`/fete-faces/${idOf(unbooked)}`);
  await expect(page.getByRole('heading', { level: 1, name: fullName(unbooked), exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Booking Coming Soon' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Book Now' })).toHaveCount(0);

  // Back to the list.
  await page.getByRole('link', { name: 'Back to Fete Faces' }).click();
  await expect(page).toHaveURL(/\/fete-faces$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fete Faces', exact: true })).toBeVisible();

  // An unknown id, once the catalogue has synced (before that it is still 'loading').
  await page.goto('/fete-faces/no-such-provider');
  await waitForCatalog(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Provider not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Fete Faces' }).click();
  await expect(page).toHaveURL(/\/fete-faces$/);
});

test('the Clients lightbox: wrap-around, thumbnails, keys, swipe, caption and focus', async ({ page, server }) => {
  const all = await activeProviders(server);
  const provider = all.find((p) => (p.testimonials ?? []).filter((t) => t.active !== false).length >= 3)!;
  expect(provider, 'a demo provider with three client photos').toBeTruthy();
  const shots = (provider.testimonials ?? []).filter((t) => t.active !== false).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const n = shots.length;

  await page.goto(`/fete-faces/${idOf(provider)}`);
  const gallery = page.getByTestId('provider-clients').getByRole('button');
  await expect(gallery).toHaveCount(n);
  await expect(page.getByTestId('provider-clients').getByRole('listitem')).toHaveText(shots.map(captionPattern));

  const dialog = page.getByRole('dialog', { name: `Clients of ${fullName(provider)}` });
  const thumbs = dialog.getByRole('list', { name: 'Thumbnails' }).getByRole('button');
  async function expectShown(i: number): Promise<void> {
    await expect(dialog.getByText(`Image ${i + 1} of ${n}`, { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('lightbox-caption')).toHaveText(captionPattern(shots[i]!));
    // Exactly one thumbnail is current (a second would make this locator ambiguous), and it is this one.
    await expect(dialog.locator('[aria-current="true"]')).toHaveAccessibleName(`Show image ${i + 1} of ${n}`);
  }

  // Opens on the image that was clicked.
  await gallery.nth(1).click();
  await expect(dialog).toBeVisible();
  await expectShown(1);
  await expect(thumbs).toHaveCount(Math.min(4, n));

  // Previous and Next wrap around both ends.
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await expectShown(0);
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await expectShown(n - 1);
  await dialog.getByRole('button', { name: 'Next image' }).click();
  await expectShown(0);

  // Arrow keys move (and wrap).
  await page.keyboard.press('ArrowRight');
  await expectShown(1);
  await page.keyboard.press('ArrowLeft');
  await expectShown(0);
  await page.keyboard.press('ArrowLeft');
  await expectShown(n - 1);
  await page.keyboard.press('ArrowRight');
  await expectShown(0);

  // A thumbnail shows its image.
  await dialog.getByRole('button', { name: `Show image 2 of ${n}` }).click();
  await expectShown(1);
  await expect(thumbs).toHaveCount(Math.min(4, n));

  // Swipe: more than 50 px left is next, right is previous; a short drag does nothing.
  const stage = dialog.getByTestId('lightbox-stage');
  const box = (await stage.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  async function drag(dx: number): Promise<void> {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + 4, { steps: 6 });
    await page.mouse.up();
  }
  await drag(-140);
  await expectShown(2 % n);
  await drag(140);
  await expectShown(1);
  await drag(30);
  await expectShown(1);

  await expectAccessible(page, 'Clients lightbox');

  // Escape closes; focus goes back to the image that opened the lightbox.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(gallery.nth(1)).toBeFocused();

  // So does the close button, from the keyboard too.
  await gallery.nth(0).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectShown(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(gallery.nth(0)).toBeFocused();
});

test('the admin sees the feature star on each card, pressed for the featured faces', async ({ page, server }) => {
  const all = await activeProviders(server);
  const featured = new Set(
    (await catalogDocs(server, 'featured')).filter((d) => d.item_type === 'face' && d.active !== false).map((d) => String(d.item_id)),
  );
  await signInOverApi(page, DEMO.admin, '/fete-faces');
  await waitForCatalog(page);
  await expectListed(page, all);
  const stars = page.getByTestId('feature-toggle');
  await expect(stars).toHaveCount(all.length);
  for (const p of all) {
    const card = cards(page).filter({ has: page.getByRole('link', { name: fullName(p), exact: true }) });
    await expect(card.getByTestId('feature-toggle')).toHaveAttribute('aria-pressed', String(featured.has(idOf(p))));
  }
});
