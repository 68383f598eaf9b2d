// `POST /api/uploads/{bucket}`: one image in a multipart `file` field, with a bearer token.
//
// The body is streamed, never buffered: the file goes to a temporary file outside the served
// tree while its size is counted, and the request is refused (413) as soon as it passes
// 30 MB, or as soon as its first bytes show it is not an image (415). The image is then
// re-encoded by sharp to WebP in two sizes, which drops EXIF and GPS, and renamed into
// DATA_DIR/uploads/{bucket}/{user id}/. Nothing is left on disk when anything fails.
//
// Each upload is counted against its owner's byte quota before it is placed, in the engine
// (quota.ts, ADR 055), and gets a record there (records.ts) that the sweep uses to remove it
// once no document shows it. Past the quota: 413 `quota_exceeded`, nothing placed.
//
// With an `Idempotency-Key` header the same member and key get the same stored image however
// often the request is repeated (idempotency.ts): a device publishing a written-ahead event may
// retry an upload whose answer it never saw.
//
// This router is mounted before the API's 64 KB JSON body limit (see server.ts), because it
// enforces its own, larger limit while streaming.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { mkdir, open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { ServerContext } from '../context.ts';
import { UPLOAD_MAX_BYTES } from '../../../design-docs/src/constants.ts';
import { bearerUser } from '../auth/bearer.ts';
import { createSlidingWindow } from '../rate-limit/sliding-window.ts';
import { isUploadBucket, uploadRefusal } from './buckets.ts';
import { MultipartError, boundaryFrom, readFilePart } from './multipart.ts';
import { ImageDecodeError, processImage } from './process.ts';
import type { ProcessedImage } from './process.ts';
import { SNIFF_BYTES, sniffImage } from './sniff.ts';
import type { ImageKind } from './sniff.ts';
import { fileExists, isSafeUserFolder, moveInto, newUploadNames, publicUrl, removeQuietly, sweepTemp, tempName, uploadLayout } from './storage.ts';
import type { StoredNames } from './storage.ts';
import { IDEMPOTENCY_KEY, createKeyLocks, reserveNames, sweepReservations } from './idempotency.ts';
import type { ApiUser } from '../auth/bearer.ts';
import type { UploadBucket } from '../../../design-docs/src/constants.ts';
import { THUMB_ALLOWANCE_BYTES, UploadQuota, quotaMessage } from './quota.ts';
import { createRecord, newRecord, removeRecord } from './records.ts';

/** The client's texts. */
export const NOT_AN_IMAGE_MESSAGE = 'Please upload an image file';
export const TOO_LARGE_MESSAGE = 'Image size must be less than 30MB';

/** Room for the multipart framing and small extra fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

export interface UploadRouteOptions {
  /** Uploads per user per window (default 30 per 10 minutes). */
  rate?: { limit: number; windowMs: number };
  /** The largest file accepted (default UPLOAD_MAX_BYTES, 30 MB). */
  maxFileBytes?: number;
}

/** What an upload holds of its owner's quota: `fresh` when this request counted it. */
interface Claim {
  fresh: boolean;
  counted: boolean;
  bytes: number;
}

export interface UploadAnswer {
  /** Relative to the bucket: what a document stores (e.g. `avatar_url`). */
  path: string;
  /** `/uploads/{bucket}/{path}`: the large variant, at most 1600 px on its long side. */
  url: string;
  /** The small variant, at most 480 px on its long side. */
  small_url: string;
}

class NotAnImage extends Error {}
/** The disk failed while receiving: the server's fault, not the client's. */
class SpoolError extends Error {}

/**
 * Answers a refusal. `close` asks Node to close the connection after the answer: the body
 * was not read to its end, and the client should stop sending it.
 */
function refuse(c: Context, status: ContentfulStatusCode, code: string, message: string, close = true) {
  if (close) c.header('Connection', 'close');
  return c.json({ error: code, message }, status);
}

/** Reads and drops a body the answer does not need (an idempotent replay), up to `max` bytes. */
async function drain(body: ReadableStream<Uint8Array> | null, max: number): Promise<boolean> {
  if (!body) return true;
  const reader = body.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      bytes += value.length;
      if (bytes > max) {
        await reader.cancel().catch(() => undefined);
        return false;
      }
    }
  } catch {
    return false;
  }
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

