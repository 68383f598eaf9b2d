// ADR 028: two admins editing the same event end in a visible conflict, never a silent
// overwrite. Both browsers are the demo admin; the first saves, the second's save shows the
// panel with the other's values of the differing fields. 'Keep my changes' then wins on the
// server; in a second round 'Use theirs' drops the second admin's edit and shows the newest.
// The test event is titled "E2E …" and removed at the end.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, otherBrowser, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { localToday, putCatalogDoc, tokenFor } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function stored(server: E2eServer, id: string): Promise<Doc | null> {
  const token = await tokenFor(server, DEMO.admin);
  const res = await fetch(`${server.url}/db/catalog/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  return res.ok ? ((await res.json()) as Doc) : null;
}

async function removeEvent(server: E2eServer, id: string): Promise<void> {
  const doc = await stored(server, id);
  if (!doc) return;
  const token = await tokenFor(server, DEMO.admin);
  await fetch(`${server.url}/db/catalog/${encodeURIComponent(id)}?rev=${encodeURIComponent(String(doc._rev))}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
}

const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });
const editor = (page: Page, title: string) => page.getByRole('form', { name: `Editing ${title}` });

/** Opens Manage Events on the test event and its edit form. */
async function openEditor(page: Page, title: string) {
  await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
  const row = page.getByTestId('event-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = editor(page, title);
  await expect(form).toBeVisible();
  return form;
}

test('a second admin saving a stale event sees the conflict; Keep my changes wins, Use theirs shows the newest', async ({ page, server }) => {
  test.setTimeout(120_000);
  const title = `E2E Conflict Event ${unique()}`;
  const id = `event:${unique()}`;
  const at = new Date().toISOString();
  await putCatalogDoc(server, {
    _id: id, type: 'event', title, description: 'Two admins at once', date: localToday(), location: 'Savannah', state: 'Port of Spain', country: 'Trinidad',
    category: 'Party', price: 0, start_time: '18:00', end_time: '23:00', organizer_id: null, active: true, created_at: at, updated_at: at,
  });
  const other = await otherBrowser(server.url);
  const b = other.page;
  try {
    await signInOverApi(page, DEMO.admin, '/admin/events');
    await signInOverApi(b, DEMO.admin, '/admin/events');

    // Round 1: both edit; A saves a price; B's location save meets A's version.
    const formA = await openEditor(page, title);
    const formB = await openEditor(b, title);
    await formA.getByLabel('Price', { exact: true }).fill('111');
    await formA.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Event updated successfully')).toBeVisible();
    expect(await stored(server, id)).toMatchObject({ price: 111, location: 'Savannah' });

    await formB.getByLabel('Location', { exact: true }).fill('Chaguaramas Boardwalk');
    await formB.getByRole('button', { name: 'Save Changes', exact: true }).click();
    const panel = formB.getByTestId('conflict');
    await expect(panel.getByRole('heading', { name: 'Someone else changed this event while you were editing.' })).toBeVisible();
    await expect(panel).toBeFocused();
    // Their price and my location are the fields that differ; both values are shown.
    await expect(panel.getByRole('row', { name: /^Price/ })).toHaveText(/Price\s*111\s*0/);
    await expect(panel.getByRole('row', { name: /^Location/ })).toHaveText(/Location\s*Savannah\s*Chaguaramas Boardwalk/);
    await expect(panel.getByRole('row', { name: /^Title/ })).toHaveCount(0);
    // Nothing was overwritten; B's edit is still in the form.
    expect(await stored(server, id)).toMatchObject({ price: 111, location: 'Savannah' });
    await expect(formB.getByLabel('Location', { exact: true })).toHaveValue('Chaguaramas Boardwalk');
    await expectAccessible(b, '/admin/events with a conflict');

    await panel.getByRole('button', { name: 'Keep my changes', exact: true }).click();
    await expect(toast(b, 'Event updated successfully')).toBeVisible();
    await expect(formB).toHaveCount(0);
    expect(await stored(server, id)).toMatchObject({ price: 0, location: 'Chaguaramas Boardwalk' });

    // Round 2: A (on the newest version) changes the state; B's stale price meets it; B uses theirs.
    // After the reload the list's first look is this device's copy, which may still be the version
    // before B's: A waits for B's version, as an admin would, so that A's edit begins from it.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
    const rowA = page.getByTestId('event-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(rowA.getByText('Chaguaramas Boardwalk, Port of Spain, Trinidad', { exact: true })).toBeVisible();
    const formA2 = await openEditor(page, title);
    const formB2 = await openEditor(b, title);
    await formA2.getByLabel('State', { exact: true }).fill('San Fernando');
    await formA2.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Event updated successfully')).toBeVisible();

    await formB2.getByLabel('Price', { exact: true }).fill('999');
    await formB2.getByRole('button', { name: 'Save Changes', exact: true }).click();
    const panel2 = formB2.getByTestId('conflict');
    await expect(panel2.getByRole('heading', { name: 'Someone else changed this event while you were editing.' })).toBeVisible();
    await expect(panel2.getByRole('row', { name: /^State/ })).toHaveText(/State\s*San Fernando\s*Port of Spain/);
    await panel2.getByRole('button', { name: 'Use theirs', exact: true }).click();
    await expect(formB2).toHaveCount(0);
    const rowB = b.getByTestId('event-row').filter({ has: b.getByRole('heading', { name: title, exact: true }) });
    await expect(rowB.getByText('Chaguaramas Boardwalk, San Fernando, Trinidad', { exact: true })).toBeVisible();
    await expect(rowB.getByText('$0.00', { exact: true })).toBeVisible();
    expect(await stored(server, id)).toMatchObject({ price: 0, state: 'San Fernando', location: 'Chaguaramas Boardwalk' });
  } finally {
    await other.close();
    await removeEvent(server, id);
  }
});

test('an edit whose save fails offline is kept with a note across reloads, and saved once back online over the version it began from', async ({ page, context, server }) => {
  test.setTimeout(120_000);
  const title = `E2E Kept Event ${unique()}`;
  const id = `event:${unique()}`;
  const at = new Date().toISOString();
  await putCatalogDoc(server, {
    _id: id, type: 'event', title, description: 'Edited with no signal', date: localToday(), location: 'Savannah', state: 'Port of Spain', country: 'Trinidad',
    category: 'Party', price: 0, start_time: '18:00', end_time: '23:00', organizer_id: null, active: true, created_at: at, updated_at: at,
  });
  try {
    await signInOverApi(page, DEMO.admin, '/admin/events');
    await waitForServiceWorker(page);
    const form = await openEditor(page, title);
    await form.getByLabel('Location', { exact: true }).fill('Queen’s Park Oval');

    // The signal goes: the save fails, the form stays with the admin's value and says it is kept.
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(toast(page, 'Failed to update event')).toBeVisible();
    await expect(form.getByTestId('kit-kept')).toHaveText('Not saved yet. Your changes are kept on this device until you save or cancel them.');
    await expect(form.getByLabel('Location', { exact: true })).toHaveValue('Queen’s Park Oval');

    // A reload with no signal: the edit comes back from the device (shown over the device's copy
    // of the list), or, when the list cannot load at all, the page says the changes wait.
    await reloadOffline(page, context);
    const keptForm = editor(page, title).getByTestId('kit-kept');
    const waiting = page.getByTestId('kit-kept-waiting');
    // The page may show the edit over the device's copy first and then the waiting note once the
    // server's list fails: whichever it settles on is asserted, not the first frame.
    await expect(keptForm.or(waiting)).toBeVisible();
    await expect(async () => {
      if (await waiting.isVisible()) await expect(waiting).toHaveText('Your unsaved changes are kept on this device and come back when the list loads.', { timeout: 1_000 });
      else await expect(editor(page, title).getByLabel('Location', { exact: true })).toHaveValue('Queen’s Park Oval', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // Meanwhile another admin changes the price.
    const current = (await stored(server, id))!;
    await putCatalogDoc(server, { ...current, price: 45, updated_at: new Date().toISOString() });

    // Back online: the edit comes back as it was, and its save meets the other admin's version.
    await context.setOffline(false);
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
    const kept = editor(page, title);
    await expect(kept.getByLabel('Location', { exact: true })).toHaveValue('Queen’s Park Oval');
    await expect(kept.getByTestId('kit-kept')).toBeVisible();
    await kept.getByRole('button', { name: 'Save Changes', exact: true }).click();
    const panel = kept.getByTestId('conflict');
    await expect(panel.getByRole('row', { name: /^Price/ })).toHaveText(/Price\s*45\s*0/);
    expect(await stored(server, id)).toMatchObject({ price: 45, location: 'Savannah' });
    await panel.getByRole('button', { name: 'Keep my changes', exact: true }).click();
    await expect(toast(page, 'Event updated successfully')).toBeVisible();
    expect(await stored(server, id)).toMatchObject({ location: 'Queen’s Park Oval' });

    // Saved: nothing is kept any more; a reload shows the row, not an edit.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
    await expect(page.getByTestId('event-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) })).toBeVisible();
    await expect(editor(page, title)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    await removeEvent(server, id);
  }
});
