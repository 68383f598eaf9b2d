// <FeteImage> renders a lazy <img> with its box reserved (width, height, aspect-ratio), so
// nothing shifts while it loads; an empty value shows the bucket's local default.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FeteImage } from '../../web/src/components/image/fete-image.tsx';
import type { FeteImageProps } from '../../web/src/components/image/fete-image.tsx';

function render(props: FeteImageProps): Record<string, string> {
  // React may put a <link rel="preload"> for a high-priority image in front of it.
  const html = renderToStaticMarkup(createElement(FeteImage, props));
  const img = /<img [^>]*\/>/.exec(html)?.[0];
  expect(img).toBeDefined();
  const attrs: Record<string, string> = {};
  for (const m of (img as string).slice(4).matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)) {
    if (m[1]) attrs[m[1].toLowerCase()] = m[2] ?? '';
  }
  return attrs;
}

const UPLOADED = 'u1/1763771234567-0123456789ab.webp';

describe('<FeteImage>', () => {
  it('loads lazily and asynchronously with explicit sizes', () => {
    const a = render({ value: UPLOADED, bucket: 'events-images', alt: 'Soca night', width: 320, height: 180 });
    expect(a.src).toBe(`/uploads/events-images/${UPLOADED}`);
    expect(a.alt).toBe('Soca night');
    expect(a.width).toBe('320');
    expect(a.height).toBe('180');
    expect(a.loading).toBe('lazy');
    expect(a.decoding).toBe('async');
    expect(a.style).toContain('aspect-ratio:320 / 180');
    expect(a.style).toContain('object-fit:cover');
    expect(a['data-fallback']).toBeUndefined();
  });

  it('uses the small variant when asked', () => {
    const a = render({ value: UPLOADED, bucket: 'avatars', alt: '', width: 40, height: 40, size: 'small', className: 'avatar' });
    expect(a.src).toBe('/uploads/avatars/u1/1763771234567-0123456789ab-sm.webp');
    expect(a.class).toBe('avatar');
    expect(a.alt).toBe('');
  });

  it('uses the thumbnail when asked', () => {
    const a = render({ value: UPLOADED, bucket: 'avatars', alt: '', width: 64, height: 64, size: 'thumb' });
    expect(a.src).toBe('/uploads/avatars/u1/1763771234567-0123456789ab-th.webp');
  });

  it('shows the local default for an empty value', () => {
    const a = render({ value: '', bucket: 'restaurant-images', alt: 'Roti Shop', width: 400, height: 300 });
    expect(a.src).toBe('/images/defaults/restaurant.svg');
    expect('data-fallback' in a).toBe(true);
  });

  it('loads a priority image eagerly', () => {
    const a = render({ value: 'https://example.org/hero.jpg', bucket: 'events-images', alt: 'Hero', width: 1200, height: 500, priority: true, fit: 'contain' });
    expect(a.src).toBe('https://example.org/hero.jpg');
    expect(a.loading).toBe('eager');
    expect(a.fetchpriority).toBe('high');
    expect(a.style).toContain('object-fit:contain');
  });
});
