// POST /api/uploads/{bucket} on the real server with real accounts: images are re-encoded to
// WebP in two sizes without EXIF/GPS, non-images and oversized bodies are refused while
// streaming, buckets have owners, and nothing is left on disk when an upload fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { existsSync, readlinkSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { signIn, signUp } from './helpers/accounts.ts';
import type { SignedIn } from './helpers/accounts.ts';
import { createUploadRoutes } from '../../sync-server/src/uploads/routes.ts';
import { UPLOAD_MAX_BYTES } from '../../design-docs/src/constants.ts';
import { filesUnder, gpsIfdOffset, joinBytes, jpegBytes, jpegWithGps, pngBytes, rawGet, streamUpload, upload } from './uploads-helpers.ts';

const ADMIN = { email: 'uploads-admin@example.org', password: 'admin-pass-1' };
const NAME = /^[A-Za-z0-9_-]+\/\d{13}-[0-9a-f]{12}\.webp$/;

let t: TestServer;
let member: SignedIn;
let adminToken: string;

beforeAll(async () => {
  t = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WORKERS: 'false' });
  member = await signUp(t.url);
  const admin = await signIn(t.url, ADMIN.email, ADMIN.password);
  if (!admin.token) throw new Error(`admin sign-in failed: ${JSON.stringify(admin.body)}`);
  adminToken = admin.token;
});

afterAll(async () => {
  await t?.close();
});

const uploadsRoot = () => path.join(t.dataDir, 'uploads');
const tmpDir = () => path.join(t.dataDir, 'upload-tmp');
const onDisk = (bucket: string, rel: string) => path.join(uploadsRoot(), bucket, ...rel.split('/'));
const smallOf = (rel: string) => rel.replace(/\.webp$/, '-sm.webp');

async function expectNothingStored(bucket: string, userId: string) {
  expect(await filesUnder(path.join(uploadsRoot(), bucket, userId))).toEqual([]);
  expect(await filesUnder(tmpDir())).toEqual([]);
}

describe('accepted images', () => {
  it('re-encodes a PNG to WebP in a large and a small size, served with immutable cache headers', async () => {
    const res = await upload(t.url, 'avatars', { bytes: await pngBytes(2000, 1000), name: 'me.png', type: 'image/png' }, { token: member.token });
    expect(res.status).toBe(201);
    expect(res.body.path).toMatch(NAME);
    expect(res.body.path.startsWith(`${member.userId}/`)).toBe(true);
    expect(res.body.url).toBe(`/uploads/avatars/${res.body.path}`);
    expect(res.body.small_url).toBe(`/uploads/avatars/${smallOf(res.body.path)}`);

    const large = await sharp(onDisk('avatars', res.body.path)).metadata();
    const small = await sharp(onDisk('avatars', smallOf(res.body.path))).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 1600, 800]);
    expect([small.format, small.width, small.height]).toEqual(['webp', 480, 240]);

    for (const url of [res.body.url, res.body.small_url]) {
      const served = await fetch(t.url + url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    }
    expect(await filesUnder(tmpDir())).toEqual([]);
  });

  it('accepts a JPEG, and never enlarges a small image', async () => {
    const res = await upload(t.url, 'events-images', { bytes: await jpegBytes(300, 200), name: 'flyer.jpg', type: 'image/jpeg' }, { token: member.token });
    expect(res.status).toBe(201);
    expect(existsSync(onDisk('events-images', res.body.path))).toBe(true);
    expect(existsSync(onDisk('events-images', smallOf(res.body.path)))).toBe(true);
    const large = await sharp(onDisk('events-images', res.body.path)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 300, 200]);
  });

  it('accepts GIF, WebP and AVIF by their bytes, whatever the declared type and name', async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#f0a' } });
    const cases = [
      { bytes: await base.clone().gif().toBuffer(), name: 'a.gif' },
      { bytes: await base.clone().webp().toBuffer(), name: 'b.webp' },
      { bytes: await base.clone().avif({ effort: 0 }).toBuffer(), name: 'c.avif' },
    ];
    for (const c of cases) {
      const res = await upload(t.url, 'restaurant-images', { bytes: c.bytes, name: 'renamed.txt', type: 'application/octet-stream' }, { token: member.token });
      expect(res.status, c.name).toBe(201);
      expect((await sharp(onDisk('restaurant-images', res.body.path)).metadata()).format).toBe('webp');
    }
  });

  it('stores a phone JPEG upright and without its EXIF and GPS', async () => {
    const original = await jpegWithGps(400, 300);
    const meta = await sharp(original).metadata();
    expect(meta.orientation).toBe(6);
    expect(gpsIfdOffset(meta.exif as Buffer)).not.toBeNull(); // the test image really has GPS

    const res = await upload(t.url, 'avatars', { bytes: original, name: 'IMG_0001.jpg', type: 'image/jpeg' }, { token: member.token });
    expect(res.status).toBe(201);
    for (const rel of [res.body.path, smallOf(res.body.path)]) {
      const file = onDisk('avatars', rel);
      const stored = await sharp(file).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.iptc).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      // Orientation 6 was applied to the pixels: 400×300 is now portrait.
      expect(stored.height).toBeGreaterThan(stored.width);
    }
    const bytes = Buffer.from(await (await fetch(t.url + res.body.url)).arrayBuffer());
    expect(bytes.includes(Buffer.from('FeteTestCam'))).toBe(false);
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('lets an admin upload to the admin-only buckets', async () => {
    for (const bucket of ['market-images', 'band-images']) {
      const res = await upload(t.url, bucket, { bytes: await pngBytes(50, 50), name: 'x.png', type: 'image/png' }, { token: adminToken });
      expect(res.status, bucket).toBe(201);
      expect(res.body.url.startsWith(`/uploads/${bucket}/`)).toBe(true);
    }
  });
});

