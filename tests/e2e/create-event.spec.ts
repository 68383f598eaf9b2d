// Create Event (/events/create, ADR 031). A member creates an event with an image (the
// missing fields give their texts first) and finds it in the Fete Guide and on its page; offline,
// the event and its image wait on the device across a reload and are published once the signal
// returns, exactly one event and one image; a visitor is told to sign in. Test events are titled
// "E2E …" and removed at the end, as the admin.
import type { Page } from '@playwright/test';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { catalogDocs, idOf, localToday, tokenFor } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';
import { signInOverApi } from './shell-support.ts';
import { filesUnder } from '../integration/uploads-helpers.ts';

const WAITING = "Waiting to publish — will be sent when you're back online";
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const pngBytes = () => sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 200, g: 60, b: 120 } } }).png().toBuffer();

function daysFromToday(days: number): string {
  const d = new Date(`${localToday()}T12:00:00`);
  d.setDate(d.getDate() + days);
  return d.toISOString().slice(0, 10);
}

const eventsTitled = async (server: E2eServer, title: string): Promise<Doc[]> => (await catalogDocs(server, 'event')).filter((d) => d.title === title);
const uploadsOf = (server: E2eServer, userId: string) => filesUnder(path.join(server.dataDir, 'uploads', 'events-images', userId));

