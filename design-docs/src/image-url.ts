// Where an image value points:
// - a value starting with http(s):// is used as is;
// - otherwise it is a file in its bucket, served from /uploads/{bucket}/{value};
// - empty (or unusable) falls back to a default image shipped with the app, never a network one.
// Files written by the upload API (`{user}/{timestamp}-{random}.webp`) also have a small
// variant (`…-sm.webp`, at most 480 px) for lists and cards, and a thumbnail (`…-th.webp`, at
// most 128 px, made from the small one on its first request) for avatars in lists.
import type { UploadBucket } from './constants.ts';

export type ImageSize = 'large' | 'small' | 'thumb';

/** Local defaults, one per bucket, under web/public/images/defaults/ (precached with the shell). */
export const DEFAULT_IMAGES: Record<UploadBucket, string> = {
  avatars: '/images/defaults/avatar.svg',
  'events-images': '/images/defaults/event.svg',
  'restaurant-images': '/images/defaults/restaurant.svg',
  'market-images': '/images/defaults/product.svg',
  'band-images': '/images/defaults/band.svg',
};

/** The names the upload API writes; only those have a small variant next to them. */
const UPLOADED_NAME = /^[A-Za-z0-9_-]+\/\d{13}-[0-9a-f]{12}\.webp$/;
const SMALL_SUFFIX = '-sm';
/** The thumbnail's suffix; the server makes it from the small variant when first asked. */
export const THUMB_SUFFIX = '-th';

export function defaultImage(bucket: UploadBucket): string {
  return DEFAULT_IMAGES[bucket];
}

/** True for a bucket path the upload API wrote (`{user}/{timestamp}-{random}.webp`). */
export function isUploadedImage(path: string): boolean {
  return UPLOADED_NAME.test(path);
}

/** `{user}/{name}.webp` → `{user}/{name}-sm.webp` for our uploads; null for any other value. */
export function smallVariant(path: string): string | null {
  return isUploadedImage(path) ? path.replace(/\.webp$/, `${SMALL_SUFFIX}.webp`) : null;
}

/** `{user}/{name}.webp` → `{user}/{name}-th.webp` for our uploads; null for any other value. */
export function thumbVariant(path: string): string | null {
  return isUploadedImage(path) ? path.replace(/\.webp$/, `${THUMB_SUFFIX}.webp`) : null;
}

type Kind = { kind: 'absolute'; url: string } | { kind: 'bucket'; path: string } | { kind: 'empty' };

function classify(value: string | null | undefined): Kind {
  const v = value?.trim() ?? '';
  if (!v) return { kind: 'empty' };
  if (/^https?:\/\//i.test(v)) return { kind: 'absolute', url: v };
  // A local object URL (a preview of a file being picked) is shown as it is.
  if (/^blob:/i.test(v)) return { kind: 'absolute', url: v };
  // Already a path on this origin (e.g. /uploads/… or /images/…); `//host` is another site.
  if (v.startsWith('/') && !v.startsWith('//')) return { kind: 'absolute', url: v };
  if (v.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(v) || v.includes('\\')) return { kind: 'empty' };
  const parts = v.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return { kind: 'empty' };
  return { kind: 'bucket', path: v };
}

function bucketUrl(bucket: UploadBucket, path: string): string {
  return `/uploads/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The URL to show for an image value. `size: 'small'` picks the 480 px variant and `'thumb'` the
 * 128 px one when the value is one of our uploads; anything else has only one size.
 */
export function imageUrl(value: string | null | undefined, bucket: UploadBucket, size: ImageSize = 'large'): string {
  return imageSources(value, bucket, size)[0] as string;
}

/**
 * What to try in order, ending with the bucket's default: the thumbnail (when asked), the small
 * variant (when asked, or after the thumbnail), the value itself, then the default.
 * `<FeteImage>` moves along it on load errors.
 */
export function imageSources(value: string | null | undefined, bucket: UploadBucket, size: ImageSize = 'large'): string[] {
  const fallback = defaultImage(bucket);
  const c = classify(value);
  if (c.kind === 'empty') return [fallback];
  if (c.kind === 'absolute') return c.url === fallback ? [fallback] : [c.url, fallback];
  const variants = size === 'thumb' ? [thumbVariant(c.path), smallVariant(c.path)] : size === 'small' ? [smallVariant(c.path)] : [];
  return [...variants.filter((v) => v !== null).map((v) => bucketUrl(bucket, v)), bucketUrl(bucket, c.path), fallback];
}

/**
 * A hero slide's picture: the first source for the value, or null when it is empty or unusable
 * (the bucket's default is no hero). Site artwork lives in events-images (there is no hero
 * bucket). The home screen draws it; the server preloads it for a first visit (ADR 059).
 */
export function heroImageUrl(value: string | null | undefined): string | null {
  const first = imageSources(value, 'events-images')[0];
  return first && first !== defaultImage('events-images') ? first : null;
}
