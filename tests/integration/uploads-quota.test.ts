// A member's upload bytes are bounded (ADR 055): every upload counts what it keeps on disk (both
// sizes and the thumbnail's allowance) in the engine, so two servers count together; past the
// quota the answer is 413 `quota_exceeded` and nothing is stored; admins are not counted; and an
// account's deletion takes its count and its avatars' records with it. Scaled down: a 20×20 image
// keeps about 16.5 KB (mostly the thumbnail's allowance), so 40,000 bytes fit two and not three.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { postJson, signIn, signUp, type SignedIn } from './helpers/accounts.ts';
import { filesUnder, pngBytes, upload } from './uploads-helpers.ts';
import { createUploadRoutes } from '../../sync-server/src/uploads/routes.ts';
import { freePort, spawnServer, type ChildServer } from './helpers/spawn-server.ts';
import { onCouchDB, testDbPrefix } from './helpers/couch-namespace.ts';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import { THUMB_ALLOWANCE_BYTES } from '../../sync-server/src/uploads/quota.ts';

const QUOTA = 40_000;
const ADMIN = { email: 'quota-admin@example.org', password: 'admin-pass-1' };

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WORKERS: 'false', UPLOAD_BYTES_PER_MEMBER: String(QUOTA) });
  const admin = await signIn(t.url, ADMIN.email, ADMIN.password);
  if (!admin.token) throw new Error(`admin sign-in failed: ${JSON.stringify(admin.body)}`);
  adminToken = admin.token;
});
afterAll(async () => {
  await t?.close();
});

const image = async () => ({ bytes: await pngBytes(20, 20), name: 'a.png', type: 'image/png' });
const onDisk = (bucket: string, rel: string) => path.join(t.dataDir, 'uploads', bucket, ...rel.split('/'));
const account = async (id: string) => {
  const ans = await t.server.ctx.adminCall('GET', `/accounts/${encodeURIComponent(id)}`);
  return ans.status === 200 ? (ans.body as Record<string, any>) : null;
};
const usedBy = async (userId: string) => ((await account(`upload_usage:${userId}`))?.bytes as number | undefined) ?? 0;

/** A second (or third) server's upload API over the same engine: its own memory, the engine's counts. */
function anotherServer() {
  const app = new Hono().route('/api/uploads', createUploadRoutes(t.server.ctx));
  return async (member: SignedIn, bucket = 'avatars') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngBytes(20, 20))], { type: 'image/png' }), 'x.png');
    const res = await app.request(`/api/uploads/${bucket}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${member.token}` } });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
}

