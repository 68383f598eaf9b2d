// POST /api/functions/form-status-notification: status written to both copies, a
// notification in the member's userdb, an e-mail; admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, readOutbox, signUp, waitForMail } from './helpers/accounts.ts';
import type { SignedIn } from './helpers/accounts.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { parseDoc } from '../../design-docs/src/schemas/doc-schemas.ts';
import { randomBytes } from 'node:crypto';

let ts: TestServer;
let adminToken: string;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
  adminToken = await ts.token('a'.repeat(32), ['member', 'admin']);
});
afterAll(async () => {
  await ts?.close();
});

const admin = (method: string, path: string, body?: unknown) => ts.server.ctx.adminCall(method, path, body);
const notify = (body: unknown, token?: string) => postJson(ts.url, '/api/functions/form-status-notification', body, token ? { token } : {});

/** A submission as the member writes it and as fan-in copies it to `submissions`. */
async function submission(m: SignedIn) {
  const id = randomBytes(16).toString('hex');
  const doc = {
    _id: `submission:${id}`,
    type: 'submission',
    id,
    formid: 'form-uuid-1',
    userid: m.userId,
    data: { Name: 'Keisha Baptiste', Seats: 2 },
    createdat: new Date().toISOString(),
    status: 'pending',
    form: { title: 'Carnival Monday Package', formtype: 'package', targetid: 'pkg1' },
  };
  const res = await fetch(`${ts.dbUrl}/${userDbName(m.userId)}/${encodeURIComponent(doc._id)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
  expect(res.status).toBe(201);
  expect((await admin('PUT', `/submissions/${encodeURIComponent(doc._id)}`, doc)).status).toBe(201);
  return id;
}

async function notifications(userId: string) {
  const q = `startkey=${encodeURIComponent('"notification:"')}&endkey=${encodeURIComponent('"notification:\ufff0"')}&include_docs=true`;
  const ans = await admin('GET', `/${userDbName(userId)}/_all_docs?${q}`);
  return (ans.body as { rows: { doc: Record<string, any> }[] }).rows.map((r) => r.doc);
}

describe('form-status-notification', () => {
  it('admin: sets the status on both copies, notifies in the userdb and by e-mail', async () => {
    const m = await signUp(ts.url);
    const id = await submission(m);

    const res = await notify({ submissionId: id, status: 'completed' }, adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect((await admin('GET', `/submissions/submission:${id}`)).body).toMatchObject({ status: 'completed' });
    expect((await admin('GET', `/${userDbName(m.userId)}/submission:${id}`)).body).toMatchObject({ status: 'completed' });

    const [note, ...more] = await notifications(m.userId);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      type: 'notification',
      submission_id: id,
      form_title: 'Carnival Monday Package',
      status: 'completed',
      seen: false,
      message: 'your form submission for Carnival Monday Package has been completed',
    });
    expect(note?._id).toMatch(/^notification:[0-9a-f]{32}$/);
    expect(parseDoc(note)).toMatchObject({ success: true });

    const mail = await waitForMail(ts.dataDir, m.email);
    expect(mail.subject).toContain('Carnival Monday Package');
    expect(mail.text).toContain('Your request has been completed. Thank you for your submission!');
  });

  it('the member may mark the notification seen, and only that', async () => {
    const m = await signUp(ts.url);
    const id = await submission(m);
    await notify({ submissionId: id, status: 'processed' }, adminToken);
    const [note] = await notifications(m.userId);
    const put = (doc: unknown) =>
      fetch(`${ts.dbUrl}/${userDbName(m.userId)}/${encodeURIComponent(note?._id)}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(doc),
      });
    expect((await put({ ...note, status: 'completed' })).status).toBe(403);
    expect((await put({ ...note, seen: true })).status).toBe(201);
  });

  it('a failing mailer does not fail the call', async () => {
    const m = await signUp(ts.url);
    const id = await submission(m);
    const ctx = ts.server.ctx;
    const real = ctx.mailer;
    ctx.mailer = { send: async () => Promise.reject(new Error('SMTP down')) };
    try {
      const res = await notify({ submissionId: id, status: 'processed' }, adminToken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
    } finally {
      ctx.mailer = real;
    }
    expect(await notifications(m.userId)).toHaveLength(1);
  });

  it('a member gets 403, no token 401, and nothing changes', async () => {
    const m = await signUp(ts.url);
    const id = await submission(m);
    const mailsBefore = (await readOutbox(ts.dataDir)).length;
    const asMember = await notify({ submissionId: id, status: 'completed' }, m.token);
    expect(asMember.status).toBe(403);
    expect(typeof asMember.body.error).toBe('string');
    expect((await notify({ submissionId: id, status: 'completed' })).status).toBe(401);
    expect((await admin('GET', `/submissions/submission:${id}`)).body).toMatchObject({ status: 'pending' });
    expect(await notifications(m.userId)).toEqual([]);
    expect((await readOutbox(ts.dataDir)).length).toBe(mailsBefore);
  });

  it('unknown submission 404, bad status and bad bodies 400', async () => {
    const nf = await notify({ submissionId: 'does-not-exist', status: 'completed' }, adminToken);
    expect(nf.status).toBe(404);
    expect(nf.body.error).toBe('Submission not found');

    const badStatus = await notify({ submissionId: 'x', status: 'approved' }, adminToken);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error).toBe('Status must be pending, processed or completed');

    for (const body of [{ status: 'completed' }, { submissionId: 5, status: 'completed' }]) {
      const res = await notify(body, adminToken);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    const malformed = await postJson(ts.url, '/api/functions/form-status-notification', undefined, { token: adminToken, raw: '{"submissionId":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('The request body is not valid JSON');
  });
});