export function createUploadRoutes(ctx: ServerContext, opts: UploadRouteOptions = {}): Hono {
  const { log } = ctx;
  const layout = uploadLayout(ctx.config.dataDir);
  const maxFileBytes = opts.maxFileBytes ?? UPLOAD_MAX_BYTES;
  const maxBodyBytes = maxFileBytes + FORM_OVERHEAD_BYTES;
  const limiter = createSlidingWindow({ limit: opts.rate?.limit ?? 30, windowMs: opts.rate?.windowMs ?? 10 * 60 * 1000 });
  // What a crash mid-upload left behind.
  void sweepTemp(layout, TEMP_MAX_AGE_MS).catch((err: unknown) => log('warn', 'upload temp sweep failed', err));
  void sweepReservations(ctx.config.dataDir).catch((err: unknown) => log('warn', 'upload key sweep failed', err));
  const withKey = createKeyLocks();
  const quota = new UploadQuota(ctx.adminCall, ctx.config.UPLOAD_BYTES_PER_MEMBER);
  const unusedMs = ctx.config.UPLOAD_UNUSED_SECONDS * 1000;

  /**
   * Counts the upload and records it, or answers why not. An earlier attempt with the same key
   * may have done both already: its record stands and nothing is counted twice.
   */
  async function claimRoom(c: Context, user: ApiUser, bucket: UploadBucket, names: StoredNames, bytes: number): Promise<Claim | Response> {
    const counted = !user.isAdmin;
    const record = newRecord(user.id, bucket, names.path, bytes, counted, Date.now(), unusedMs);
    const earlier = async (): Promise<Claim> => {
      const made = await createRecord(ctx.adminCall, record);
      if (made.created) return { fresh: true, counted, bytes };
      const existing = made.existing;
      if (existing && existing.owner === user.id && existing.bucket === bucket) return { fresh: false, counted: existing.counted, bytes: existing.bytes };
      throw new Error(`upload record ${names.path} is taken`);
    };
    if (!counted) return earlier();
    const verdict = await quota.take(user.id, bytes);
    if (verdict.ok === 'busy') {
      c.header('Retry-After', '1');
      return refuse(c, 503, 'busy', 'Too many uploads at once; try again in a moment.', false);
    }
    if (!verdict.ok) {
      log('info', 'upload refused by the quota', { user: user.id, bucket, bytes, used: verdict.used });
      return refuse(c, 413, 'quota_exceeded', quotaMessage(verdict.limit), false);
    }
    try {
      const claim = await earlier();
      // Counted already by the attempt that made the record.
      if (!claim.fresh) await quota.giveBack(user.id, bytes);
      return claim;
    } catch (err) {
      await quota.giveBack(user.id, bytes).catch((e: unknown) => log('warn', 'upload bytes not given back', e));
      throw err;
    }
  }

  /** Undoes a fresh claim of an upload that was not placed. */
  async function releaseRoom(user: ApiUser, names: StoredNames, claim: Claim): Promise<void> {
    if (!claim.fresh) return;
    try {
      await removeRecord(ctx.adminCall, names.path);
      if (claim.counted) await quota.giveBack(user.id, claim.bytes);
    } catch (err) {
      log('warn', 'an unplaced upload keeps its record; the sweep removes it', err);
    }
  }
  const onDisk = (bucket: UploadBucket, rel: string) => path.join(layout.uploadsRoot, bucket, ...rel.split('/'));
  const answerFor = (bucket: UploadBucket, names: StoredNames): UploadAnswer => ({
    path: names.path,
    url: publicUrl(bucket, names.path),
    small_url: publicUrl(bucket, names.smallPath),
  });

  const app = new Hono();

  app.post('/:bucket', async (c) => {
    const bucket = c.req.param('bucket');
    if (!isUploadBucket(bucket)) return refuse(c, 404, 'unknown_bucket', 'No such upload bucket');
    const user = await bearerUser(c, ctx.tokens);
    if (!user) return refuse(c, 401, 'unauthorized', 'Please sign in to upload images');
    const denied = uploadRefusal(bucket, user);
    if (denied) return refuse(c, 403, 'forbidden', denied);
    if (!isSafeUserFolder(user.id)) return refuse(c, 403, 'forbidden', 'This account cannot upload files');

    const verdict = limiter.hit(user.id);
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfter));
      return refuse(c, 429, 'rate_limited', 'Too many uploads. Please try again in a few minutes.');
    }

    const key = c.req.header('idempotency-key');
    if (key === undefined) return receive(c, user, bucket, newUploadNames(user.id));
    if (!IDEMPOTENCY_KEY.test(key)) return refuse(c, 400, 'invalid_key', 'The Idempotency-Key must be 16 to 128 letters, digits, - or _');
    return withKey(`${user.id}/${bucket}/${key}`, async () => {
      const names = await reserveNames(ctx.config.dataDir, user.id, bucket, key, () => newUploadNames(user.id));
      if ((await fileExists(onDisk(bucket, names.smallPath))) && (await fileExists(onDisk(bucket, names.path)))) {
        // Stored by an earlier request with this key: the same answer, nothing stored again.
        const whole = await drain(c.req.raw.body, maxBodyBytes);
        if (!whole) c.header('Connection', 'close');
        c.header('Idempotent-Replayed', 'true');
        log('info', 'image upload replayed', { user: user.id, bucket });
        return c.json(answerFor(bucket, names), 201);
      }
      return receive(c, user, bucket, names);
    });
  });

  /** Receives, checks, re-encodes and places one image under `names`. */
  async function receive(c: Context, user: ApiUser, bucket: UploadBucket, names: StoredNames) {
    const declared = c.req.header('content-length');
    if (declared !== undefined && (!/^\d+$/.test(declared) || Number(declared) > maxBodyBytes)) {
      return /^\d+$/.test(declared)
        ? refuse(c, 413, 'too_large', TOO_LARGE_MESSAGE)
        : refuse(c, 400, 'invalid_upload', 'The Content-Length header is malformed');
    }
    const boundary = boundaryFrom(c.req.header('content-type'));
    const body = c.req.raw.body;
    if (!boundary || !body) {
      return refuse(c, 400, 'invalid_upload', 'Send the image as multipart/form-data in a field named file');
    }

    // Already at the quota: refused before a byte is read.
    if (!user.isAdmin) {
      const used = await quota.used(user.id);
      if (used >= quota.limit) return refuse(c, 413, 'quota_exceeded', quotaMessage(quota.limit));
    }

    const started = Date.now();
    const spool = tempName(layout, '.upload');
    const tmpLarge = tempName(layout, '.webp');
    const tmpSmall = tempName(layout, '-sm.webp');
    const placed: string[] = [];
    let handle: FileHandle | null = null;
    let claim: Claim | null = null;
    let done = false;
    try {
      // 1. Receive: stream the file part to the spool file, sniffing its first bytes.
      await mkdir(layout.tmpDir, { recursive: true });
      handle = await open(spool, 'wx', 0o600);
      const spoolHandle = handle;
      const head = new Uint8Array(SNIFF_BYTES);
      let headLength = 0;
      let kind: ImageKind | null = null;
      let fileBytes: number;
      try {
        const info = await readFilePart(body, {
          boundary,
          field: 'file',
          maxFileBytes,
          maxBodyBytes,
          async write(chunk) {
            if (headLength < SNIFF_BYTES) {
              const n = Math.min(SNIFF_BYTES - headLength, chunk.length);
              head.set(chunk.subarray(0, n), headLength);
              headLength += n;
              if (headLength === SNIFF_BYTES && !(kind = sniffImage(head))) throw new NotAnImage();
            }
            try {
              await writeAll(spoolHandle, chunk);
            } catch (err) {
              throw new SpoolError(err instanceof Error ? err.message : String(err));
            }
          },
        });
        fileBytes = info.bytes;
      } catch (err) {
        if (err instanceof NotAnImage) return refuse(c, 415, 'not_an_image', NOT_AN_IMAGE_MESSAGE);
        if (err instanceof MultipartError) {
          if (err.kind === 'too_large') return refuse(c, 413, 'too_large', TOO_LARGE_MESSAGE);
          if (err.kind === 'no_file') return refuse(c, 400, 'no_file', 'Choose an image to upload', false);
          return refuse(c, 400, 'invalid_upload', `The upload is malformed: ${err.message}`);
        }
        if (err instanceof SpoolError) throw err;
        // The client went away or the stream broke: nobody may be listening any more.
        log('debug', 'upload stream ended early', { user: user.id, err: String(err) });
        return refuse(c, 400, 'upload_interrupted', 'The upload was interrupted. Please try again.');
      }
      await handle.close();
      handle = null;
      if (headLength < SNIFF_BYTES) kind = sniffImage(head.subarray(0, headLength));
      if (!kind) return refuse(c, 415, 'not_an_image', NOT_AN_IMAGE_MESSAGE, false);

      // 2. Re-encode: two WebP files, upright, without metadata.
      let dims: ProcessedImage;
      try {
        dims = await processImage(spool, tmpLarge, tmpSmall);
      } catch (err) {
        if (!(err instanceof ImageDecodeError)) throw err;
        log('info', 'upload refused by the decoder', { user: user.id, kind, err: err.message });
        if (err.kind === 'too_many_pixels') return refuse(c, 422, 'too_many_pixels', err.message, false);
        return refuse(
          c,
          415,
          'unreadable_image',
          'This image could not be read. Please upload a JPEG, PNG, WebP, GIF or AVIF image.',
          false,
        );
      }

      // 3. Count: both variants and the thumbnail's allowance, against the owner's quota.
      const bytes = (await stat(tmpLarge)).size + (await stat(tmpSmall)).size + THUMB_ALLOWANCE_BYTES;
      const claimed = await claimRoom(c, user, bucket, names, bytes);
      if (claimed instanceof Response) return claimed;
      claim = claimed;

      // 4. Publish: the small file first, so the large one (what documents point at) never
      // exists without it.
      const finalLarge = onDisk(bucket, names.path);
      const finalSmall = onDisk(bucket, names.smallPath);
      await moveInto(tmpSmall, finalSmall);
      placed.push(finalSmall);
      await moveInto(tmpLarge, finalLarge);
      placed.push(finalLarge);
      done = true;
      log('info', 'image uploaded', { user: user.id, bucket, kind, bytes: fileBytes, width: dims.width, height: dims.height, ms: Date.now() - started });
      return c.json(answerFor(bucket, names), 201);
    } finally {
      await handle?.close().catch(() => undefined);
      await removeQuietly(spool, tmpLarge, tmpSmall, ...(done ? [] : placed));
      if (!done && claim) await releaseRoom(user, names, claim);
    }
  }

  return app;
}
