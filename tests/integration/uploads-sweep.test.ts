// The sweep of unused uploads (ADR 055): an upload that no document has shown for a day goes, files
// and record, and its bytes go back to its owner's quota; one a document shows stays, and so does a
// fresh one not yet shown (a device publishes its event later, ADR 031); one that stops being shown
// stays a day more. One server at a time (a lease), and files without a record are left alone.
// Passes run on a clock the test sets; the last test lets the server's own timer run, scaled down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { signUp, type SignedIn } from './helpers/accounts.ts';
import { until } from './helpers/until.ts';
import { pngBytes, upload } from './uploads-helpers.ts';
import { createUploadSweep } from '../../sync-server/src/uploads/sweep.ts';
import { takeLease } from '../../sync-server/src/backend/lease.ts';
import { makeEvent } from '../fixtures/index.ts';

const DAY = 24 * 3600_000;
const QUOTA = 40_000;

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ WORKERS: 'false', UPLOAD_BYTES_PER_MEMBER: String(QUOTA) });
});
afterAll(async () => {
  await t?.close();
});

const call = () => t.server.ctx.adminCall;
const image = async () => ({ bytes: await pngBytes(20, 20), name: 'a.png', type: 'image/png' });
const large = (bucket: string, rel: string) => path.join(t.dataDir, 'uploads', bucket, ...rel.split('/'));
const filesOf = (bucket: string, rel: string) => ['', '-sm', '-th'].map((s) => large(bucket, rel).replace(/\.webp$/, `${s}.webp`));
const record = async (p: string) => {
  const ans = await call()('GET', `/accounts/${encodeURIComponent(`upload:${p}`)}`);
  return ans.status === 200 ? (ans.body as Record<string, any>) : null;
};
const usedBy = async (userId: string) => {
  const ans = await call()('GET', `/accounts/${encodeURIComponent(`upload_usage:${userId}`)}`);
  return ans.status === 200 ? ((ans.body as { bytes: number }).bytes) : 0;
};
const createdAt = async (p: string) => Date.parse((await record(p))?.created_at as string);

async function uploaded(m: SignedIn, bucket = 'avatars'): Promise<string> {
  const res = await upload(t.url, bucket, await image(), { token: m.token });
  expect(res.status).toBe(201);
  return res.body.path as string;
}

async function setAvatar(userId: string, avatar: string | null): Promise<void> {
  const id = `profile:${userId}`;
  const ans = await call()('GET', `/members/${encodeURIComponent(id)}`);
  expect(ans.status).toBe(200);
  const put = await call()('PUT', `/members/${encodeURIComponent(id)}`, { ...(ans.body as object), avatar_url: avatar });
  expect([201, 202]).toContain(put.status);
}

