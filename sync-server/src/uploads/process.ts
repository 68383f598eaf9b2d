// Re-encodes an upload with sharp: decoded under a pixel limit, turned upright from its EXIF
// orientation, and written as WebP in two sizes. sharp writes no metadata unless asked
// (withMetadata / keepExif), so EXIF, GPS, XMP and IPTC of the original are all dropped.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import type { OutputInfo, SharpOptions } from 'sharp';

export const LARGE_MAX_PX = 1600;
export const SMALL_MAX_PX = 480;
/** Avatars in lists are shown at 64 CSS px or less: 128 px is sharp at 2x. */
export const THUMB_MAX_PX = 128;
/** 40 megapixels: a 48 MP phone photo is 8064×6048, which is refused; 12 to 24 MP is common. */
export const MAX_INPUT_PIXELS = 40_000_000;

export class ImageDecodeError extends Error {
  readonly kind: 'too_many_pixels' | 'unreadable';
  constructor(kind: 'too_many_pixels' | 'unreadable', message: string) {
    super(message);
    this.name = 'ImageDecodeError';
    this.kind = kind;
  }
}

export interface ProcessedImage {
  width: number;
  height: number;
  smallWidth: number;
  smallHeight: number;
}

const inputOptions: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // 'error' refuses corrupt and truncated data but tolerates the benign warnings
  // (extraneous bytes, odd markers) that many cameras' JPEGs trigger.
  failOn: 'error',
  // The first frame of an animation only.
  pages: 1,
};

/** A small gate: decoding is memory- and CPU-heavy, so only a few run at once. */
function createGate(width: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= width) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

const gate = createGate(Math.max(1, Math.min(2, os.availableParallelism())));

// libvips keeps recently opened input files open (WebP and GIF loaders, at least) to reuse
// them. Every upload is read once and then deleted, so that cache would only hold descriptors
// of deleted spool files, whose disk space is then not given back. Nothing else in this
// process reads image files through sharp more than once.
sharp.cache({ files: 0 });

function classify(err: unknown): ImageDecodeError {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return new ImageDecodeError('too_many_pixels', `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }
  return new ImageDecodeError('unreadable', message);
}

/**
 * Reads `input` (a file path) and writes the large and small WebP files. Throws
 * ImageDecodeError when the image cannot be decoded or is too large in pixels.
 */
export async function processImage(input: string, largeOut: string, smallOut: string): Promise<ProcessedImage> {
  return gate(async () => {
    let large: { data: Buffer; info: OutputInfo };
    try {
      large = await sharp(input, inputOptions)
        .rotate() // EXIF orientation first; the tag itself goes with the rest of the metadata
        .resize({ width: LARGE_MAX_PX, height: LARGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 4 })
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw classify(err);
    }
    const bytes = new Uint8Array(large.data.buffer, large.data.byteOffset, large.data.byteLength);
    await writeFile(largeOut, bytes, { flag: 'wx', mode: 0o644 });
    // The small one comes from the large one (at most a few hundred kB, in memory): already
    // upright and stripped, and cheap to decode.
    const small = await sharp(large.data, inputOptions)
      .resize({ width: SMALL_MAX_PX, height: SMALL_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toFile(smallOut);
    return { width: large.info.width, height: large.info.height, smallWidth: small.width, smallHeight: small.height };
  });
}

/**
 * Writes the thumbnail of an upload from its small variant (already upright and stripped), to
 * `out`. The caller names `out` so that a half-written file is never served.
 */
export async function processThumb(small: string, out: string): Promise<void> {
  await gate(() =>
    sharp(small, inputOptions)
      .resize({ width: THUMB_MAX_PX, height: THUMB_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toFile(out),
  );
}
