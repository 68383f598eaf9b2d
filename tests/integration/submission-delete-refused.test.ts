// ADR 035: a submission the server did not accept never reached the admins, so its owner may
// delete it, from the device through the sync as the app does. One the admins have stays the
// server's to delete, whichever way the member's device asks.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { openClient, signUpClient, waitFor } from './data-harness.ts';
import type { Client } from './data-harness.ts';
import { postJson } from './helpers/accounts.ts';
import { seedFormTarget } from './helpers/forms.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

type Doc = { _id: string; _rev: string; [k: string]: unknown };

let ts: TestServer;
const clients: Client[] = [];
const call = (method: string, path: string, body?: unknown) => ts.server.ctx.adminCall(method, path, body);

const FORM = { id: '5b0e3f1c-7d2a-4e8b-9c1d-2f3a4b5c6d7e', title: 'Jouvert Morning Package', formtype: 'package', targetid: 'pkgdelref' } as const;

beforeAll(async () => {
  ts = await startTestServer();
  await seedFormTarget(call, FORM.formtype, FORM.targetid);
  const at = new Date().toISOString();
  const form = {
    _id: `form:${FORM.formtype}:${FORM.targetid}`, type: 'form', id: FORM.id, title: FORM.title, description: null,
    fields: [{ id: 'f1', type: 'number', label: 'Seats', required: true }],
    submitButtonText: 'Book', active: true, formtype: FORM.formtype, targetid: FORM.targetid, updatedat: at, createdat: at,
  };
  expect((await call('PUT', `/members/${encodeURIComponent(form._id)}`, form)).status).toBe(201);
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.data.close();
});
afterAll(async () => {
  await ts?.close();
});

async function member() {
  const c = openClient(ts.url);
  clients.push(c);
  await c.data.start();
  const who = await signUpClient(c);
  const signin = await postJson(ts.url, '/api/auth/signin', { email: who.email, password: who.password });
  return { c, userId: who.userId, db: userDbName(who.userId), token: signin.body.access_token as string };
}

const onServer = async (db: string, id: string) => {
  const res = await call('GET', `/${db}/submission:${id}`);
  return res.status === 200 ? (res.body as Doc) : null;
};

describe("a member's own submission", () => {
  it('is deleted from the device, and from the server, once the server has not accepted it', async () => {
    const m = await member();
    // A form id the server does not hold: fan-in refuses it and marks the member's copy.
    const id = await m.c.data.submissions.create({ ...FORM, id: 'no-such-form' }, { Seats: 2 });
    const refused = await waitFor(async () => (await m.c.data.submissions.list()).find((s) => s.id === id && typeof s.refused_reason === 'string'), 'the refusal on the device', 30_000);
    expect(refused.refused_reason).toBe('This form is no longer available');

    await m.c.data.submissions.removeRefused(id);
    expect((await m.c.data.submissions.list()).map((s) => s.id)).not.toContain(id);
    // The deletion travels as the app's writes do: a replicated tombstone of the refused revision.
    await waitFor(async () => (await onServer(m.db, id)) === null, 'the deletion on the server', 30_000);
    expect((await call('GET', `/${m.db}/submission:${id}`)).body).toMatchObject({ error: 'not_found', reason: 'deleted' });
    expect((await call('GET', `/submissions/submission:${id}`)).status).toBe(404);
  });

  it('that the admins have stays: a DELETE, a replicated tombstone and the device are all refused', async () => {
    const m = await member();
    const id = await m.c.data.submissions.create(FORM, { Seats: 3 });
    await waitFor(async () => (await call('GET', `/submissions/submission:${id}`)).status === 200, 'the admins\' copy', 30_000);
    const mine = await waitFor(() => onServer(m.db, id), 'the member\'s copy on the server');

    const auth = { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' };
    const url = `${ts.dbUrl}/${m.db}/submission:${id}`;
    const del = await fetch(`${url}?rev=${encodeURIComponent(mine._rev)}`, { method: 'DELETE', headers: auth });
    expect(del.status).toBe(403);
    expect(await del.json()).toMatchObject({ error: 'forbidden', reason: 'Only a submission that was not accepted may be deleted' });

    // What a device that skipped the app's check would push: a tombstone on top of the revision it holds.
    const [gen, hash] = mine._rev.split('-') as [string, string];
    const bulk = await fetch(`${ts.dbUrl}/${m.db}/_bulk_docs`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        new_edits: false,
        docs: [{ _id: mine._id, _rev: `${Number(gen) + 1}-${'d'.repeat(32)}`, _deleted: true, _revisions: { start: Number(gen) + 1, ids: ['d'.repeat(32), hash] } }],
      }),
    });
    const answers = (await bulk.json()) as Array<{ error?: string }>;
    expect(answers[0]?.error).toBe('forbidden');
    expect((await onServer(m.db, id))?._rev).toBe(mine._rev);

    await expect(m.c.data.submissions.removeRefused(id)).rejects.toThrow('Only a submission that was not accepted can be deleted');
    expect((await onServer(m.db, id))?._rev).toBe(mine._rev);
    expect((await call('GET', `/submissions/submission:${id}`)).status).toBe(200);
  });
});
