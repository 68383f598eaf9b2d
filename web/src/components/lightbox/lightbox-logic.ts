// The lightbox's arithmetic, pure so it is tested on its own: moving wraps around both ends,
// the thumbnail strip is a window of at most four around the current image, and a swipe is a
// mostly horizontal move of more than 50 px (the hero's threshold).

export const LIGHTBOX_THUMBNAILS = 4;
export const SWIPE_THRESHOLD_PX = 50;

/** `index` brought into 0..count-1, wrapping either way; 0 for an empty list. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The next image; after the last comes the first. */
export function nextIndex(index: number, count: number): number {
  return wrapIndex(index + 1, count);
}

/** The previous image; before the first comes the last. */
export function previousIndex(index: number, count: number): number {
  return wrapIndex(index - 1, count);
}

/**
 * The indices the thumbnail strip shows: all of them when there are few, otherwise `size` in a
 * row that keeps one thumbnail before the current image where it can (so "back" is visible too)
 * and never runs past either end.
 */
export function thumbnailWindow(current: number, count: number, size = LIGHTBOX_THUMBNAILS): number[] {
  if (count <= 0 || size <= 0) return [];
  const length = Math.min(size, count);
  const at = wrapIndex(current, count);
  const start = Math.min(Math.max(at - 1, 0), count - length);
  return Array.from({ length }, (_, i) => start + i);
}

/**
 * What a pointer move from down to up means: +1 (next: the finger went left), -1 (previous: it
 * went right) or 0 (too short, or more vertical than horizontal, e.g. scrolling).
 */
export function swipeStep(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) <= threshold || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
