// A picture that failed to load is not asked for again by the next card that shows it (for a
// while, or until the device is back online): the card starts at its next source.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FORGET_MS, firstUsable, forgetFailures, markFailed } from '../../web/src/components/image/failed-sources.ts';
import { FeteImage } from '../../web/src/components/image/fete-image.tsx';

const SMALL = '/uploads/avatars/u1/1763771234567-0123456789ab-sm.webp';
const LARGE = '/uploads/avatars/u1/1763771234567-0123456789ab.webp';
const DEFAULT = '/images/defaults/avatar.svg';
const SOURCES = [SMALL, LARGE, DEFAULT];

afterEach(() => forgetFailures());

describe('failed image sources', () => {
  it('starts at the first source when nothing failed', () => {
    expect(firstUsable(SOURCES)).toBe(0);
  });

  it('skips a source that failed, and one after it that failed too', () => {
    markFailed(SMALL, 1000);
    expect(firstUsable(SOURCES, 2000)).toBe(1);
    markFailed(LARGE, 2000);
    expect(firstUsable(SOURCES, 3000)).toBe(2);
  });

  it('always keeps the last source, the local default', () => {
    markFailed(SMALL, 0);
    markFailed(LARGE, 0);
    markFailed(DEFAULT, 0);
    expect(firstUsable(SOURCES, 1)).toBe(2);
    expect(firstUsable([DEFAULT], 1)).toBe(0);
  });

  it('asks again once the failure is FORGET_MS old', () => {
    markFailed(SMALL, 1000);
    expect(firstUsable(SOURCES, 1000 + FORGET_MS - 1)).toBe(1);
    expect(firstUsable(SOURCES, 1000 + FORGET_MS)).toBe(0);
  });

  it('forgets every failure at once', () => {
    markFailed(SMALL);
    markFailed(LARGE);
    forgetFailures();
    expect(firstUsable(SOURCES)).toBe(0);
  });

  it('forgets every failure when the device comes back online', async () => {
    // The unit project has no DOM: a window of events stands in for the browser's.
    vi.stubGlobal('window', new EventTarget());
    vi.resetModules();
    try {
      const fresh = await import('../../web/src/components/image/failed-sources.ts');
      fresh.markFailed(SMALL);
      expect(fresh.firstUsable(SOURCES)).toBe(1);
      window.dispatchEvent(new Event('online'));
      expect(fresh.firstUsable(SOURCES)).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a new card for a picture that failed starts at its next source', () => {
    const card = () => renderToStaticMarkup(createElement(FeteImage, { value: 'u1/1763771234567-0123456789ab.webp', bucket: 'avatars', alt: '', width: 64, height: 64, size: 'small' }));
    expect(card()).toContain(`src="${SMALL}"`);
    markFailed(SMALL);
    expect(card()).toContain(`src="${LARGE}"`);
    markFailed(LARGE);
    expect(card()).toContain(`src="${DEFAULT}"`);
    expect(card()).toContain('data-fallback');
  });
});