describe('refusals', () => {
  it('refuses a text file renamed .png, and stores nothing', async () => {
    const fresh = await signUp(t.url);
    const text = Buffer.from('This is not a picture, just some text pretending to be a PNG file.\n'.repeat(50));
    const res = await upload(t.url, 'avatars', { bytes: text, name: 'photo.png', type: 'image/png' }, { token: fresh.token });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'not_an_image', message: 'Please upload an image file' });
    await expectNothingStored('avatars', fresh.userId);
  });

  it('refuses a tiny non-image and an SVG', async () => {
    const fresh = await signUp(t.url);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const bytes of [Buffer.from('hi'), svg]) {
      const res = await upload(t.url, 'avatars', { bytes, name: 'x.png', type: 'image/svg+xml' }, { token: fresh.token });
      expect(res.status).toBe(415);
      expect(res.body.error).toBe('not_an_image');
    }
    await expectNothingStored('avatars', fresh.userId);
  });

  it('refuses an image with a valid signature but broken data, and stores nothing', async () => {
    const fresh = await signUp(t.url);
    const broken = joinBytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], new Uint8Array(4000).fill(7));
    const res = await upload(t.url, 'avatars', { bytes: broken, name: 'x.jpg', type: 'image/jpeg' }, { token: fresh.token });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('unreadable_image');
    await expectNothingStored('avatars', fresh.userId);
  });

  it('refuses an image above the pixel limit before decoding it', async () => {
    const fresh = await signUp(t.url);
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    const res = await upload(t.url, 'avatars', { bytes: huge, name: 'x.png', type: 'image/png' }, { token: fresh.token });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('too_many_pixels');
    await expectNothingStored('avatars', fresh.userId);
  });

  it('refuses a streamed body as soon as it passes 30 MB, long before it ends', async () => {
    const fresh = await signUp(t.url);
    const outcome = await streamUpload(t.url, 'avatars', fresh.token, { totalBytes: 200 * 1024 * 1024 });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toEqual({ error: 'too_large', message: 'Image size must be less than 30MB' });
    expect(outcome.finishedSending).toBe(false);
    expect(outcome.connection).toBe('close');
    // The answer came right after the limit: socket buffers hold a few MB at most.
    expect(outcome.sentBeforeAnswer).toBeGreaterThan(UPLOAD_MAX_BYTES - 4 * 1024 * 1024);
    expect(outcome.sentBeforeAnswer).toBeLessThan(UPLOAD_MAX_BYTES + 16 * 1024 * 1024);
    await expectNothingStored('avatars', fresh.userId);
  });

  it('refuses a streamed non-image after its first bytes, without reading the rest', async () => {
    const fresh = await signUp(t.url);
    const outcome = await streamUpload(t.url, 'avatars', fresh.token, { totalBytes: 200 * 1024 * 1024, firstBytes: Buffer.from('just text, no picture') });
    expect(outcome.status).toBe(415);
    expect(JSON.parse(outcome.body)).toEqual({ error: 'not_an_image', message: 'Please upload an image file' });
    expect(outcome.connection).toBe('close');
    expect(outcome.sentBeforeAnswer).toBeLessThan(16 * 1024 * 1024);
    await expectNothingStored('avatars', fresh.userId);
  });

  it('refuses a declared Content-Length above the limit without reading the body', async () => {
    const fresh = await signUp(t.url);
    const outcome = await streamUpload(t.url, 'avatars', fresh.token, { totalBytes: 0, declaredLength: 100 * 1024 * 1024 });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body).error).toBe('too_large');
    await expectNothingStored('avatars', fresh.userId);
  });

  it('accepts a file just under the limit size-wise (it is then judged as an image)', async () => {
    const fresh = await signUp(t.url);
    // 29 MB of a JPEG header and filler: the size is fine, the decoder refuses it.
    const bytes = joinBytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], new Uint8Array(29 * 1024 * 1024).fill(1));
    const res = await upload(t.url, 'avatars', { bytes, name: 'x.jpg', type: 'image/jpeg' }, { token: fresh.token });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('unreadable_image');
    await expectNothingStored('avatars', fresh.userId);
  });

  it('needs a valid bearer token', async () => {
    const png = { bytes: await pngBytes(10, 10), name: 'x.png', type: 'image/png' };
    const none = await upload(t.url, 'avatars', png);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('unauthorized');
    const bad = await upload(t.url, 'avatars', png, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
  });

  it('keeps members out of the admin-only buckets', async () => {
    for (const bucket of ['market-images', 'band-images']) {
      const res = await upload(t.url, bucket, { bytes: await pngBytes(10, 10), name: 'x.png', type: 'image/png' }, { token: member.token });
      expect(res.status, bucket).toBe(403);
      expect(res.body.error).toBe('forbidden');
      expect(await filesUnder(path.join(uploadsRoot(), bucket, member.userId))).toEqual([]);
    }
  });

  it('answers 404 JSON for an unknown bucket', async () => {
    for (const bucket of ['secrets', '..', '%2e%2e', 'avatars%2F..']) {
      const res = await upload(t.url, bucket, { bytes: await pngBytes(10, 10), name: 'x.png', type: 'image/png' }, { token: member.token });
      expect(res.status, bucket).toBe(404);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('answers 400 JSON for a body that is not a well-formed form with one file', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${t.url}/api/uploads/avatars`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, ...headers }, body });
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ 'content-type': 'application/json' }, '{"file":"x"}', 'invalid_upload'],
      [{ 'content-type': 'multipart/form-data' }, 'no boundary', 'invalid_upload'],
      [{ 'content-type': 'multipart/form-data; boundary=abc' }, '--abc\r\nContent-Disposition: form-data; name="file"\r\n\r\n\xff\xd8\xff', 'invalid_upload'],
      [{ 'content-type': 'multipart/form-data; boundary=abc' }, '--abc\r\nno colon here\r\n\r\nx\r\n--abc--\r\n', 'invalid_upload'],
      [{ 'content-type': 'multipart/form-data; boundary=abc' }, '--abc\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--abc--\r\n', 'no_file'],
    ];
    for (const [headers, body, code] of cases) {
      const res = await post(headers, body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).error, body).toBe(code);
    }
    const twice = await upload(t.url, 'avatars', { bytes: await pngBytes(10, 10), name: 'x.png', type: 'image/png' }, { token: member.token, extraFiles: 1 });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('invalid_upload');
    expect(await filesUnder(tmpDir())).toEqual([]);
  });

  it('limits uploads per member (429 with Retry-After)', async () => {
    // The same routes with a small budget, in process, against the real server's context.
    const app = new Hono().route('/api/uploads', createUploadRoutes(t.server.ctx, { rate: { limit: 2, windowMs: 60_000 } }));
    const fresh = await signUp(t.url);
    const send = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await pngBytes(20, 20))], { type: 'image/png' }), 'x.png');
      return app.request('/api/uploads/avatars', { method: 'POST', body: form, headers: { authorization: `Bearer ${fresh.token}` } });
    };
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const third = await send();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await third.json()).error).toBe('rate_limited');
    expect(await filesUnder(path.join(uploadsRoot(), 'avatars', fresh.userId))).toHaveLength(4);
  });

  it('is not subject to the API 64 KB JSON body limit, which still guards the other routes', async () => {
    const res = await upload(t.url, 'avatars', { bytes: await jpegBytes(1200, 1200), name: 'big.jpg', type: 'image/jpeg' }, { token: member.token });
    expect(res.status).toBe(201);
    const auth = await fetch(`${t.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x'.repeat(70_000) }) });
    expect(auth.status).toBe(413);
  });
});

describe('thumbnails', () => {
  const thumbOf = (rel: string) => rel.replace(/\.webp$/, '-th.webp');

  it('makes an upload\'s 128 px thumbnail from its small variant on the first request, then serves the file', async () => {
    const res = await upload(t.url, 'avatars', { bytes: await pngBytes(2000, 1000), name: 'me.png', type: 'image/png' }, { token: member.token });
    expect(res.status).toBe(201);
    expect(existsSync(onDisk('avatars', thumbOf(res.body.path)))).toBe(false);
    const url = `/uploads/avatars/${thumbOf(res.body.path)}`;
    // Several at once, as a list of cards asks: one thumbnail, each answered with it.
    const answers = await Promise.all([1, 2, 3].map(() => fetch(t.url + url)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.headers.get('content-type')).toBe('image/webp');
      expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await a.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 64]);
    }
    expect(existsSync(onDisk('avatars', thumbOf(res.body.path)))).toBe(true);
    expect((await fetch(t.url + url)).status).toBe(200);
    expect(await filesUnder(tmpDir())).toEqual([]);
  });

  it('answers 404 for the thumbnail of an upload that does not exist, and makes nothing', async () => {
    const missing = `${member.userId}/1700000000000-0123456789ab`;
    for (const p of [`/uploads/avatars/${missing}-th.webp`, `/uploads/nope/${missing}-th.webp`, `/uploads/avatars/${member.userId}/me-th.webp`]) {
      const res = await fetch(t.url + p);
      expect(res.status, p).toBe(404);
    }
    expect(existsSync(onDisk('avatars', `${missing}-th.webp`))).toBe(false);
    expect(await filesUnder(tmpDir())).toEqual([]);
  });

  it('makes no thumbnail of a small variant that is not an image, and answers 404', async () => {
    const name = `${member.userId}/1700000000001-0123456789ab`;
    await writeFile(onDisk('avatars', `${name}-sm.webp`), 'not a picture');
    const res = await fetch(`${t.url}/uploads/avatars/${name}-th.webp`);
    expect(res.status).toBe(404);
    expect(existsSync(onDisk('avatars', `${name}-th.webp`))).toBe(false);
    expect(await filesUnder(tmpDir())).toEqual([]);
  });
});

