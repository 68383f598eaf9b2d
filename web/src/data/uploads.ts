// Image uploads: `POST /api/uploads/{bucket}` with the member's bearer token. XMLHttpRequest,
// not fetch, because only it reports upload progress. The spec's checks run first
// ('Please upload an image file', 'Image size must be less than 30MB'); the server checks the
// bytes again and re-encodes the image.
//
//   const { path } = await data.uploads.uploadImage(file, 'avatars', { onProgress: setFraction });
//   await data.profiles.updateMine({ avatar_url: path }); // documents store the path
//
// `uploadImage(...)` exported here does the same through the app's data layer (the most
// recently created one), for code that has no handle on it.
import { UPLOAD_MAX_BYTES } from '../../../design-docs/src/constants.ts';
import type { UploadBucket } from '../../../design-docs/src/constants.ts';
import type { Session } from './session.ts';

export const NOT_AN_IMAGE_MESSAGE = 'Please upload an image file';
export const IMAGE_TOO_LARGE_MESSAGE = 'Image size must be less than 30MB';
export const OFFLINE_MESSAGE = 'You are offline. Connect to the internet to upload images.';
export const NETWORK_MESSAGE = 'The upload failed. Check your connection and try again.';
export const SIGNED_OUT_MESSAGE = 'Please sign in to upload images';

export interface UploadedImage {
  /** Relative to the bucket: what a document stores. */
  path: string;
  /** `/uploads/{bucket}/{path}`, at most 1600 px on the long side. */
  url: string;
  /** The 480 px variant. */
  small_url: string;
}

export interface UploadOptions {
  /** 0…1 as the bytes leave the device; 1 once the server has stored the image. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key`: the server stores the image once for this key and answers every
   * repeat with the same path (a written-ahead event retrying its upload).
   */
  idempotencyKey?: string;
}

export interface UploadClient {
  uploadImage(file: Blob, bucket: UploadBucket, opts?: UploadOptions): Promise<UploadedImage>;
}

/**
 * A refused or failed upload. `message` is meant for the member: the spec's texts for the
 * client checks, the server's message for its refusals, a plain sentence for network trouble.
 * `status` is 0 when nothing (or nothing usable) came back from the server.
 */
export class UploadError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.code = code;
  }
  /** Worth another try later: the network or the server failed, or the rate limit was hit. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** The spec's checks before anything is sent: an image type, at most 30 MB. Null when fine. */
export function imageFileProblem(file: { type: string; size: number }): UploadError | null {
  if (!file.type.toLowerCase().startsWith('image/') || file.size === 0) return new UploadError(0, 'not_an_image', NOT_AN_IMAGE_MESSAGE);
  if (file.size > UPLOAD_MAX_BYTES) return new UploadError(0, 'too_large', IMAGE_TOO_LARGE_MESSAGE);
  return null;
}

