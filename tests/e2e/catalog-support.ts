// Helpers for the catalogue screens' browser tests. The demo data is drawn from today's date,
// so tests read what to expect from the server (the catalog is public; members data needs a
// member's token) instead of hard-coding it.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { DEMO } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

export type Doc = Record<string, unknown> & { _id: string; type: string };

async function allDocs(server: E2eServer, db: string, type: string, token?: string): Promise<Doc[]> {
  const qs = new URLSearchParams({ include_docs: 'true', startkey: JSON.stringify(`${type}:`), endkey: JSON.stringify(`${type}:\ufff0`) });
  const res = await fetch(`${server.url}/db/${db}/_all_docs?${qs}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`reading ${db} ${type}: ${res.status}`);
  const body = (await res.json()) as { rows: Array<{ doc?: Doc }> };
  return body.rows.flatMap((r) => (r.doc ? [r.doc] : []));
}

/** Catalogue documents of one type (event, band, restaurant, provider, product, hero_slide, ad, partner, featured). */
export function catalogDocs(server: E2eServer, type: string): Promise<Doc[]> {
  return allDocs(server, 'catalog', type);
}

/** The part of an `_id` after `{type}:`: the id used in routes (/events/{id}). */
export function idOf(doc: { _id: string }): string {
  return doc._id.slice(doc._id.indexOf(':') + 1);
}

/** An access token for a demo account, over the API. */
export async function tokenFor(server: E2eServer, who: { email: string; password: string } = DEMO.member): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * The demo admin over the API, and `stamp`, which names them on a document they write: the
 * validators refuse an admin write without updated_by (who changed what, ADR 030).
 */
export async function adminWriter(server: E2eServer): Promise<{ token: string; id: string; name: string; stamp<T extends Record<string, unknown>>(doc: T): T }> {
  const res = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO.admin) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const body = (await res.json()) as { access_token: string; user: { id: string; first_name: string; last_name: string } };
  const { id, first_name, last_name } = body.user;
  const at = (doc: Record<string, unknown>) => (doc.type === 'form' ? 'updatedat' : 'updated_at');
  return { token: body.access_token, id, name: `${first_name} ${last_name}`, stamp: (doc) => ({ ...doc, updated_by: id, [at(doc)]: new Date().toISOString() }) };
}

/** `members` documents of one type (event_discount, attendance, profile, …), read as the demo member. */
export async function membersDocs(server: E2eServer, type: string): Promise<Doc[]> {
  return allDocs(server, 'members', type, await tokenFor(server));
}

/** Waits until the catalogue's first pull has landed on the device (the sync status settles). */
export async function waitForCatalog(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-state') === 'synced', null, { timeout: 30_000 });
}

/** As the admin, over the API: a catalogue document written; resolves with how to remove it. */
export async function putCatalogDoc(server: E2eServer, doc: Record<string, unknown> & { _id: string }): Promise<() => Promise<void>> {
  const admin = await adminWriter(server);
  const url = `${server.url}/db/catalog/${encodeURIComponent(doc._id)}`;
  const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
  const put = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(admin.stamp(doc)) });
  expect(put.status, await put.clone().text()).toBeLessThan(300);
  const { rev } = (await put.json()) as { rev: string };
  return async () => {
    const del = await fetch(`${url}?rev=${encodeURIComponent(rev)}`, { method: 'DELETE', headers });
    expect(del.status).toBeLessThan(300);
  };
}

/** Filters start hidden on every list: checks that, then opens them. */
export async function showFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Show Filters' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');
}

/** Today on this machine, where the browser runs too: `YYYY-MM-DD`. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * ADR 017, restated here rather than imported so the tests check the app against the rule: an
 * event is over once its last day (end date, else date; one more for a night that ends earlier
 * on the clock than it began) is before today.
 */
/**
 * An item another spec made for itself ("E2E …"): it may be changed or removed at any moment
 * while specs run side by side, so a spec picking "some item" must skip it.
 */
export function isTestItem(doc: Doc): boolean {
  return [doc.title, doc.name, doc.first_name].some((v) => typeof v === 'string' && v.startsWith('E2E'));
}

export function isOver(doc: Doc, today: string = localToday()): boolean {
  const date = typeof doc.date === 'string' ? doc.date : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const end = typeof doc.end_date === 'string' && doc.end_date > date ? doc.end_date : date;
  const start = typeof doc.start_time === 'string' ? doc.start_time.padStart(5, '0') : '';
  const finish = typeof doc.end_time === 'string' ? doc.end_time.padStart(5, '0') : '';
  const overnight = start !== '' && finish !== '' && finish < start;
  const last = overnight ? new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : end;
  return last < today;
}

/** An answer that fits a form field, as the fill-in screen stores it. */
function answerFor(field: { type: string; label: string; options?: string[] }): unknown {
  switch (field.type) {
    case 'number':
      return 2;
    case 'email':
      return 'guest@example.com';
    case 'date':
      return '2027-02-10';
    case 'select':
      return field.options?.[0] ?? '';
    case 'checkbox':
      return field.options && field.options.length > 0 ? [field.options[0]] : true;
    default:
      return `E2E answer to ${field.label}`;
  }
}

/**
 * A pending form submission written by the member into their own userdb, as the app sends one:
 * it answers the demo's package form (fan-in checks each submission against its stored form,
 * ADR 035). Resolves with its id and the form's title, which the admins' copy and every
 * notification carry.
 */
export async function memberSubmission(server: E2eServer, who: { email: string; password: string; userId: string }): Promise<{ id: string; title: string }> {
  const id = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const token = await tokenFor(server, who);
  const forms = await allDocs(server, 'members', 'form', token);
  const form = forms.find((f) => f.formtype === 'package' && f.active !== false && !isTestItem(f));
  if (!form) throw new Error('the demo data has no package form');
  const fields = form.fields as Array<{ type: string; label: string; options?: string[] }>;
  const put = await fetch(`${server.url}/db/${userDbName(who.userId)}/submission:${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'submission', id, formid: form.id, userid: who.userId, data: Object.fromEntries(fields.map((f) => [f.label, answerFor(f)])), status: 'pending',
      createdat: new Date().toISOString(), form: { title: form.title, formtype: form.formtype, targetid: form.targetid },
    }),
  });
  expect(put.status, await put.clone().text()).toBe(201);
  return { id, title: String(form.title) };
}

