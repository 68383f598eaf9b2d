// ADR 035: a submission is checked against its stored form by the fan-in worker. Each
// of the reproduced cases is refused: it never reaches `submissions`, and the member's own copy
// says why. An accepted one carries the stored form's title, whatever the device wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { seedFormTarget } from './helpers/forms.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { waitFor } from './data-harness.ts';
import { FORM_CACHE_MS } from '../../sync-server/src/workers/submission-check.ts';

/** The worker reads a form at most once a second: a change to it counts from then on. */
const settle = () => new Promise((r) => setTimeout(r, FORM_CACHE_MS + 200));

type Doc = Record<string, unknown>;

let s: TestServer;
const MEMBER = 'c4e0000000000000000000000000000c';
const USERDB = userDbName(MEMBER);
let token: string;
let serial = 0;

const call = (method: string, path: string, body?: unknown) => s.server.ctx.adminCall(method, path, body);

const FORM_ID = '9d1c2a4e-9b7d-4c8e-a1f2-123456789abc';
const at = new Date().toISOString();
const FORM = {
  _id: 'form:package:pkgcheck', type: 'form', id: FORM_ID, title: 'Carnival Tuesday Package', description: null,
  fields: [
    { id: 'f1', type: 'number', label: 'Seats', required: true },
    { id: 'f2', type: 'email', label: 'Email', required: false },
    { id: 'f3', type: 'select', label: 'Size', required: false, options: ['S', 'M', 'L'] },
  ],
  submitButtonText: 'Book', active: true, formtype: 'package', targetid: 'pkgcheck', updatedat: at, createdat: at,
};

beforeAll(async () => {
  s = await startTestServer();
  await s.createUserDb(MEMBER);
  token = await s.token(MEMBER, ['member']);
  await seedFormTarget(call, 'package', 'pkgcheck');
  expect((await call('PUT', `/members/${FORM._id}`, FORM)).status).toBe(201);
});
afterAll(async () => {
  await s?.close();
});

/** What the member's device sends: a pending submission in their own userdb. */
async function send(data: Doc, over: Doc = {}): Promise<string> {
  const id = `chk${++serial}${Date.now().toString(36)}`;
  const doc = {
    _id: `submission:${id}`, type: 'submission', id, formid: FORM_ID, userid: MEMBER, data: { Name: 'Maya Lee', ...data },
    createdat: new Date().toISOString(), status: 'pending', form: { title: 'Carnival Tuesday Package', formtype: 'package', targetid: 'pkgcheck' }, ...over,
  };
  const res = await fetch(`${s.dbUrl}/${USERDB}/${encodeURIComponent(doc._id)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(doc),
  });
  expect(res.status).toBe(201);
  return doc._id;
}

const mine = async (id: string) => (await call('GET', `/${USERDB}/${encodeURIComponent(id)}`)).body as Doc;
const withAdmins = async (id: string) => (await call('GET', `/submissions/${encodeURIComponent(id)}`)).status === 200;

/** Waits for the worker's verdict: the reason it was refused, or null when the admins have it. */
async function verdict(id: string): Promise<string | null> {
  let out: string | null | undefined;
  await waitFor(async () => {
    const own = await mine(id);
    if (typeof own.refused_reason === 'string') out = own.refused_reason;
    else if (await withAdmins(id)) out = null;
    return out !== undefined;
  }, `the verdict on ${id}`, 30_000);
  if (out !== null) expect(await withAdmins(id)).toBe(false);
  return out as string | null;
}

describe('fan-in checks each submission against its stored form', () => {
  it('refuses a required answer left empty', async () => {
    expect(await verdict(await send({ Seats: '' }))).toBe('Please fill in the following required fields: Seats');
  });

  it('refuses "not-a-number" in a number field and "nope" in an email field', async () => {
    expect(await verdict(await send({ Seats: 'not-a-number' }))).toBe('Please enter a number in: Seats');
    expect(await verdict(await send({ Seats: 2, Email: 'nope' }))).toBe('Please enter a valid email address in: Email');
  });

  it('refuses a select value the form does not offer, and an answer to a question it does not ask', async () => {
    expect(await verdict(await send({ Seats: 2, Size: 'XXL' }))).toBe('Please choose one of the offered options in: Size');
    expect(await verdict(await send({ Seats: 2, Discount: '100%' }))).toBe('This form does not ask: Discount');
  });

  it('refuses a form id that does not exist, whatever title it carries', async () => {
    const id = await send({ Seats: 2 }, { formid: 'no-such-form', form: { title: 'Free Everything', formtype: 'package', targetid: 'pkgcheck' } });
    expect(await verdict(id)).toBe('This form is no longer available');
  });

  it('takes the stored form title, never the one the device wrote', async () => {
    const id = await send({ Seats: 3, Email: 'maya@example.com', Size: 'M' }, { form: { title: 'Forged Title', formtype: 'package', targetid: 'pkgcheck' } });
    expect(await verdict(id)).toBeNull();
    const copy = (await call('GET', `/submissions/${encodeURIComponent(id)}`)).body as Doc;
    expect(copy.form).toEqual({ title: 'Carnival Tuesday Package', formtype: 'package', targetid: 'pkgcheck' });
    expect(copy).not.toHaveProperty('refused_reason');
  });

  it('refuses while the form is inactive, then while its package is', async () => {
    const form = (await call('GET', `/members/${FORM._id}`)).body as Doc;
    expect((await call('PUT', `/members/${FORM._id}`, { ...form, active: false })).status).toBe(201);
    await settle();
    expect(await verdict(await send({ Seats: 1 }))).toBe('This form is currently unavailable');
    const back = (await call('GET', `/members/${FORM._id}`)).body as Doc;
    expect((await call('PUT', `/members/${FORM._id}`, { ...back, active: true })).status).toBe(201);
    await settle();

    const pkg = (await call('GET', '/members/package:pkgcheck')).body as Doc;
    expect((await call('PUT', '/members/package:pkgcheck', { ...pkg, active: false })).status).toBe(201);
    await settle();
    expect(await verdict(await send({ Seats: 1 }))).toBe('This package is no longer available');
    const pkgBack = (await call('GET', '/members/package:pkgcheck')).body as Doc;
    expect((await call('PUT', '/members/package:pkgcheck', { ...pkgBack, active: true })).status).toBe(201);
    await settle();
  });

  it('lets no member mark a submission refused themselves', async () => {
    const res = await fetch(`${s.dbUrl}/${USERDB}/submission:selfmark1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        _id: 'submission:selfmark1', type: 'submission', id: 'selfmark1', formid: FORM_ID, userid: MEMBER, data: { Seats: 1 },
        createdat: new Date().toISOString(), status: 'pending', form: { title: 'x', formtype: 'package', targetid: 'pkgcheck' },
        refused_reason: 'made up', refused_at: new Date().toISOString(),
      }),
    });
    expect(res.status).toBe(403);
  });
});