describe('the upload sweep', () => {
  it('removes an upload shown by nothing for a day and gives its bytes back; keeps a shown one and a fresh one', async () => {
    const m = await signUp(t.url);
    const unused = await uploaded(m);
    const shown = await uploaded(m);
    await setAvatar(m.userId, shown);
    // The thumbnail is made on its first request: it goes too.
    expect((await fetch(`${t.url}/uploads/avatars/${unused.replace(/\.webp$/, '-th.webp')}`)).status).toBe(200);
    // At the quota: two uploads fit, a third does not.
    expect((await upload(t.url, 'avatars', await image(), { token: m.token })).status).toBe(413);
    const used = await usedBy(m.userId);
    const unusedBytes = (await record(unused))?.bytes as number;

    const other = await signUp(t.url);
    await until(async () => Date.now() > (await createdAt(unused)) + 2, 'a later moment');
    const fresh = await uploaded(other, 'events-images');
    // A day after the unused one was made, a moment short of a day after the fresh one.
    const now = (await createdAt(fresh)) + DAY - 1;
    expect(await createdAt(unused)).toBeLessThan(now - DAY);
    const sweep = createUploadSweep(t.server.ctx, { start: false, now: () => now, holder: 'test-a' });

    const report = await sweep.pass();
    expect(report).toMatchObject({ removed: 1 });
    for (const f of filesOf('avatars', unused)) expect(existsSync(f)).toBe(false);
    expect(await record(unused)).toBeNull();
    expect(await usedBy(m.userId)).toBe(used - unusedBytes);
    for (const f of filesOf('avatars', shown).slice(0, 2)) expect(existsSync(f)).toBe(true);
    expect(await record(shown)).toMatchObject({ refs: [`members/profile:${m.userId}`] });
    for (const f of filesOf('events-images', fresh).slice(0, 2)) expect(existsSync(f)).toBe(true);
    // The bytes given back make room again.
    expect((await upload(t.url, 'avatars', await image(), { token: m.token })).status).toBe(201);

    // Run again (a pass that stopped half-way, or the next one): nothing more goes, nothing given back twice.
    expect(await sweep.pass()).toMatchObject({ removed: 0 });
    expect(existsSync(large('avatars', shown))).toBe(true);
  });

  it('keeps an upload a day after the last document showing it moved on, then removes it', async () => {
    const m = await signUp(t.url);
    const avatar = await uploaded(m);
    const eventImage = await uploaded(m, 'events-images');
    await setAvatar(m.userId, avatar);
    const event = makeEvent({ image_url: `/uploads/events-images/${eventImage.replace(/\.webp$/, '-sm.webp')}`, organizer_id: m.userId });
    expect([201, 202]).toContain((await call()('PUT', `/catalog/${encodeURIComponent(event._id)}`, event)).status);

    let now = Date.now();
    const sweep = createUploadSweep(t.server.ctx, { start: false, now: () => now, holder: 'test-b' });
    await sweep.pass();
    expect(await record(eventImage)).toMatchObject({ refs: [`catalog/${event._id}`] });

    // The member changes their picture; the event is deleted.
    await setAvatar(m.userId, null);
    const ev = await call()('GET', `/catalog/${encodeURIComponent(event._id)}`);
    expect([200, 202]).toContain((await call()('DELETE', `/catalog/${encodeURIComponent(event._id)}?rev=${(ev.body as { _rev: string })._rev}`)).status);

    // Looked at a day later: shown by nothing from now on, so kept another day.
    now += DAY + 1000;
    await sweep.pass();
    expect(existsSync(large('avatars', avatar))).toBe(true);
    expect(existsSync(large('events-images', eventImage))).toBe(true);
    expect(await record(avatar)).toMatchObject({ refs: [], unreferenced_at: new Date(now).toISOString() });

    now += DAY - 1000;
    await sweep.pass();
    expect(existsSync(large('avatars', avatar))).toBe(true);
    now += 2000;
    await sweep.pass();
    expect(existsSync(large('avatars', avatar))).toBe(false);
    expect(existsSync(large('events-images', eventImage))).toBe(false);
    expect(await usedBy(m.userId)).toBe(0);
  });

  it('runs on one server at a time, and leaves files without a record alone', async () => {
    const m = await signUp(t.url);
    const unused = await uploaded(m);
    // A file from before the records (or the demo's artwork): no record, never swept.
    const old = path.join(t.dataDir, 'uploads', 'avatars', m.userId, '1600000000000-0123456789ab.webp');
    await mkdir(path.dirname(old), { recursive: true });
    await writeFile(old, 'RIFF');
    const now = (await createdAt(unused)) + DAY + 1;
    const other = await takeLease(call(), 'upload-sweep', 'another-server', 60_000);
    expect(other).not.toBeNull();
    const sweep = createUploadSweep(t.server.ctx, { start: false, now: () => now, holder: 'test-c' });
    expect(await sweep.pass()).toBeNull();
    expect(existsSync(large('avatars', unused))).toBe(true);
    await other?.release();
    expect(await sweep.pass()).not.toBeNull();
    expect(existsSync(large('avatars', unused))).toBe(false);
    expect(existsSync(old)).toBe(true);
  });
});

describe('the server’s own sweep', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ UPLOAD_SWEEP_SECONDS: '1', UPLOAD_UNUSED_SECONDS: '1' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('runs every UPLOAD_SWEEP_SECONDS and removes what has gone unused for UPLOAD_UNUSED_SECONDS', async () => {
    const m = await signUp(s.url);
    const res = await upload(s.url, 'events-images', await image(), { token: m.token });
    expect(res.status).toBe(201);
    const file = path.join(s.dataDir, 'uploads', 'events-images', ...(res.body.path as string).split('/'));
    expect(existsSync(file)).toBe(true);
    await until(() => !existsSync(file), 'the unused upload removed', 30_000);
  });
});