async function removeTitled(server: E2eServer, title: string): Promise<void> {
  const token = await tokenFor(server, DEMO.admin);
  for (const doc of await eventsTitled(server, title)) {
    await fetch(`${server.url}/db/catalog/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(String(doc._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
}

const form = (page: Page) => page.locator('form.create-event__form');
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

async function fillRequired(page: Page, title: string, date: string): Promise<void> {
  await field(page, 'Title').fill(title);
  await field(page, 'Category').selectOption('Party');
  await field(page, 'Date').fill(date);
  await field(page, 'Start time').fill('22:00');
  await field(page, 'End time').fill('03:00');
  await field(page, 'Country').selectOption('Trinidad');
  await field(page, 'State or region').fill('Port of Spain');
  await field(page, 'Venue location').fill('Queen’s Park Savannah');
  await field(page, 'Description').fill('Steelpan until sunrise');
}

async function chooseImage(page: Page): Promise<void> {
  await field(page, 'Event image').setInputFiles({ name: 'flyer.png', mimeType: 'image/png', buffer: await pngBytes() });
  await expect(form(page).getByRole('img', { name: 'The chosen event image' })).toBeVisible();
}

test('a member creates an event with an image; it shows in the Fete Guide and on its page', async ({ page, server }) => {
  const member = await createAccount(server, 'create-event');
  const title = `E2E Created Event ${unique()}`;
  const date = daysFromToday(30);
  try {
    await signInOverApi(page, member, '/events/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();

    // Nothing filled: the spec's text, every required field marked, focus on the first.
    await form(page).getByRole('button', { name: 'Create Event' }).click();
    await expect(form(page).getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(field(page, 'Title')).toBeFocused();
    for (const label of ['Title', 'Category', 'Date', 'Start time', 'End time', 'Country', 'State or region', 'Venue location', 'Description']) {
      await expect(field(page, label), label).toHaveAttribute('aria-invalid', 'true');
    }
    await expectAccessible(page, '/events/create with errors at 1280 px');

    // One left out: still the same text, only that field marked.
    await fillRequired(page, title, date);
    await field(page, 'Venue location').fill('');
    await form(page).getByRole('button', { name: 'Create Event' }).click();
    await expect(form(page).getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(field(page, 'Venue location')).toBeFocused();
    await expect(field(page, 'Title')).not.toHaveAttribute('aria-invalid', 'true');
    await field(page, 'Venue location').fill('Queen’s Park Savannah');

    // The end before the start is the next morning, as the calendar export has it.
    await expect(form(page).getByText(/^Ends the next day, /)).toBeVisible();

    // Links are http(s) only; capacity is whole.
    await field(page, 'Ticket URL').fill('ftp://tickets.example/fete');
    await field(page, 'Capacity').fill('2.5');
    await form(page).getByRole('button', { name: 'Create Event' }).click();
    await expect(form(page).getByRole('alert')).toHaveText('Capacity must be a whole number');
    await expect(field(page, 'Capacity')).toBeFocused();
    await expect(form(page).locator('.field__error').filter({ hasText: 'Capacity must be a whole number' })).toBeVisible();
    await expect(form(page).locator('.field__error').filter({ hasText: 'Links must start with http:// or https://' })).toBeVisible();
    await expect(field(page, 'Ticket URL')).toHaveAttribute('aria-invalid', 'true');
    await field(page, 'Ticket URL').fill('https://tickets.example/fete');
    await field(page, 'Capacity').fill('300');
    await field(page, 'Price').fill('150.50');

    // Image files only.
    await field(page, 'Event image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(form(page).getByText('Please upload an image file')).toBeVisible();
    await chooseImage(page);
    await expect(form(page).getByText('Please upload an image file')).toHaveCount(0);

    await form(page).getByRole('button', { name: 'Create Event' }).click();
    await expect(page).toHaveURL(/\/fete-guide$/, { timeout: 30_000 });

    const [stored, ...others] = await eventsTitled(server, title);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      organizer_id: member.userId, active: true, category: 'Party', date, start_time: '22:00', end_time: '03:00', country: 'Trinidad',
      state: 'Port of Spain', location: 'Queen’s Park Savannah', price: 150.5, capacity: 300, ticket_url: 'https://tickets.example/fete',
    });
    const imagePath = String(stored?.image_url);
    expect(imagePath.startsWith(`${member.userId}/`)).toBe(true);

    await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
    const card = page.getByRole('heading', { level: 2, name: title });
    await expect(card).toBeVisible();
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/events/${idOf(stored as Doc)}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const img = page.getByRole('img', { name: title, exact: true });
    await expect(img).toHaveAttribute('src', `/uploads/events-images/${imagePath}`);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  } finally {
    await removeTitled(server, title);
  }
});

test('offline: the event and its image wait on the device across a reload, then publish exactly once', async ({ page, context, server }) => {
  const member = await createAccount(server, 'create-event-off');
  const title = `E2E Offline Event ${unique()}`;
  try {
    await signInOverApi(page, member, '/events/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
    await waitForServiceWorker(page);

    await reloadOffline(page, context);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline');
    await fillRequired(page, title, daysFromToday(31));
    await chooseImage(page);
    await form(page).getByRole('button', { name: 'Create Event' }).click();
    const waiting = page.getByTestId('waiting-events').getByRole('listitem').filter({ hasText: title });
    await expect(waiting).toContainText(WAITING);
    await expect(waiting).toContainText('with image');
    await expect(page.getByTestId('create-event-saved')).toContainText(WAITING);
    await expect(field(page, 'Title')).toHaveValue('');

    // Still waiting after a reload, image included; nothing reached the server.
    await reloadOffline(page, context);
    await expect(page.getByTestId('waiting-events').getByRole('listitem').filter({ hasText: title })).toContainText(WAITING);
    await expect(page.getByTestId('waiting-events').getByRole('listitem').filter({ hasText: title })).toContainText('with image');
    expect(await eventsTitled(server, title)).toEqual([]);
    expect(await uploadsOf(server, member.userId)).toEqual([]);
    await expectAccessible(page, '/events/create with a waiting event');

    // The signal returns: the image goes first, then the event pointing at it, once.
    await context.setOffline(false);
    await expect(page.getByTestId('waiting-events')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await eventsTitled(server, title)).length, { timeout: 20_000 }).toBe(1);
    const files = (await uploadsOf(server, member.userId)).sort();
    expect(files).toHaveLength(2); // one image: its large and its small variant
    const [event] = await eventsTitled(server, title);
    expect(event).toMatchObject({ organizer_id: member.userId, active: true });
    expect(`${member.userId}/${files.find((f) => !f.endsWith('-sm.webp'))}`).toBe(event?.image_url);

    // A later start sends nothing again.
    await page.reload();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
    expect(await eventsTitled(server, title)).toHaveLength(1);
    expect(await uploadsOf(server, member.userId)).toHaveLength(2);
    await page.goto(`/events/${idOf(event as Doc)}`);
    await expect(page.getByRole('img', { name: title, exact: true })).toHaveAttribute('src', `/uploads/events-images/${String(event?.image_url)}`);
  } finally {
    await removeTitled(server, title);
  }
});

test.describe('at 375 px', () => {
  test.use({ viewportSize: { width: 375, height: 740 } });

  test('a visitor is told to sign in; a member gets the form; both accessible', async ({ page, server }) => {
    await page.goto('/events/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
    await expect(page.getByText('You must be logged in to create an event', { exact: true })).toBeVisible();
    await expect(page.locator('form.create-event__form')).toHaveCount(0);
    await expectAccessible(page, '/events/create signed out at 375 px');

    const member = await createAccount(server, 'create-event-375');
    await signInOverApi(page, member, '/events/create');
    await expect(field(page, 'Title')).toBeVisible();
    await expect(page.getByText('You must be logged in to create an event', { exact: true })).toHaveCount(0);
    await expectAccessible(page, '/events/create at 375 px');
  });
});