describe('the upload quota', () => {
  it('passes uploads up to the quota, counting both sizes and the thumbnail, and refuses the next with 413 and nothing stored', async () => {
    const m = await signUp(t.url);
    const stored: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await upload(t.url, 'avatars', await image(), { token: m.token });
      expect(res.status).toBe(201);
      stored.push(res.body.path as string);
    }
    // What an upload counts is what it keeps.
    const first = stored[0] as string;
    const kept = (await stat(onDisk('avatars', first))).size + (await stat(onDisk('avatars', first.replace(/\.webp$/, '-sm.webp')))).size;
    expect((await account(`upload:${first}`))?.bytes).toBe(kept + THUMB_ALLOWANCE_BYTES);
    const used = await usedBy(m.userId);
    expect(used).toBeGreaterThan(2 * THUMB_ALLOWANCE_BYTES);
    expect(used).toBeLessThanOrEqual(QUOTA);

    const refused = await upload(t.url, 'events-images', await image(), { token: m.token });
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe('quota_exceeded');
    expect(refused.body.message).toMatch(/the most one member may keep/);
    // Nothing of it on disk, in the engine or in the count.
    expect(await filesUnder(path.join(t.dataDir, 'uploads', 'events-images', m.userId))).toEqual([]);
    expect((await filesUnder(path.join(t.dataDir, 'uploads', 'avatars', m.userId))).length).toBe(4);
    expect(await filesUnder(path.join(t.dataDir, 'upload-tmp'))).toEqual([]);
    expect(await usedBy(m.userId)).toBe(used);

    // Another member has room of their own.
    const other = await signUp(t.url);
    expect((await upload(t.url, 'avatars', await image(), { token: other.token })).status).toBe(201);
  });

  it('is counted by every server together, also when they take the last room at the same moment', async () => {
    const a = anotherServer();
    const b = anotherServer();
    const m = await signUp(t.url);
    // One after the other, alternating: each server alone has seen one upload.
    expect((await a(m)).status).toBe(201);
    expect((await b(m)).status).toBe(201);
    const third = await a(m);
    expect(third.status).toBe(413);
    expect(third.body.error).toBe('quota_exceeded');

    // At once, through three servers: two fit between them.
    const n = await signUp(t.url);
    const c = anotherServer();
    const answers = await Promise.all([a(n), b(n), c(n), a(n)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 413, 413]);
    expect(await usedBy(n.userId)).toBeLessThanOrEqual(QUOTA);
    expect((await filesUnder(path.join(t.dataDir, 'uploads', 'avatars', n.userId))).length).toBe(4);
  });

  it('refuses at once, before reading the image, a member already at the quota', async () => {
    const m = await signUp(t.url);
    // At the quota exactly: a count written as another server would.
    const usage = { _id: `upload_usage:${m.userId}`, type: 'upload_usage', user_id: m.userId, bytes: QUOTA, returned: [], updated_at: new Date().toISOString() };
    expect((await t.server.ctx.adminCall('PUT', `/accounts/${encodeURIComponent(usage._id)}`, usage)).status).toBe(201);
    const res = await upload(t.url, 'avatars', await image(), { token: m.token });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('quota_exceeded');
    expect(await filesUnder(path.join(t.dataDir, 'uploads', 'avatars', m.userId))).toEqual([]);
  });

  it('does not count admins, whose uploads are still recorded for the sweep', async () => {
    const paths: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(t.url, 'band-images', await image(), { token: adminToken });
      expect(res.status).toBe(201);
      paths.push(res.body.path as string);
    }
    for (const p of paths) expect(await account(`upload:${p}`)).toMatchObject({ bucket: 'band-images', counted: false });
  });

  it('counts an upload retried with the same key once', async () => {
    const m = await signUp(t.url);
    const key = 'retry-key-0123456789abcdef';
    const first = await upload(t.url, 'events-images', await image(), { token: m.token, idempotencyKey: key });
    expect(first.status).toBe(201);
    const used = await usedBy(m.userId);
    expect(used).toBeGreaterThan(0);
    // The first attempt recorded and counted the upload but never placed it (it stopped there):
    // the retry places it, and counts nothing more.
    await rm(path.join(t.dataDir, 'uploads', 'events-images', m.userId), { recursive: true });
    const again = await upload(t.url, 'events-images', await image(), { token: m.token, idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.body.path).toBe(first.body.path);
    expect(await usedBy(m.userId)).toBe(used);
  });

  it('goes with the account: its count and its avatars’ records; an event image keeps its record for the sweep', async () => {
    const m = await signUp(t.url);
    const avatar = await upload(t.url, 'avatars', await image(), { token: m.token });
    const eventImage = await upload(t.url, 'events-images', await image(), { token: m.token });
    expect([avatar.status, eventImage.status]).toEqual([201, 201]);
    expect(await usedBy(m.userId)).toBeGreaterThan(0);

    const res = await postJson(t.url, '/api/functions/delete-user', undefined, { token: m.token });
    expect(res.body).toEqual({ success: true });
    expect(await account(`upload_usage:${m.userId}`)).toBeNull();
    expect(await account(`upload:${avatar.body.path}`)).toBeNull();
    expect(await account(`upload:${eventImage.body.path}`)).toMatchObject({ owner: m.userId, bucket: 'events-images' });
  });
});

describe.skipIf(!onCouchDB)('two server processes on one Apache CouchDB (CouchDB only: the embedded backend lives in one process)', () => {
  const dirs: string[] = [];
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    for (const tag of ['a', 'b']) dirs.push(await mkdtemp(path.join(os.tmpdir(), `fete-quota-${tag}-`)));
    const env = { DB_PREFIX: testDbPrefix(dirs[0] as string), UPLOAD_BYTES_PER_MEMBER: String(QUOTA), WORKERS: 'false' };
    [a, b] = await Promise.all([spawnServer({ dataDir: dirs[0] as string, port: await freePort(), env }), spawnServer({ dataDir: dirs[1] as string, port: await freePort(), env })]);
  });
  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('count one member’s uploads together', async () => {
    const m = await signUp(a.url);
    expect((await upload(a.url, 'avatars', await image(), { token: m.token })).status).toBe(201);
    expect((await upload(b.url, 'avatars', await image(), { token: m.token })).status).toBe(201);
    const third = await upload(a.url, 'avatars', await image(), { token: m.token });
    expect(third.status).toBe(413);
    expect(third.body.error).toBe('quota_exceeded');
  });
});