describe('resources', () => {
  it('keeps no descriptor of a deleted upload file open (libvips file cache)', async (ctx) => {
    if (!existsSync('/proc/self/fd')) return ctx.skip();
    // GIF and WebP inputs were the ones libvips kept open.
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#0af' } });
    for (const bytes of [await base.clone().gif().toBuffer(), await base.clone().webp().toBuffer()]) {
      const res = await upload(t.url, 'events-images', { bytes, name: 'x', type: 'image/gif' }, { token: member.token });
      expect(res.status).toBe(201);
    }
    const held = (await readdir('/proc/self/fd'))
      .map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter((target) => target.startsWith(t.dataDir) && /upload/.test(target));
    expect(held).toEqual([]);
  });
});

describe('serving /uploads', () => {
  const SENTINEL = 'sentinel-do-not-serve-7f3a';

  beforeAll(async () => {
    await writeFile(path.join(t.dataDir, 'secret.txt'), SENTINEL);
    await writeFile(path.join(t.dataDir, 'upload-tmp-probe.txt'), SENTINEL);
  });

  it('never serves a file outside the uploads folder', async () => {
    const attempts = [
      '/uploads/../secret.txt',
      '/uploads/avatars/../../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/%2E%2E/secret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/..%2Fsecret.txt',
      '/uploads/..%5csecret.txt',
      '/uploads/..\\secret.txt',
      '/uploads/avatars/..%2f..%2fsecret.txt',
      '/uploads/avatars/%2e%2e/%2e%2e/secret.txt',
      '/uploads/%252e%252e/secret.txt',
      '/uploads/.%2e/secret.txt',
      '/uploads//../secret.txt',
      '/uploads/%c0%ae%c0%ae/secret.txt',
      '/uploads/..%00/secret.txt',
      '/uploads/....//secret.txt',
      `/uploads/${encodeURIComponent(path.join(t.dataDir, 'secret.txt'))}`,
      '/uploads/../upload-tmp-probe.txt',
    ];
    for (const p of attempts) {
      const res = await rawGet(t.url, p);
      expect(res.body.includes(SENTINEL), p).toBe(false);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
    }
  });

  it('lists no folders and serves no temporary files', async () => {
    for (const p of ['/uploads/', '/uploads/avatars/', `/uploads/avatars/${member.userId}/`, '/uploads/../upload-tmp/']) {
      const res = await rawGet(t.url, p);
      expect(res.status, p).toBe(404);
    }
  });
});
