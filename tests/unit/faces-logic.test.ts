// Fete Faces rules: the rating filter, the card's '+N' services, and the lightbox's wrap-around,
// thumbnail window and swipe.
import { describe, expect, it } from 'vitest';
import { CARD_SERVICES, RATING_FILTER_OPTIONS, cardServices, meetsRating, parseRatingFilter } from '../../web/src/lib/provider-logic.ts';
import {
  LIGHTBOX_THUMBNAILS,
  SWIPE_THRESHOLD_PX,
  nextIndex,
  previousIndex,
  swipeStep,
  thumbnailWindow,
  wrapIndex,
} from '../../web/src/components/lightbox/lightbox-logic.ts';

describe('meetsRating', () => {
  it('takes 4.5 for 4.5+ and refuses 4.49', () => {
    expect(meetsRating(4.5, 4.5)).toBe(true);
    expect(meetsRating(4.49, 4.5)).toBe(false);
    expect(meetsRating(5, 4.5)).toBe(true);
    expect(meetsRating(3.5, 3.5)).toBe(true);
    expect(meetsRating(3.49, 3.5)).toBe(false);
  });

  it('an unrated provider meets no rating filter, only "any rating"', () => {
    expect(meetsRating(0, 3.5)).toBe(false);
    expect(meetsRating(null, 3.5)).toBe(false);
    expect(meetsRating(undefined, 4)).toBe(false);
    expect(meetsRating(0, null)).toBe(true);
    expect(meetsRating(undefined, undefined)).toBe(true);
  });
});

describe('parseRatingFilter', () => {
  it('reads the three options and nothing else', () => {
    expect(parseRatingFilter('4.5')).toBe(4.5);
    expect(parseRatingFilter('4')).toBe(4);
    expect(parseRatingFilter('3.5')).toBe(3.5);
    for (const v of ['', null, undefined, '5', '3', 'abc', '0']) expect(parseRatingFilter(v)).toBeNull();
  });

  it('round-trips every option the select offers, labelled with one decimal', () => {
    expect(RATING_FILTER_OPTIONS.map((o) => o.label)).toEqual(['4.5+', '4.0+', '3.5+']);
    expect(RATING_FILTER_OPTIONS.map((o) => parseRatingFilter(o.value))).toEqual([4.5, 4, 3.5]);
  });
});

describe('cardServices', () => {
  it('shows the first two, then +N', () => {
    expect(CARD_SERVICES).toBe(2);
    expect(cardServices([])).toEqual({ visible: [], more: 0 });
    expect(cardServices(null)).toEqual({ visible: [], more: 0 });
    expect(cardServices(['Makeup', 'Hair Styling'])).toEqual({ visible: ['Makeup', 'Hair Styling'], more: 0 });
    expect(cardServices(['Makeup', 'Hair Styling', 'Henna Art'])).toEqual({ visible: ['Makeup', 'Hair Styling'], more: 1 });
    expect(cardServices(['A', 'B', 'C', 'D', 'E'])).toEqual({ visible: ['A', 'B'], more: 3 });
  });

  it('ignores blank services, in the list and in the count', () => {
    expect(cardServices(['', 'Makeup', '  ', 'Glitter Art', 'Henna Art', ' '])).toEqual({ visible: ['Makeup', 'Glitter Art'], more: 1 });
    expect(cardServices(['  ', ''])).toEqual({ visible: [], more: 0 });
  });
});

describe('lightbox moves', () => {
  it('wraps both ways', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
    expect(previousIndex(1, 3)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
  });

  it('brings any index into range, and copes with an empty list', () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(-6, 5)).toBe(4);
    expect(wrapIndex(7, 5)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });
});

describe('lightbox thumbnail window', () => {
  it('shows at most four', () => {
    expect(LIGHTBOX_THUMBNAILS).toBe(4);
    for (let n = 0; n <= 9; n++) for (let i = 0; i < Math.max(n, 1); i++) expect(thumbnailWindow(i, n).length).toBe(Math.min(n, 4));
  });

  it('starts at the first image at the start', () => {
    expect(thumbnailWindow(0, 10)).toEqual([0, 1, 2, 3]);
    expect(thumbnailWindow(1, 10)).toEqual([0, 1, 2, 3]);
  });

  it('keeps one before the current image in the middle', () => {
    expect(thumbnailWindow(2, 10)).toEqual([1, 2, 3, 4]);
    expect(thumbnailWindow(5, 10)).toEqual([4, 5, 6, 7]);
  });

  it('stops at the last image at the end', () => {
    expect(thumbnailWindow(7, 10)).toEqual([6, 7, 8, 9]);
    expect(thumbnailWindow(8, 10)).toEqual([6, 7, 8, 9]);
    expect(thumbnailWindow(9, 10)).toEqual([6, 7, 8, 9]);
  });

  it('always contains the current image', () => {
    for (let n = 1; n <= 9; n++) for (let i = 0; i < n; i++) expect(thumbnailWindow(i, n)).toContain(i);
  });

  it('shows them all when there are four or fewer', () => {
    expect(thumbnailWindow(0, 3)).toEqual([0, 1, 2]);
    expect(thumbnailWindow(2, 3)).toEqual([0, 1, 2]);
    expect(thumbnailWindow(3, 4)).toEqual([0, 1, 2, 3]);
    expect(thumbnailWindow(0, 1)).toEqual([0]);
    expect(thumbnailWindow(0, 0)).toEqual([]);
  });
});

describe('lightbox swipe', () => {
  it('needs more than 50 px, mostly horizontal', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeStep(-51, 0)).toBe(1);
    expect(swipeStep(51, 10)).toBe(-1);
    expect(swipeStep(-50, 0)).toBe(0);
    expect(swipeStep(50, 0)).toBe(0);
    expect(swipeStep(-80, 90)).toBe(0);
    expect(swipeStep(0, -200)).toBe(0);
  });
});
