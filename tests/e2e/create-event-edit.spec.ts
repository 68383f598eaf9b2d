// ADR 032: an organiser edits and deletes their own event from its page. Edit shows only to them
// (and admins); another member sees no Edit, is refused at /events/{id}/edit, and the server
// refuses their direct write. Offline, the edit form says so and keeps what was typed. Test events
// are titled "E2E …", created by fresh members over the API, and removed at the end as the admin.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import type { TestAccount } from './account-support.ts';
import { localToday, tokenFor } from './catalog-support.ts';
import { goOffline, signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

function daysFromToday(days: number): string {
  const d = new Date(`${localToday()}T12:00:00`);
  d.setDate(d.getDate() + days);
  return d.toISOString().slice(0, 10);
}

const eventUrl = (server: E2eServer, id: string) => `${server.url}/db/catalog/${encodeURIComponent(`event:${id}`)}`;

/** The member's own event, written as the Create Event form writes it. */
async function createOwnEvent(server: E2eServer, member: TestAccount, title: string): Promise<string> {
  const id = `e2e${unique()}`;
  const now = new Date().toISOString();
  const doc = {
    _id: `event:${id}`, type: 'event', title, category: 'Party', date: daysFromToday(40), start_time: '21:00', end_time: '02:00',
    country: 'Trinidad', state: 'Port of Spain', location: 'Queen’s Park Savannah', description: 'Steelpan until sunrise',
    organizer_id: member.userId, active: true, created_at: now, updated_at: now, updated_by: member.userId,
  };
  const res = await fetch(eventUrl(server, id), {
    method: 'PUT', headers: { authorization: `Bearer ${await tokenFor(server, member)}`, 'content-type': 'application/json' }, body: JSON.stringify(doc),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return id;
}

async function storedEvent(server: E2eServer, id: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(eventUrl(server, id));
  return res.ok ? ((await res.json()) as Record<string, unknown>) : null;
}

async function removeEvent(server: E2eServer, id: string): Promise<void> {
  const doc = await storedEvent(server, id);
  if (!doc) return;
  const token = await tokenFor(server, DEMO.admin);
  await fetch(`${eventUrl(server, id)}?rev=${encodeURIComponent(String(doc._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
}

const form = (page: Page) => page.locator('form.create-event__form');
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

async function searchGuide(page: Page, title: string) {
  await page.goto('/fete-guide');
  await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
  return page.getByRole('heading', { level: 2, name: title });
}

test('the organiser edits their event from its page, sees it everywhere, then deletes it', async ({ page, server }) => {
  const organiser = await createAccount(server, 'edit-event');
  const title = `E2E Editable Event ${unique()}`;
  const retitled = `${title} (moved)`;
  const id = await createOwnEvent(server, organiser, title);
  try {
    await signInOverApi(page, organiser, `/events/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();

    // Prefilled, with the Create Event checks.
    await expect(field(page, 'Title')).toHaveValue(title);
    await expect(field(page, 'Category')).toHaveValue('Party');
    await expect(field(page, 'End time')).toHaveValue('02:00');
    await expect(form(page).getByText(/^Ends the next day, /)).toBeVisible();
    await expectAccessible(page, '/events/{id}/edit at 1280 px');
    await field(page, 'Title').fill('');
    await form(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(form(page).getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(field(page, 'Title')).toBeFocused();

    await field(page, 'Title').fill(retitled);
    await form(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Event updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/events/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: retitled })).toBeVisible();
    expect(await storedEvent(server, id)).toMatchObject({ title: retitled, organizer_id: organiser.userId, active: true, updated_by: organiser.userId });

    await expect(await searchGuide(page, retitled)).toBeVisible();

    // Delete, after the question; the event leaves the Fete Guide and the server.
    await page.goto(`/events/${id}/edit`);
    await form(page).getByRole('button', { name: 'Delete Event' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this event?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await storedEvent(server, id)).not.toBeNull();
    await form(page).getByRole('button', { name: 'Delete Event' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/fete-guide$/);
    await expect(toast(page, 'Event deleted successfully')).toBeVisible();
    expect(await storedEvent(server, id)).toBeNull();
    await page.getByRole('searchbox', { name: 'Search events' }).fill(retitled);
    await expect(page.getByRole('heading', { level: 2, name: retitled })).toHaveCount(0);
  } finally {
    await removeEvent(server, id);
  }
});

test('another member sees no Edit, is refused the edit page, and the server refuses their writes', async ({ page, server }) => {
  const organiser = await createAccount(server, 'edit-event-own');
  const another = await createAccount(server, 'edit-event-other');
  const title = `E2E Someone Else's Event ${unique()}`;
  const id = await createOwnEvent(server, organiser, title);
  try {
    await signInOverApi(page, another, `/events/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);

    await page.goto(`/events/${id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
    await expect(page.getByText("Only the event's organiser can edit it", { exact: true })).toBeVisible();
    await expect(form(page)).toHaveCount(0);
    await expectAccessible(page, '/events/{id}/edit refused');

    // The UI hides; the server refuses.
    const stored = (await storedEvent(server, id)) as Record<string, unknown>;
    const headers = { authorization: `Bearer ${await tokenFor(server, another)}`, 'content-type': 'application/json' };
    const put = await fetch(eventUrl(server, id), {
      method: 'PUT', headers, body: JSON.stringify({ ...stored, title: 'E2E hijacked', updated_by: another.userId, updated_at: new Date().toISOString() }),
    });
    expect(put.status).toBe(403);
    const del = await fetch(`${eventUrl(server, id)}?rev=${encodeURIComponent(String(stored._rev))}`, { method: 'DELETE', headers });
    expect(del.status).toBe(403);
    expect(await storedEvent(server, id)).toMatchObject({ title, _rev: stored._rev });
  } finally {
    await removeEvent(server, id);
  }
});

test('an edit over a version someone else has since changed is a clear conflict; Reload shows theirs', async ({ page, server }) => {
  const organiser = await createAccount(server, 'edit-event-conflict');
  const title = `E2E Conflicted Event ${unique()}`;
  const id = await createOwnEvent(server, organiser, title);
  try {
    await signInOverApi(page, organiser, `/events/${id}/edit`);
    await expect(field(page, 'Title')).toHaveValue(title);

    // Meanwhile, another tab (here the API) saves a newer version.
    const stored = (await storedEvent(server, id)) as Record<string, unknown>;
    const theirs = { ...stored, description: 'Moved indoors', updated_at: new Date().toISOString() };
    const put = await fetch(eventUrl(server, id), {
      method: 'PUT', headers: { authorization: `Bearer ${await tokenFor(server, organiser)}`, 'content-type': 'application/json' }, body: JSON.stringify(theirs),
    });
    expect(put.status).toBe(201);

    await field(page, 'Title').fill(`${title} mine`);
    await form(page).getByRole('button', { name: 'Save Changes' }).click();
    const changed = page.getByTestId('edit-event-changed');
    await expect(changed).toContainText('This event was changed by someone else while you were editing. Reload to see their version.');
    expect(await storedEvent(server, id)).toMatchObject({ title, description: 'Moved indoors' });

    await changed.getByRole('button', { name: 'Reload' }).click();
    await expect(field(page, 'Description')).toHaveValue('Moved indoors');
    await expect(field(page, 'Title')).toHaveValue(title);
    await expect(page.getByTestId('edit-event-changed')).toHaveCount(0);
  } finally {
    await removeEvent(server, id);
  }
});

test.describe('at 375 px', () => {
  test.use({ viewportSize: { width: 375, height: 740 } });

  test('the edit screen is accessible; offline it says so and keeps what was typed', async ({ page, context, server }) => {
    const organiser = await createAccount(server, 'edit-event-375');
    const title = `E2E Small Screen Event ${unique()}`;
    const id = await createOwnEvent(server, organiser, title);
    try {
      await signInOverApi(page, organiser, `/events/${id}/edit`);
      await expect(field(page, 'Title')).toHaveValue(title);
      await expectAccessible(page, '/events/{id}/edit at 375 px');

      await goOffline(context, page);
      await field(page, 'Title').fill(`${title} offline`);
      await form(page).getByRole('button', { name: 'Save Changes' }).click();
      await expect(form(page).getByRole('alert')).toContainText("You're offline.");
      await expect(field(page, 'Title')).toHaveValue(`${title} offline`);
      expect(await storedEvent(server, id)).toMatchObject({ title });
      await expectAccessible(page, '/events/{id}/edit offline at 375 px');

      // Back online, the same typed change saves.
      await context.setOffline(false);
      await expect(page.getByTestId('edit-event-offline')).toHaveCount(0, { timeout: 30_000 });
      await form(page).getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `${title} offline` })).toBeVisible();
      expect(await storedEvent(server, id)).toMatchObject({ title: `${title} offline` });
    } finally {
      await removeEvent(server, id);
    }
  });
});
