// POST /api/functions/delete-user: the account and everything the member owns goes.
import { deleteUser } from '../../sync-server/src/functions/delete-user.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, signIn, signUp } from './helpers/accounts.ts';
import type { SignedIn } from './helpers/accounts.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import sharp from 'sharp';
import { existsSync } from 'node:fs';
import path from 'node:path';

let ts: TestServer;

beforeAll(async () => {
  // Without workers the fan-out copies are written here, so the test controls every document.
  ts = await startTestServer({ WORKERS: 'false' });
});
afterAll(async () => {
  await ts?.close();
});

const admin = (method: string, path: string, body?: unknown) => ts.server.ctx.adminCall(method, path, body);
const enc = encodeURIComponent;

async function asMember(m: SignedIn, db: string, doc: Record<string, unknown>) {
  const res = await fetch(`${ts.dbUrl}/${db}/${enc(doc._id as string)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function exists(db: string, id: string): Promise<boolean> {
  const ans = await admin('GET', `/${db}/${enc(id)}`);
  return ans.status === 200;
}

let n = 0;
function message(from: string, to: string | null, content: string) {
  const created = new Date(Date.now() + ++n).toISOString();
  return {
    _id: `message:${created}:${String(n).padStart(4, '0')}abcd`,
    type: 'message',
    content,
    sender_id: from,
    receiver_id: to,
    is_public: to === null,
    read: false,
    created_at: created,
  };
}

describe('delete-user', () => {
  it('removes account, profile, userdb, attendance, ratings and messages, and nothing of others', async () => {
    const a = await signUp(ts.url);
    const b = await signUp(ts.url);
    const now = new Date().toISOString();

    const attendA = { _id: `attendance:event:ev1:${a.userId}`, type: 'attendance', target_type: 'event', target_id: 'ev1', user_id: a.userId, created_at: now };
    const rateA = { _id: `rating:provider:p1:${a.userId}`, type: 'rating', target_type: 'provider', target_id: 'p1', user_id: a.userId, rating: 4, created_at: now };
    const attendB = { _id: `attendance:event:ev1:${b.userId}`, type: 'attendance', target_type: 'event', target_id: 'ev1', user_id: b.userId, created_at: now };
    await asMember(a, 'members', attendA);
    await asMember(a, 'members', rateA);
    await asMember(b, 'members', attendB);

    const publicA = message(a.userId, null, 'hello all');
    const publicB = message(b.userId, null, 'hi from b');
    await asMember(a, 'chat', publicA);
    await asMember(b, 'chat', publicB);

    // A private message each way, with the copy the fan-out worker would have made.
    const aToB = message(a.userId, b.userId, 'psst');
    const bToA = message(b.userId, a.userId, 'reply');
    await asMember(a, userDbName(a.userId), aToB);
    expect((await admin('PUT', `/${userDbName(b.userId)}/${enc(aToB._id)}`, aToB)).status).toBe(201);
    await asMember(b, userDbName(b.userId), bToA);
    expect((await admin('PUT', `/${userDbName(a.userId)}/${enc(bToA._id)}`, bToA)).status).toBe(201);

    const res = await postJson(ts.url, '/api/functions/delete-user', undefined, { token: a.token, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    // Cannot sign in, cannot refresh.
    expect((await signIn(ts.url, a.email, a.password)).status).toBe(401);
    expect((await postJson(ts.url, '/api/auth/refresh', undefined, { cookie: a.cookie })).status).toBe(401);
    // Account, e-mail index, sessions.
    expect(await exists('accounts', `account:${a.userId}`)).toBe(false);
    expect(await exists('accounts', `email:${a.email}`)).toBe(false);
    const left = await admin('POST', '/accounts/_find', { selector: { user_id: a.userId } });
    expect((left.body as { docs: unknown[] }).docs).toEqual([]);
    // Profile, userdb, attendance, rating, messages.
    expect(await exists('members', `profile:${a.userId}`)).toBe(false);
    expect((await admin('GET', `/${userDbName(a.userId)}`)).status).toBe(404);
    expect(await exists('members', attendA._id)).toBe(false);
    expect(await exists('members', rateA._id)).toBe(false);
    expect(await exists('chat', publicA._id)).toBe(false);
    expect(await exists(userDbName(b.userId), aToB._id)).toBe(false);

    // B keeps everything of theirs, including the message they sent.
    expect(await exists('members', `profile:${b.userId}`)).toBe(true);
    expect(await exists('members', attendB._id)).toBe(true);
    expect(await exists('chat', publicB._id)).toBe(true);
    expect(await exists(userDbName(b.userId), bToA._id)).toBe(true);
    expect((await signIn(ts.url, b.email, b.password)).status).toBe(200);

    // The e-mail is free again.
    expect((await signUp(ts.url, { email: a.email })).status).toBe(201);
  });

  it('removes their avatar files and keeps everyone else’s', async () => {
    const a = await signUp(ts.url);
    const b = await signUp(ts.url);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c2185b' } }).png().toBuffer();
    const upload = async (m: SignedIn) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const res = await fetch(`${ts.url}/api/uploads/avatars`, { method: 'POST', headers: { authorization: `Bearer ${m.token}` }, body: form });
      expect(res.status).toBe(201);
    };
    await upload(a);
    await upload(b);
    const folder = (id: string) => path.join(ts.dataDir, 'uploads', 'avatars', id);
    expect(existsSync(folder(a.userId))).toBe(true);

    const res = await fetch(`${ts.url}/api/functions/delete-user`, { method: 'POST', headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(existsSync(folder(a.userId))).toBe(false);
    expect(existsSync(folder(b.userId))).toBe(true);
  });

  it('ends the account\'s tokens at once, and running the deletion again is harmless', async () => {
    const a = await signUp(ts.url);
    expect((await postJson(ts.url, '/api/functions/delete-user', undefined, { token: a.token })).body).toEqual({ success: true });
    // The token ended with the account (ADR 013): it cannot even ask again.
    const again = await postJson(ts.url, '/api/functions/delete-user', undefined, { token: a.token });
    expect(again.status).toBe(401);
    // The server's own retry of a deletion that stopped half-way finds nothing left to do.
    await expect(deleteUser(ts.server.ctx, a.userId)).resolves.toBeUndefined();
  });

  it('needs a valid token', async () => {
    const res = await postJson(ts.url, '/api/functions/delete-user');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Please sign in again to delete your account');
  });
});
