// ADR 035: the server checks a submission against its stored form. A member who sends
// one offline to a form an admin closes meanwhile sees it in Forms Status as "Not accepted" with
// the reason; it never reached the admins. "Fix and resend" brings the answers back into the form,
// and once the form is open again the corrected submission arrives. The refused one is then the
// member's to delete.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { serverSubmissions, targetWithForm } from './forms-support.ts';
import { adminWriter } from './catalog-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';
import { signInOverApi } from './shell-support.ts';
import { adminCallOverHttp } from '../integration/helpers/admin-http.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

const FIELDS = [
  { id: 'f1', type: 'text', label: 'Full name', required: true },
  { id: 'f2', type: 'number', label: 'Seats', required: false },
];

const form = (page: Page) => page.getByTestId('form-card');

/** The member's own submissions as the server holds them (a server-admin read of their userdb). */
async function memberSubmissions(server: E2eServer, userId: string): Promise<Array<{ refused_reason?: string }>> {
  const range = `startkey=${encodeURIComponent('"submission:"')}&endkey=${encodeURIComponent('"submission:\ufff0"')}`;
  const res = await adminCallOverHttp(`${server.url}/db`)('GET', `/${userDbName(userId)}/_all_docs?include_docs=true&${range}`);
  return (res.body as { rows: Array<{ doc: { refused_reason?: string } }> }).rows.map((r) => r.doc);
}

/** As an admin: the form opened or closed; resolves with its new revision. */
async function setFormActive(server: E2eServer, formDocId: string, active: boolean): Promise<string> {
  const admin = await adminWriter(server);
  const url = `${server.url}/db/members/${encodeURIComponent(formDocId)}`;
  const current = (await (await fetch(url, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as Record<string, unknown>;
  const res = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(admin.stamp({ ...current, active })),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { rev: string }).rev;
}

test('a submission the server does not accept says why in Forms Status, Fix and resend sends it again, and the member may delete it', async ({ page, context, server }) => {
  test.setTimeout(120_000);
  const target = await targetWithForm(server, 'package', { fields: FIELDS });
  const formDocId = `form:package:${target.id}`;
  try {
    const member = await createAccount(server, 'refused');
    await signInOverApi(page, member, `/form/package/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: target.formTitle })).toBeVisible();
    await waitForServiceWorker(page);

    // Offline, the member sends it; meanwhile an admin closes the form.
    await reloadOffline(page, context);
    await form(page).getByLabel('Full name').fill('Ana Maria');
    await form(page).getByLabel('Seats').fill('3');
    await form(page).getByRole('button', { name: 'Book it' }).click();
    await expect(page.getByRole('heading', { name: 'Form Submitted Successfully!' })).toBeVisible();
    await setFormActive(server, formDocId, false);
    await context.setOffline(false);

    await page.goto('/dashboard?tab=forms');
    const card = page.getByTestId('submission-card').filter({ has: page.getByRole('heading', { name: target.formTitle }) });
    await expect(card.getByTestId('submission-status')).toHaveText('Not accepted', { timeout: 30_000 });
    await expect(card.getByTestId('submission-message')).toHaveText('Not accepted: This form is currently unavailable');
    expect(await serverSubmissions(server, target.formId)).toHaveLength(0);
    await expectAccessible(page, 'Forms Status with a submission not accepted');

    // Open again (the device learns it at its next pull, here the start after a reload): the
    // member fixes the answers they sent and sends them.
    await setFormActive(server, formDocId, true);
    await page.reload();
    await card.getByRole('button', { name: 'Fix and resend' }).click();
    await expect(page).toHaveURL(new RegExp(`/form/package/${target.id}$`));
    await expect(form(page).getByLabel('Full name')).toHaveValue('Ana Maria', { timeout: 30_000 });
    await expect(form(page).getByLabel('Seats')).toHaveValue('3');
    await form(page).getByLabel('Full name').fill('Ana Maria Baptiste');
    await form(page).getByRole('button', { name: 'Book it' }).click();
    await expect(page.getByRole('heading', { name: 'Form Submitted Successfully!' })).toBeVisible();
    await expect.poll(async () => (await serverSubmissions(server, target.formId)).length, { timeout: 30_000 }).toBe(1);
    const [sub] = await serverSubmissions(server, target.formId);
    expect(sub).toMatchObject({ status: 'pending', userid: member.userId, data: { 'Full name': 'Ana Maria Baptiste', Seats: 3 } });
    expect(sub).not.toHaveProperty('refused_reason');

    // The refused one is the member's to clear away, by keyboard, asked first; the sent one stays.
    await page.goto('/dashboard?tab=forms');
    const cards = page.getByTestId('submission-card').filter({ has: page.getByRole('heading', { name: target.formTitle }) });
    const refusedCard = cards.filter({ has: page.getByTestId('submission-status').filter({ hasText: 'Not accepted' }) });
    await expect(cards).toHaveCount(2, { timeout: 30_000 });
    await expect(refusedCard).toHaveCount(1);
    const deleteButton = refusedCard.getByRole('button', { name: 'Delete', exact: true });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this submission?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, 'the question before deleting a submission not accepted');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(refusedCard).toHaveCount(1);

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(refusedCard).toHaveCount(0);
    // Focus goes from the button that went with the card to the list, not to the top of the page.
    await expect(page.getByRole('list', { name: 'Form submissions' })).toBeFocused();
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    // And on the server, through the sync: only the sent one is left in the member's userdb.
    await expect.poll(async () => (await memberSubmissions(server, member.userId)).map((d) => d.refused_reason ?? 'sent'), { timeout: 30_000 }).toEqual(['sent']);
    expect(await serverSubmissions(server, target.formId)).toHaveLength(1);
  } finally {
    // The form has a newer revision than the one the target's cleanup knows: delete it as it is now.
    const admin = await adminWriter(server);
    const url = `${server.url}/db/members/${encodeURIComponent(formDocId)}`;
    const now = (await (await fetch(url, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { _rev?: string };
    if (now._rev) await fetch(`${url}?rev=${encodeURIComponent(now._rev)}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin.token}` } });
    await target.cleanup();
  }
});