/** The part of XMLHttpRequest used here (tests pass a fake). */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  upload: { onprogress: ((ev: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
}

export interface UploadClientOptions {
  /** Where the app is served: `/api` hangs off it. */
  origin: string;
  session: Pick<Session, 'accessToken' | 'onUnauthorized'>;
  createXhr?: () => XhrLike;
  /** Default: navigator.onLine where it exists. */
  isOnline?: () => boolean;
}

interface RawAnswer {
  status: number;
  text: string;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/** The texts for a refusal whose body says nothing usable. */
function fallbackError(status: number): UploadError {
  if (status === 413) return new UploadError(status, 'too_large', IMAGE_TOO_LARGE_MESSAGE);
  if (status === 415) return new UploadError(status, 'not_an_image', NOT_AN_IMAGE_MESSAGE);
  if (status === 401) return new UploadError(status, 'unauthorized', SIGNED_OUT_MESSAGE);
  if (status === 403) return new UploadError(status, 'forbidden', 'You are not allowed to upload images here');
  if (status === 429) return new UploadError(status, 'rate_limited', 'Too many uploads. Please try again in a few minutes.');
  if (status >= 500 || status === 0) return new UploadError(status, 'server_error', 'The server could not store the image. Please try again.');
  return new UploadError(status, 'upload_failed', 'The upload failed. Please try again.');
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function toResult(answer: RawAnswer): UploadedImage {
  const body = parseJson(answer.text);
  if (answer.status === 201 && body && typeof body.path === 'string' && typeof body.url === 'string' && typeof body.small_url === 'string') {
    return { path: body.path, url: body.url, small_url: body.small_url };
  }
  if (answer.status >= 200 && answer.status < 300) throw fallbackError(0);
  const fallback = fallbackError(answer.status);
  const code = typeof body?.error === 'string' && body.error ? body.error : fallback.code;
  const message = typeof body?.message === 'string' && body.message.trim() ? body.message : fallback.message;
  throw new UploadError(answer.status, code, message);
}

function defaultOnline(): boolean {
  const online = (globalThis as { navigator?: { onLine?: unknown } }).navigator?.onLine;
  return typeof online === 'boolean' ? online : true;
}

export function createUploadClient(opts: UploadClientOptions): UploadClient {
  const base = `${opts.origin.replace(/\/+$/, '')}/api/uploads`;
  const createXhr = opts.createXhr ?? (() => new XMLHttpRequest() as unknown as XhrLike);
  const isOnline = opts.isOnline ?? defaultOnline;

  function send(file: Blob, bucket: UploadBucket, token: string, o: UploadOptions): Promise<RawAnswer> {
    return new Promise<RawAnswer>((resolve, reject) => {
      if (o.signal?.aborted) return reject(abortError());
      const xhr = createXhr();
      const onAbortSignal = () => xhr.abort();
      const done = () => o.signal?.removeEventListener('abort', onAbortSignal);
      xhr.open('POST', `${base}/${encodeURIComponent(bucket)}`);
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      if (o.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', o.idempotencyKey);
      xhr.upload.onprogress = (ev) => {
        // Sent is not stored: 1 waits for the server's answer.
        if (ev.lengthComputable && ev.total > 0) o.onProgress?.(Math.min(0.99, ev.loaded / ev.total));
      };
      xhr.onload = () => {
        done();
        resolve({ status: xhr.status, text: xhr.responseText });
      };
      xhr.onerror = () => {
        done();
        reject(new UploadError(0, 'network', NETWORK_MESSAGE));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        done();
        reject(abortError());
      };
      o.signal?.addEventListener('abort', onAbortSignal, { once: true });
      const form = new FormData();
      const name = (file as { name?: unknown }).name;
      form.append('file', file, typeof name === 'string' && name ? name : 'image');
      xhr.send(form);
    });
  }

  return {
    async uploadImage(file, bucket, o = {}) {
      const problem = imageFileProblem(file);
      if (problem) throw problem;
      if (o.signal?.aborted) throw abortError();
      if (!isOnline()) throw new UploadError(0, 'offline', OFFLINE_MESSAGE);
      const token = await opts.session.accessToken();
      if (!token) throw new UploadError(401, 'unauthorized', SIGNED_OUT_MESSAGE);
      o.onProgress?.(0);
      let answer = await send(file, bucket, token, o);
      if (answer.status === 401) {
        // The token was refused (revoked or expired in between): refresh once and resend.
        const next = await opts.session.onUnauthorized(token);
        if (next && next !== token) {
          o.onProgress?.(0);
          answer = await send(file, bucket, next, o);
        }
      }
      const result = toResult(answer);
      o.onProgress?.(1);
      return result;
    },
  };
}

let current: UploadClient | null = null;

/** The data layer registers its client here when created, and releases it when closed. */
export function setDefaultUploadClient(client: UploadClient | null): void {
  current = client;
}

export function releaseDefaultUploadClient(client: UploadClient): void {
  if (current === client) current = null;
}

/** Uploads through the app's data layer: see `createUploadClient`. */
export function uploadImage(file: Blob, bucket: UploadBucket, opts?: UploadOptions): Promise<UploadedImage> {
  if (!current) return Promise.reject(new UploadError(0, 'not_ready', 'Uploads are not available yet. Please try again.'));
  return current.uploadImage(file, bucket, opts);
}
