// Thumbnails of uploads (`…-th.webp`, at most 128 px), made from the small variant the first time
// one is asked for, then served as a file like the others (ADR 042). Avatars in lists are shown
// at 64 px: a 480 px picture costs the phone 14 times the decoding, and the carnival's network
// 5 times the bytes. Made on demand, so uploads from before the thumbnails get theirs too, and
// the upload path is unchanged.
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { THUMB_SUFFIX } from '../../../design-docs/src/image-url.ts';
import { apiError } from '../http-errors.ts';
import type { Logger } from '../log.ts';
import { isUploadBucket } from './buckets.ts';
import { processThumb } from './process.ts';
import { SMALL_SUFFIX, fileExists, moveInto, removeQuietly, tempName, type UploadLayout } from './storage.ts';

/** Thumbnails being made at once, or waiting for the image gate; past it, 503 (docs/limits.md). */
export const MAX_THUMBS_PENDING = 64;

const THUMB_PATH = new RegExp(`^/uploads/([a-z-]+)/([A-Za-z0-9_-]{1,128})/(\\d{13}-[0-9a-f]{12})${THUMB_SUFFIX}\\.webp$`);

/** Before the uploads' static files: makes a missing thumbnail, then lets them serve it. */
export function thumbsOnDemand(layout: UploadLayout, log: Logger): MiddlewareHandler {
  const making = new Map<string, Promise<boolean>>();

  async function make(small: string, thumb: string): Promise<boolean> {
    await mkdir(layout.tmpDir, { recursive: true });
    const tmp = tempName(layout, `${THUMB_SUFFIX}.webp`);
    try {
      await processThumb(small, tmp);
      try {
        // Not moveInto: it would make the folder again if the account was deleted meanwhile.
        await rename(tmp, thumb);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return false;
        if (code !== 'EXDEV') throw err;
        await moveInto(tmp, thumb);
      }
      return true;
    } catch (err) {
      log('warn', 'a thumbnail could not be made', { small, error: err instanceof Error ? err.message : String(err) });
      return false;
    } finally {
      await removeQuietly(tmp);
    }
  }

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const m = THUMB_PATH.exec(c.req.path);
    const [, bucket, user, name] = m ?? [];
    if (!bucket || !user || !name || !isUploadBucket(bucket)) return next();
    const dir = path.join(layout.uploadsRoot, bucket, user);
    const thumb = path.join(dir, `${name}${THUMB_SUFFIX}.webp`);
    if (await fileExists(thumb)) return next();
    const small = path.join(dir, `${name}${SMALL_SUFFIX}.webp`);
    // No such upload: the static files answer 404.
    if (!(await fileExists(small))) return next();
    let job = making.get(thumb);
    if (!job) {
      if (making.size >= MAX_THUMBS_PENDING) {
        c.header('Retry-After', '5');
        return apiError(c, 503, 'busy', 'Too many thumbnails are being made; try again in a moment');
      }
      job = make(small, thumb).finally(() => making.delete(thumb));
      making.set(thumb, job);
    }
    // Made or not, the static files answer: the thumbnail, or 404 and the client's next source.
    await job;
    return next();
  };
}
