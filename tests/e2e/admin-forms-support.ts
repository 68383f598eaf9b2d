// Helpers of the admin forms spec: E2E packages, forms and member submissions made over the API,
// the server's `submissions` database read as the server, and how to clean it all up.
import { expect } from '@playwright/test';
import type { E2eServer } from './support/fixtures.ts';
import { adminCallOverHttp } from '../integration/helpers/admin-http.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { tokenFor } from './catalog-support.ts';

export function serverDb(server: E2eServer) {
  return adminCallOverHttp(`${server.url}/db`);
}

export interface E2eForm {
  _id: string;
  id: string;
  title: string;
  formtype: 'package' | 'ride';
  targetid: string;
}

/** A form as the builder saves it, written as the server into `members`. */
export async function putForm(server: E2eServer, formtype: 'package' | 'ride', targetid: string, title: string, description: string, updatedat: string): Promise<E2eForm> {
  const form = {
    _id: `form:${formtype}:${targetid}`,
    type: 'form',
    id: crypto.randomUUID(),
    title,
    description,
    fields: [
      { id: 'f1', type: 'number', label: 'Seats', required: true },
      { id: 'f2', type: 'checkbox', label: 'Extras', required: false, options: ['Drinks', 'Shirt'] },
      { id: 'f3', type: 'textarea', label: 'Notes', required: false },
    ],
    submitButtonText: 'Book',
    active: true,
    formtype,
    targetid,
    updatedat,
    createdat: updatedat,
  };
  // Its package or ride, active: the server accepts submissions only to a form whose target is (ADR 035).
  const target = {
    _id: `${formtype}:${targetid}`, type: formtype, title: `E2E ${title}`, subtitle: 'Made by a browser test', description: null,
    buttonlink: `/form/${formtype}/${targetid}`, bgcolor: '#7c3aed', textcolor: '#ffffff', order: 99, active: true,
  };
  const targetPut = await serverDb(server)('PUT', `/members/${encodeURIComponent(target._id)}`, target);
  // 409: the spec made the package or ride itself.
  if (targetPut.status !== 409) expect(targetPut.status, JSON.stringify(targetPut.body)).toBeLessThan(300);
  const put = await serverDb(server)('PUT', `/members/${encodeURIComponent(form._id)}`, form);
  expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
  return form;
}

/** A submission as the member's device writes it into their own database. */
export async function submitAsMember(
  server: E2eServer,
  who: { email: string; password: string; userId: string },
  form: E2eForm,
  data: Record<string, unknown>,
  createdat: string,
): Promise<string> {
  const id = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const token = await tokenFor(server, who);
  const res = await fetch(`${server.url}/db/${userDbName(who.userId)}/submission:${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'submission', id, formid: form.id, userid: who.userId, data, status: 'pending', createdat,
      form: { title: form.title, formtype: form.formtype, targetid: form.targetid },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return id;
}

/** The server's copies (fan-in) of a form's submissions. */
export async function serverSubmissions(server: E2eServer, formid: string): Promise<Array<Record<string, any>>> {
  const res = await serverDb(server)('POST', '/submissions/_find', { selector: { formid }, limit: 1000 });
  expect(res.status).toBe(200);
  return (res.body as { docs: Array<Record<string, any>> }).docs;
}

export async function waitForSubmissions(server: E2eServer, formid: string, count: number): Promise<void> {
  await expect.poll(async () => (await serverSubmissions(server, formid)).length, { timeout: 30_000 }).toBe(count);
}

export async function userDocs(server: E2eServer, userId: string, prefix: string): Promise<Array<Record<string, any>>> {
  const qs = new URLSearchParams({ include_docs: 'true', startkey: JSON.stringify(prefix), endkey: JSON.stringify(`${prefix}\ufff0`) });
  const res = await serverDb(server)('GET', `/${userDbName(userId)}/_all_docs?${qs}`);
  return (res.body as { rows: Array<{ doc: Record<string, any> }> }).rows.map((r) => r.doc);
}

/** Removes the forms (and their submissions) and documents a test made; gone ones are skipped. */
export async function cleanUp(server: E2eServer, ids: { members?: string[]; forms?: E2eForm[] }): Promise<void> {
  const call = serverDb(server);
  for (const form of ids.forms ?? []) {
    for (const sub of await serverSubmissions(server, form.id)) await call('DELETE', `/submissions/${encodeURIComponent(sub._id)}?rev=${sub._rev}`);
  }
  for (const id of [...(ids.members ?? []), ...(ids.forms ?? []).map((f) => f._id)]) {
    const got = await call('GET', `/members/${encodeURIComponent(id)}`);
    if (got.status === 200) await call('DELETE', `/members/${encodeURIComponent(id)}?rev=${(got.body as { _rev: string })._rev}`);
  }
}

export { tokenFor };
