// The image rules (design-docs/src/image-url.ts): http is used as is, anything else is a
// file in its bucket, empty falls back to a local default; our uploads have a small variant.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UPLOAD_BUCKETS } from '../../design-docs/src/constants.ts';
import { DEFAULT_IMAGES, defaultImage, imageSources, imageUrl, isUploadedImage, smallVariant, thumbVariant } from '../../design-docs/src/image-url.ts';
import { newUploadNames } from '../../sync-server/src/uploads/storage.ts';

const UPLOADED = 'a1b2c3d4e5f60718293a4b5c6d7e8f90/1763771234567-0123456789ab.webp';

describe('imageUrl', () => {
  it('uses a value starting with http(s) as it is, in any size', () => {
    expect(imageUrl('https://cdn.example.org/x.jpg', 'events-images')).toBe('https://cdn.example.org/x.jpg');
    expect(imageUrl('http://example.org/a b.png', 'band-images', 'small')).toBe('http://example.org/a b.png');
    expect(imageUrl('HTTPS://EXAMPLE.ORG/X.JPG', 'avatars')).toBe('HTTPS://EXAMPLE.ORG/X.JPG');
  });

  it('reads any other value as a file in its bucket', () => {
    expect(imageUrl('demo/member.webp', 'avatars')).toBe('/uploads/avatars/demo/member.webp');
    expect(imageUrl('photo.jpg', 'restaurant-images')).toBe('/uploads/restaurant-images/photo.jpg');
    expect(imageUrl(UPLOADED, 'events-images')).toBe(`/uploads/events-images/${UPLOADED}`);
    expect(imageUrl('  demo/x.webp  ', 'market-images')).toBe('/uploads/market-images/demo/x.webp');
    // Characters that mean something in a URL are escaped per segment.
    expect(imageUrl('r1/menu/rice & peas #2.webp', 'restaurant-images')).toBe('/uploads/restaurant-images/r1/menu/rice%20%26%20peas%20%232.webp');
  });

  it('uses a path already on this origin as it is', () => {
    expect(imageUrl('/uploads/avatars/u/1.webp', 'avatars')).toBe('/uploads/avatars/u/1.webp');
    expect(imageUrl('/images/site/hero.webp', 'events-images')).toBe('/images/site/hero.webp');
  });

  it('falls back to the bucket default for empty and unusable values, never a network image', () => {
    for (const bucket of UPLOAD_BUCKETS) {
      for (const value of [undefined, null, '', '   ', '../../etc/passwd', 'a/../b.webp', 'a//b.webp', '//evil.example/x.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'a\\b.png']) {
        const url = imageUrl(value, bucket);
        expect(url, `${bucket} ${String(value)}`).toBe(DEFAULT_IMAGES[bucket]);
        expect(url.startsWith('/images/defaults/')).toBe(true);
      }
      expect(imageUrl('', bucket, 'small')).toBe(defaultImage(bucket));
    }
  });

  it('ships every default image as a small local file', () => {
    for (const bucket of UPLOAD_BUCKETS) {
      const file = path.resolve(import.meta.dirname, '../../web/public', `.${DEFAULT_IMAGES[bucket]}`);
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.length).toBeLessThan(4096);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/); // nothing fetched from the network
    }
  });

  it('picks the small variant of our uploads only', () => {
    expect(imageUrl(UPLOADED, 'avatars', 'small')).toBe(`/uploads/avatars/${UPLOADED.replace('.webp', '-sm.webp')}`);
    expect(imageUrl(UPLOADED, 'avatars', 'large')).toBe(`/uploads/avatars/${UPLOADED}`);
    // Not ours (demo art, old names, already small, other formats): one size only.
    expect(imageUrl('demo/member.webp', 'avatars', 'small')).toBe('/uploads/avatars/demo/member.webp');
    expect(imageUrl(UPLOADED.replace('.webp', '-sm.webp'), 'avatars', 'small')).toBe(`/uploads/avatars/${UPLOADED.replace('.webp', '-sm.webp')}`);
    expect(imageUrl('u1/1763771234567.jpg', 'avatars', 'small')).toBe('/uploads/avatars/u1/1763771234567.jpg');
    expect(smallVariant('x.webp')).toBeNull();
  });

  it('recognises exactly the names the upload API writes', () => {
    const names = newUploadNames('a1b2c3d4e5f60718293a4b5c6d7e8f90');
    expect(isUploadedImage(names.path)).toBe(true);
    expect(smallVariant(names.path)).toBe(names.smallPath);
    expect(isUploadedImage(names.smallPath)).toBe(false);
  });
});

describe('imageSources (the fallback chain of <FeteImage>)', () => {
  it('goes thumbnail → small → large → default for our uploads, and has no thumbnail for anything else', () => {
    expect(imageSources(UPLOADED, 'avatars', 'thumb')).toEqual([
      `/uploads/avatars/${UPLOADED.replace('.webp', '-th.webp')}`,
      `/uploads/avatars/${UPLOADED.replace('.webp', '-sm.webp')}`,
      `/uploads/avatars/${UPLOADED}`,
      '/images/defaults/avatar.svg',
    ]);
    expect(imageSources('demo/member.webp', 'avatars', 'thumb')).toEqual(['/uploads/avatars/demo/member.webp', '/images/defaults/avatar.svg']);
    expect(imageSources('https://example.org/me.jpg', 'avatars', 'thumb')).toEqual(['https://example.org/me.jpg', '/images/defaults/avatar.svg']);
    expect(thumbVariant(UPLOADED)).toBe(UPLOADED.replace('.webp', '-th.webp'));
    expect(thumbVariant(UPLOADED.replace('.webp', '-sm.webp'))).toBeNull();
  });

  it('goes small → large → default for our uploads', () => {
    expect(imageSources(UPLOADED, 'events-images', 'small')).toEqual([
      `/uploads/events-images/${UPLOADED.replace('.webp', '-sm.webp')}`,
      `/uploads/events-images/${UPLOADED}`,
      '/images/defaults/event.svg',
    ]);
  });

  it('goes value → default otherwise, and is only the default when empty', () => {
    expect(imageSources('https://x.example/a.jpg', 'band-images')).toEqual(['https://x.example/a.jpg', '/images/defaults/band.svg']);
    expect(imageSources('demo/a.webp', 'market-images', 'small')).toEqual(['/uploads/market-images/demo/a.webp', '/images/defaults/product.svg']);
    expect(imageSources(null, 'avatars')).toEqual(['/images/defaults/avatar.svg']);
  });
});
