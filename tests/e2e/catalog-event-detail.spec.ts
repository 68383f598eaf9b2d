// The event page (/events/{id}): every field, tickets and the Fete ID button, the members-only
// discount and attendee list, the sign-in prompts, and the travel tools (calendar file, share,
// directions, JSON-LD). The demo data moves with today's date, so the events are read from the
// server and the expectations computed here.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { catalogDocs, idOf, membersDocs } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { toast } from './account-support.ts';
import { signInOverApi } from './shell-support.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const FETE_ID_SIGN_IN = 'Please sign in to purchase tickets with Fete ID';

type EventDoc = Doc & {
  title: string;
  category?: string | null;
  description?: string | null;
  location: string;
  state?: string | null;
  country?: string | null;
  date: string;
  end_date?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  price?: number | null;
  capacity?: number | null;
  ticket_url?: string | null;
  fete_id_ticket_url?: string | null;
  active: boolean;
};

function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

function time12(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

async function activeEvents(server: E2eServer): Promise<EventDoc[]> {
  return ((await catalogDocs(server, 'event')) as EventDoc[]).filter((e) => e.active);
}

/** A priced, timed event with both ticket links: the page with the most to show. */
function fullEvent(events: EventDoc[]): EventDoc {
  const found = events.find((e) => (e.price ?? 0) > 0 && e.ticket_url && e.fete_id_ticket_url && e.start_time && e.end_time && e.date >= today());
  expect(found, 'a demo event with tickets and a Fete ID link').toBeTruthy();
  return found!;
}

function title(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** Opens the page and waits for the event (the first catalogue pull may still be running). */
async function openEvent(page: Page, event: EventDoc): Promise<void> {
  await page.goto(`/events/${idOf(event)}`);
  await expect(title(page)).toHaveText(event.title, { timeout: 30_000 });
}

test('a visitor sees every field, the ticket link and a disabled Fete ID button, but no discount or attendees', async ({ page, server }) => {
  const event = fullEvent(await activeEvents(server));
  await openEvent(page, event);

  await expect(page).toHaveTitle(`${event.title} · Fete`);
  await expect(page.getByTestId('event-category')).toHaveText(event.category!);
  const dates = event.end_date && event.end_date !== event.date ? `${longDate(event.date)} - ${longDate(event.end_date)}` : longDate(event.date);
  await expect(page.getByTestId('event-date')).toHaveText(dates);
  await expect(page.getByTestId('event-time')).toHaveText(`${time12(event.start_time!)} - ${time12(event.end_time!)}`);
  await expect(page.getByTestId('event-location')).toHaveText(event.location);
  const region = page.getByTestId('event-region');
  if (event.state) await expect(region).toContainText(event.state);
  if (event.country) await expect(region).toContainText(event.country);
  await expect(page.getByTestId('event-price')).toHaveText(`$${event.price}`);
  await expect(page.getByTestId('event-capacity')).toHaveText(event.capacity!.toLocaleString('en-US'));
  if (event.description) await expect(page.getByText(event.description, { exact: true })).toBeVisible();
  // The hero picture names the event.
  await expect(page.locator('.detail__hero img')).toHaveAttribute('alt', event.title);

  const tickets = page.getByRole('link', { name: /^Buy Tickets/ });
  await expect(tickets).toHaveAttribute('href', event.ticket_url!);
  await expect(tickets).toHaveAttribute('target', '_blank');
  await expect(tickets).toHaveAttribute('rel', /noopener/);

  const feteId = page.getByTestId('fete-id-ticket');
  await expect(feteId).toHaveText(FETE_ID_SIGN_IN);
  await expect(feteId).toBeDisabled();
  await expect(page.getByRole('link', { name: /Buy with Fete ID/ })).toHaveCount(0);

  // Members' data is not on a visitor's device at all.
  await expect(page.getByTestId('event-discount')).toHaveCount(0);
  const attendees = page.getByTestId('attendees');
  await expect(attendees).toContainText("Sign in to see who's going.");
  await expect(attendees.getByRole('listitem')).toHaveCount(0);

  // Directions to the place, in a new tab.
  const directions = page.getByRole('link', { name: /Get Directions/ });
  const href = await directions.getAttribute('href');
  expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
  expect(new URL(href!).searchParams.get('destination')).toContain(event.location);
  await expect(directions).toHaveAttribute('target', '_blank');

  // schema.org Event data.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null') as Record<string, unknown>;
  expect(ld['@type']).toBe('Event');
  expect(ld.name).toBe(event.title);
  expect(ld.startDate).toBe(`${event.date}T${event.start_time}`);
  expect(ld.url).toBe(`${server.url}/events/${idOf(event)}`);
  expect((ld.offers as Record<string, unknown>).price).toBe(event.price);

  await expectAccessible(page, 'event detail, visitor');

  // Liking and attending need an account: the spec's prompts.
  await page.getByRole('button', { name: `Like ${event.title}` }).click();
  await expect(toast(page, 'Please sign in to like events')).toBeVisible();
  await page.getByTestId('attend-button').click();
  await expect(toast(page, 'Please sign in to mark attendance')).toBeVisible();
  await expect(page.getByTestId('attend-button')).toHaveText('Attend');
});

test('Add to Calendar downloads an .ics made on the device; Share copies the link', async ({ page, context, server }) => {
  const event = fullEvent(await activeEvents(server));
  const url = `${server.url}/events/${idOf(event)}`;
  // No share sheet (as on desktop Linux anyway): the clipboard path.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await openEvent(page, event);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to Calendar' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  // Every line ends in CRLF: no bare LF or CR anywhere.
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = ics.replace(/\r\n /g, '').split('\r\n');
  const escaped = event.title.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,');
  expect(lines).toContain(`SUMMARY:${escaped}`);
  expect(lines).toContain(`DTSTART:${event.date.replace(/-/g, '')}T${event.start_time!.replace(':', '')}00`);
  expect(lines).toContain(`UID:${idOf(event)}@fete`);
  expect(lines).toContain(`URL:${url}`);

  await page.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page, 'Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The clipboard refused as well: the link is shown to copy by hand.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page, `Copy this link: ${url}`)).toBeVisible();
});

test('a member sees the current discount, the attendee list and an enabled Fete ID link', async ({ page, server }) => {
  const events = await activeEvents(server);
  const byId = new Map(events.map((e) => [idOf(e), e]));
  const now = Date.now();
  const valid = (await membersDocs(server, 'event_discount')).filter((d) => {
    const from = d.valid_from ? Date.parse(`${String(d.valid_from).slice(0, 10)}T00:00:00Z`) : -Infinity;
    const until = d.valid_until ? Date.parse(`${String(d.valid_until).slice(0, 10)}T23:59:59.999Z`) : Infinity;
    return d.active === true && byId.has(String(d.event_id)) && from <= now && now <= until;
  });
  const attendance = (await membersDocs(server, 'attendance')).filter((a) => a.target_type === 'event');
  const attendedIds = new Set(attendance.map((a) => String(a.target_id)));
  // An event with exactly one valid discount, and attendees.
  const discount = valid.find((d) => attendedIds.has(String(d.event_id)) && valid.filter((o) => o.event_id === d.event_id).length === 1);
  expect(discount, 'a demo event with a valid discount and attendees').toBeTruthy();
  const event = byId.get(String(discount!.event_id))!;

  const profiles = new Map((await membersDocs(server, 'profile')).map((p) => [p._id, `${p.first_name} ${p.last_name}`.trim()]));
  const names = attendance.filter((a) => a.target_id === idOf(event)).map((a) => profiles.get(`profile:${String(a.user_id)}`));
  expect(names.length).toBeGreaterThan(0);

  await signInOverApi(page, DEMO.member, `/events/${idOf(event)}`);
  await expect(title(page)).toHaveText(event.title, { timeout: 30_000 });

  const box = page.getByTestId('event-discount');
  await expect(box).toBeVisible({ timeout: 30_000 });
  await expect(box.getByTestId('discount-code')).toHaveText(String(discount!.code));
  await expect(box.getByTestId('discount-percentage')).toHaveText(`${discount!.percentage}% off`);
  await expect(box.getByTestId('discount-description')).toHaveText(String(discount!.description));

  const list = page.getByTestId('attendees').getByRole('listitem');
  await expect(list).toHaveCount(names.length);
  // The same attendee list as a band page's: heading, count, avatar chips.
  await expect(page.getByTestId('attendees').getByRole('heading', { level: 2 })).toHaveText("Who's Going");
  await expect(page.getByTestId('attendees')).toContainText(names.length === 1 ? '1 person going' : `${names.length} people going`);
  await expect(list.first()).toHaveClass(/attendees__person/);
  for (const name of names) await expect(list.filter({ hasText: name! })).toHaveCount(1);
  await expect(page.getByTestId('attendees')).not.toContainText('Sign in');
  await expect(page.getByText(FETE_ID_SIGN_IN)).toHaveCount(0);

  await expectAccessible(page, 'event detail, member');

  // The Fete ID ticket link, enabled, on an event that has one.
  const withFeteId = fullEvent(events);
  await page.goto(`/events/${idOf(withFeteId)}`);
  await expect(title(page)).toHaveText(withFeteId.title);
  const feteId = page.getByRole('link', { name: /^Buy with Fete ID/ });
  await expect(feteId).toHaveAttribute('href', withFeteId.fete_id_ticket_url!);
  await expect(feteId).toHaveAttribute('target', '_blank');
  await expect(page.getByText(FETE_ID_SIGN_IN)).toHaveCount(0);
});

test("an unknown event says 'Event not found' with a way back to the Fete Guide", async ({ page }) => {
  await page.goto('/events/no-such-event');
  await expect(title(page)).toHaveText('Event not found', { timeout: 30_000 });
  await expectAccessible(page, 'event not found');
  await page.getByRole('link', { name: 'Back to Fete Guide' }).click();
  await expect(page).toHaveURL(/\/fete-guide$/);
});
