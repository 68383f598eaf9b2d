// Where uploads live on disk. Served files are under DATA_DIR/uploads/{bucket}/{user id}/;
// work in progress (the received original, still carrying its EXIF, and half-written
// outputs) stays in DATA_DIR/upload-tmp, outside the served tree, until it is renamed in.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_BUCKETS } from '../../../design-docs/src/constants.ts';
import type { UploadBucket } from '../../../design-docs/src/constants.ts';

/** The suffix of the small variant: `{name}.webp` has `{name}-sm.webp` next to it. */
export const SMALL_SUFFIX = '-sm';

/** The file names the upload API writes: `{timestamp}-{random}.webp`. */
export const UPLOAD_NAME = /^\d{13}-[0-9a-f]{12}\.webp$/;

/** User ids become folder names: they must be plain. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

export function isSafeUserFolder(userId: string): boolean {
  return SAFE_SEGMENT.test(userId);
}

export interface UploadLayout {
  uploadsRoot: string;
  tmpDir: string;
}

export function uploadLayout(dataDir: string): UploadLayout {
  return { uploadsRoot: path.join(dataDir, 'uploads'), tmpDir: path.join(dataDir, 'upload-tmp') };
}

export interface StoredNames {
  /** Relative to the bucket: what documents store. */
  path: string;
  smallPath: string;
}

export function newUploadNames(userId: string, now = Date.now()): StoredNames {
  if (!isSafeUserFolder(userId)) throw new Error(`unsafe user folder: ${userId}`);
  const base = `${String(now).padStart(13, '0')}-${randomBytes(6).toString('hex')}`;
  return { path: `${userId}/${base}.webp`, smallPath: `${userId}/${base}${SMALL_SUFFIX}.webp` };
}

export function publicUrl(bucket: UploadBucket, relative: string): string {
  return `/uploads/${bucket}/${relative}`;
}

/** A fresh name in the temporary folder. */
export function tempName(layout: UploadLayout, suffix: string): string {
  return path.join(layout.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}${suffix}`);
}

/** Moves a finished file into place; across file systems it copies, then removes. */
export async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    const partial = `${to}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await copyFile(from, partial);
      await rename(partial, to);
    } finally {
      await unlink(partial).catch(() => undefined);
      await unlink(from).catch(() => undefined);
    }
  }
}

/** Whether a regular file is at this path (a folder or nothing is not). */
export async function fileExists(file: string): Promise<boolean> {
  return stat(file).then((s) => s.isFile(), () => false);
}

export async function removeQuietly(...files: Array<string | null | undefined>): Promise<void> {
  await Promise.all(files.map((f) => (f ? rm(f, { force: true }).catch(() => undefined) : undefined)));
}

/** Removes temporary files older than `maxAgeMs`: what a crash mid-upload left behind. */
export async function sweepTemp(layout: UploadLayout, maxAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(layout.tmpDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(layout.tmpDir, name);
    try {
      if (now - (await stat(file)).mtimeMs > maxAgeMs) {
        await rm(file, { force: true, recursive: true });
        removed++;
      }
    } catch {
      // gone already
    }
  }
  return removed;
}

/**
 * Removes a user's folder in the given buckets (account deletion: the avatars). Images in the
 * other buckets may still be shown by events or restaurants that outlive the account.
 */
export async function removeUserUploads(dataDir: string, userId: string, buckets: readonly UploadBucket[] = ['avatars']): Promise<void> {
  if (!isSafeUserFolder(userId)) return;
  const { uploadsRoot } = uploadLayout(dataDir);
  await Promise.all(
    buckets.filter((b) => (UPLOAD_BUCKETS as readonly string[]).includes(b)).map((bucket) => rm(path.join(uploadsRoot, bucket, userId), { recursive: true, force: true })),
  );
}
