// Image signatures, bucket rules and stored names of the upload API.
import { describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { SNIFF_BYTES, sniffImage } from '../../sync-server/src/uploads/sniff.ts';
import { BUCKET_POLICIES, isUploadBucket, uploadRefusal } from '../../sync-server/src/uploads/buckets.ts';
import { UPLOAD_NAME, isSafeUserFolder, newUploadNames, removeUserUploads, sweepTemp, uploadLayout } from '../../sync-server/src/uploads/storage.ts';
import { UPLOAD_BUCKETS } from '../../design-docs/src/constants.ts';

const enc = new TextEncoder();
const head = (b: Uint8Array) => b.subarray(0, SNIFF_BYTES);

describe('sniffImage', () => {
  it('knows the formats sharp decodes, from their first bytes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
    const cases = [
      ['jpeg', await base.clone().jpeg().toBuffer()],
      ['png', await base.clone().png().toBuffer()],
      ['gif', await base.clone().gif().toBuffer()],
      ['webp', await base.clone().webp().toBuffer()],
      ['avif', await base.clone().avif({ effort: 0 }).toBuffer()],
    ] as const;
    for (const [kind, bytes] of cases) expect(sniffImage(head(new Uint8Array(bytes))), kind).toBe(kind);
    const heic = new Uint8Array([0, 0, 0, 24, ...enc.encode('ftypheic'), 0, 0, 0, 0]);
    expect(sniffImage(heic)).toBe('heic');
  });

  it('refuses text, SVG, PDF, archives and truncated signatures', () => {
    for (const text of ['hello world, not an image', '<svg xmlns="http://www.w3.org/2000/svg"/>', '%PDF-1.7\n', 'PK\u0003\u0004zip', 'GIF8', 'RIFF\u0000\u0000\u0000\u0000WAVE', '']) {
      expect(sniffImage(enc.encode(text)), JSON.stringify(text)).toBeNull();
    }
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(new Uint8Array([0, 0, 0, 24, ...enc.encode('ftypisom')]))).toBeNull(); // an MP4 video
  });
});

describe('buckets', () => {
  it('knows the five buckets and nothing else', () => {
    expect(Object.keys(BUCKET_POLICIES).sort()).toEqual([...UPLOAD_BUCKETS].sort());
    for (const b of UPLOAD_BUCKETS) expect(isUploadBucket(b)).toBe(true);
    for (const b of ['', '..', 'avatars/..', 'Avatars', 'uploads', '__proto__', 'constructor']) expect(isUploadBucket(b), b).toBe(false);
  });

  it('opens avatars, events and restaurants to members; market and bands to admins', () => {
    const member = { isAdmin: false };
    const admin = { isAdmin: true };
    expect(uploadRefusal('avatars', member)).toBeNull();
    expect(uploadRefusal('events-images', member)).toBeNull();
    expect(uploadRefusal('restaurant-images', member)).toBeNull();
    expect(uploadRefusal('market-images', member)).toMatch(/admins/);
    expect(uploadRefusal('band-images', member)).toMatch(/admins/);
    for (const b of UPLOAD_BUCKETS) expect(uploadRefusal(b, admin)).toBeNull();
  });
});

describe('stored names', () => {
  it('puts each file in its uploader folder with a unique time-ordered name', () => {
    const a = newUploadNames('u1', 1_763_771_234_567);
    const b = newUploadNames('u1', 1_763_771_234_567);
    expect(a.path).toMatch(/^u1\/1763771234567-[0-9a-f]{12}\.webp$/);
    expect(a.smallPath).toBe(a.path.replace('.webp', '-sm.webp'));
    expect(a.path).not.toBe(b.path);
    expect(UPLOAD_NAME.test(a.path.split('/')[1] as string)).toBe(true);
  });

  it('refuses user ids that are not plain folder names', () => {
    for (const id of ['', '..', 'a/b', 'a\\b', '.hidden', 'x'.repeat(129), 'a b']) {
      expect(isSafeUserFolder(id), id).toBe(false);
      expect(() => newUploadNames(id)).toThrow();
    }
    expect(isSafeUserFolder('0a1b2c3d4e5f')).toBe(true);
  });

  it('sweeps stale temporary files and removes a deleted account avatars', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fete-uploads-unit-'));
    try {
      const layout = uploadLayout(dataDir);
      await mkdir(layout.tmpDir, { recursive: true });
      await writeFile(path.join(layout.tmpDir, 'old.upload'), 'x');
      await writeFile(path.join(layout.tmpDir, 'new.upload'), 'x');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(path.join(layout.tmpDir, 'old.upload'), twoHoursAgo, twoHoursAgo);
      expect(await sweepTemp(layout, 3600_000)).toBe(1);
      expect(await readdir(layout.tmpDir)).toEqual(['new.upload']);

      for (const bucket of ['avatars', 'events-images']) {
        await mkdir(path.join(layout.uploadsRoot, bucket, 'u1'), { recursive: true });
        await writeFile(path.join(layout.uploadsRoot, bucket, 'u1', 'a.webp'), 'x');
      }
      await removeUserUploads(dataDir, 'u1');
      expect(await readdir(path.join(layout.uploadsRoot, 'avatars'))).toEqual([]);
      expect(await readdir(path.join(layout.uploadsRoot, 'events-images', 'u1'))).toEqual(['a.webp']);
      await removeUserUploads(dataDir, '..'); // refused quietly
      expect(await readdir(layout.uploadsRoot)).toEqual(expect.arrayContaining(['avatars', 'events-images']));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
