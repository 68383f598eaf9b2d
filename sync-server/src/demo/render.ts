// Renders demo artwork to WebP under DATA_DIR/uploads/{bucket}/{path}. Existing files are
// kept, so a restart only draws what is missing; each file is written to a temporary name and
// renamed, so a crash never leaves a half-written image that later runs would skip.
import { access, mkdir, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { artSvg } from './art.ts';
import type { ArtSpec } from './art.ts';

export interface ImageJob {
  bucket: string;
  /** Relative to the bucket, as stored in the documents. */
  path: string;
  art: ArtSpec;
}

export interface RenderResult {
  written: number;
  skipped: number;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

export function uploadPath(uploadsRoot: string, job: Pick<ImageJob, 'bucket' | 'path'>): string {
  const file = path.resolve(uploadsRoot, job.bucket, job.path);
  if (!file.startsWith(path.resolve(uploadsRoot) + path.sep)) throw new Error(`image path escapes uploads: ${job.path}`);
  return file;
}

async function renderOne(uploadsRoot: string, job: ImageJob): Promise<boolean> {
  const file = uploadPath(uploadsRoot, job);
  if (await exists(file)) return false;
  await mkdir(path.dirname(file), { recursive: true });
  // A fixed temporary name: the run after a crash renders the same file again and replaces it.
  const tmp = `${file}.tmp`;
  // The fastest effort: rendering speed matters more here than the last few kB (files are 5-30 kB).
  await sharp(Buffer.from(artSvg(job.art))).webp({ quality: 60, effort: 0 }).toFile(tmp);
  await rename(tmp, file);
  return true;
}

/** A small pool: as many renders at once as there are cores, at most `limit`. */
export async function renderImages(uploadsRoot: string, jobs: readonly ImageJob[], limit = 2): Promise<RenderResult> {
  const width = Math.max(1, Math.min(limit, os.availableParallelism()));
  const result: RenderResult = { written: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as ImageJob;
      if (await renderOne(uploadsRoot, job)) result.written++;
      else result.skipped++;
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return result;
}
