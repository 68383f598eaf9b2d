// The hero slideshow's rules, kept pure so they are tested without a browser: moving with
// wrap-around, what counts as a swipe, and which slides to show when some pictures fail.
import { HERO_INTERVAL_MS } from '../../../../design-docs/src/constants.ts';

export { HERO_INTERVAL_MS };

/** The spec's swipe threshold: a swipe needs MORE than this many pixels sideways. */
export const SWIPE_THRESHOLD_PX = 50;

/** The slide after `index`, back to the first after the last. */
export function nextIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + 1) % count) + count) % count;
}

/** The slide before `index`, round to the last from the first. */
export function prevIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (((index - 1) % count) + count) % count;
}

/** An index that stays valid when the slides change under it. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), count - 1);
}

export type SwipeMove = 'next' | 'prev' | null;

/**
 * A pointer that moved `dx`, `dy` pixels between down and up. Only a mainly sideways move of
 * more than the threshold counts; a mainly vertical one is the page scrolling. Moving the
 * finger left brings the next slide, as on a phone's photo roll.
 */
export function swipeMove(dx: number, dy: number, threshold: number = SWIPE_THRESHOLD_PX): SwipeMove {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return null;
  if (Math.abs(dx) <= threshold) return null;
  if (Math.abs(dy) >= Math.abs(dx)) return null;
  return dx < 0 ? 'next' : 'prev';
}

/** Whether the slideshow moves by itself: not when paused by the button, hovered or focused, nor with one slide. */
export function isRotating(opts: { count: number; userPaused: boolean; hovered: boolean; focused: boolean }): boolean {
  return opts.count > 1 && !opts.userPaused && !opts.hovered && !opts.focused;
}

export interface SlideLike {
  id: string;
}

export type HeroSource = 'slides' | 'no-slides' | 'images-failed';

/**
 * The slides whose pictures have not failed; when there are none (no slides at all, or every
 * picture failed) the app's own fallback slides, which need no network.
 */
export function visibleSlides<S extends SlideLike, F>(slides: readonly S[], failed: ReadonlySet<string>, fallback: readonly F[]): { source: 'slides'; slides: readonly S[] } | { source: 'no-slides' | 'images-failed'; slides: readonly F[] } {
  if (slides.length === 0) return { source: 'no-slides', slides: fallback };
  const ok = slides.filter((s) => !failed.has(s.id));
  if (ok.length === 0) return { source: 'images-failed', slides: fallback };
  return { source: 'slides', slides: ok };
}
