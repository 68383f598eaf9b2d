// The home hero's rules: moving with wrap-around, what counts as a swipe, when it rotates by
// itself, and when the app's own fallback slides replace the catalogue's.
import { describe, expect, it } from 'vitest';
import { HERO_INTERVAL_MS, SWIPE_THRESHOLD_PX, clampIndex, isRotating, nextIndex, prevIndex, swipeMove, visibleSlides } from '../../web/src/screens/home/hero-logic.ts';
import { heroImageUrl } from '../../design-docs/src/image-url.ts';

describe('moving between slides', () => {
  it('uses the spec constants: 5 s between slides, 50 px swipes', () => {
    expect(HERO_INTERVAL_MS).toBe(5000);
    expect(SWIPE_THRESHOLD_PX).toBe(50);
  });

  it('next wraps from the last slide to the first', () => {
    expect(nextIndex(0, 4)).toBe(1);
    expect(nextIndex(2, 4)).toBe(3);
    expect(nextIndex(3, 4)).toBe(0);
  });

  it('previous wraps from the first slide to the last', () => {
    expect(prevIndex(3, 4)).toBe(2);
    expect(prevIndex(1, 4)).toBe(0);
    expect(prevIndex(0, 4)).toBe(3);
  });

  it('stays put with one slide and is 0 with none', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(prevIndex(0, 1)).toBe(0);
    expect(nextIndex(5, 0)).toBe(0);
    expect(prevIndex(0, 0)).toBe(0);
  });

  it('keeps an index valid when slides go away', () => {
    expect(clampIndex(3, 2)).toBe(1);
    expect(clampIndex(-1, 2)).toBe(0);
    expect(clampIndex(1, 0)).toBe(0);
    expect(clampIndex(1, 3)).toBe(1);
  });
});

describe('swipes', () => {
  it('needs more than 50 px sideways: 50 is not a swipe, 51 is', () => {
    expect(swipeMove(-50, 0)).toBeNull();
    expect(swipeMove(50, 0)).toBeNull();
    expect(swipeMove(-51, 0)).toBe('next');
    expect(swipeMove(51, 0)).toBe('prev');
    expect(swipeMove(-40, 0)).toBeNull();
  });

  it('a finger moving left brings the next slide, moving right the previous one', () => {
    expect(swipeMove(-120, 10)).toBe('next');
    expect(swipeMove(120, -10)).toBe('prev');
  });

  it('a mainly vertical move is the page scrolling, not a swipe', () => {
    expect(swipeMove(-80, 120)).toBeNull();
    expect(swipeMove(80, -81)).toBeNull();
    expect(swipeMove(-60, 60)).toBeNull();
    expect(swipeMove(0, 300)).toBeNull();
  });

  it('takes another threshold when given one, and ignores broken coordinates', () => {
    expect(swipeMove(-90, 0, 100)).toBeNull();
    expect(swipeMove(-101, 0, 100)).toBe('next');
    expect(swipeMove(Number.NaN, 0)).toBeNull();
  });
});

describe('rotation', () => {
  const base = { count: 4, userPaused: false, hovered: false, focused: false };

  it('rotates on its own only when nothing holds it', () => {
    expect(isRotating(base)).toBe(true);
    expect(isRotating({ ...base, userPaused: true })).toBe(false);
    expect(isRotating({ ...base, hovered: true })).toBe(false);
    expect(isRotating({ ...base, focused: true })).toBe(false);
  });

  it('has nothing to rotate with one slide', () => {
    expect(isRotating({ ...base, count: 1 })).toBe(false);
    expect(isRotating({ ...base, count: 0 })).toBe(false);
  });
});

describe('which slides show', () => {
  const slides = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  const fallback = [{ id: 'f1' }, { id: 'f2' }];

  it('shows the catalogue slides whose pictures load', () => {
    expect(visibleSlides(slides, new Set(), fallback)).toEqual({ source: 'slides', slides });
    expect(visibleSlides(slides, new Set(['b']), fallback)).toEqual({ source: 'slides', slides: [{ id: 'a' }, { id: 'c' }] });
  });

  it('falls back when there are no slides', () => {
    expect(visibleSlides([], new Set(), fallback)).toEqual({ source: 'no-slides', slides: fallback });
  });

  it('falls back when every picture failed', () => {
    expect(visibleSlides(slides, new Set(['a', 'b', 'c']), fallback)).toEqual({ source: 'images-failed', slides: fallback });
  });

  it('takes a stored picture value as a bucket file, and a blank one as no picture', () => {
    expect(heroImageUrl('demo/site/hero-1.webp')).toBe('/uploads/events-images/demo/site/hero-1.webp');
    expect(heroImageUrl('https://cdn.example.com/h.jpg')).toBe('https://cdn.example.com/h.jpg');
    expect(heroImageUrl('')).toBeNull();
    expect(heroImageUrl(null)).toBeNull();
    expect(heroImageUrl('javascript:alert(1)')).toBeNull();
  });
});
