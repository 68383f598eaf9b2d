// Who changed what (ADR 030): an admin row says who changed the item last and when. A band the
// server wrote (old seed data) shows no line; once the admin saves it, the row names the admin;
// a writer whose profile is gone reads as Unknown User. Test bands are named "E2E …" and removed.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { adminWriter, catalogDocs } from './catalog-support.ts';
import { serverDb } from './admin-forms-support.ts';
import { signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const row = (page: Page, name: string) => page.getByTestId('band-row').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** A band as the server writes it (no admin named), or naming `updated_by` when given. */
async function serverBand(server: E2eServer, id: string, name: string, updatedBy?: string): Promise<void> {
  const doc = {
    _id: `band:${id}`, type: 'band', name, description: 'Written by the updated-by spec', location: 'Savannah', year: 2031,
    rating: 0, total_ratings: 0, active: true, created_at: new Date().toISOString(),
    ...(updatedBy ? { updated_by: updatedBy, updated_at: '2026-02-01T12:00:00.000Z' } : {}),
  };
  const res = await serverDb(server)('PUT', `/catalog/${encodeURIComponent(doc._id)}`, doc);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function removeNamed(server: E2eServer, prefix: string): Promise<void> {
  const db = serverDb(server);
  for (const doc of (await catalogDocs(server, 'band')).filter((d) => String(d.name).startsWith(prefix))) {
    await db('DELETE', `/catalog/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(String(doc._rev))}`);
  }
}

test('an admin row names who changed the item last', async ({ page, server }) => {
  const prefix = `E2E Updated By ${unique()}`;
  const plain = `${prefix} Old Mas`;
  const orphan = `${prefix} Orphan Mas`;
  const admin = await adminWriter(server);
  try {
    await serverBand(server, `e2e-upd-${unique()}`, plain);
    await serverBand(server, `e2e-upd-${unique()}`, orphan, 'nobody0000000000000000000000000');

    await signInOverApi(page, DEMO.admin, '/admin/bands');
    await page.getByRole('searchbox', { name: 'Search bands' }).fill(prefix);
    const old = row(page, plain);
    await expect(old).toBeVisible();
    // Nothing names a writer: no line at all.
    await expect(old.getByTestId('updated-line')).toHaveCount(0);
    // A writer without a profile (a deleted account).
    await expect(row(page, orphan).getByTestId('updated-line')).toHaveText(/^Updated February 1, 2026\b.+ by Unknown User$/);

    await old.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('form', { name: `Editing ${plain}` });
    await editor.getByLabel('Year', { exact: true }).fill('2032');
    await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(old.getByText('2032', { exact: true })).toBeVisible();
    await expect(old.getByTestId('updated-line')).toHaveText(new RegExp(`^Updated .+ by ${admin.name}$`));

    const stored = (await catalogDocs(server, 'band')).find((d) => d.name === plain);
    expect(stored?.updated_by).toBe(admin.id);
    expect(Date.parse(String(stored?.updated_at))).not.toBeNaN();
    await expectAccessible(page, '/admin/bands with updated lines');
  } finally {
    await removeNamed(server, prefix);
  }
});
