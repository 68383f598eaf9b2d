// The one order of the home's hero slides (design-docs/src/rules.ts): the home screen draws them in
// it, and the server carries the first of them with the page.
import { describe, expect, it } from 'vitest';
import { heroSlidesInOrder } from '../../design-docs/src/rules.ts';

describe('the hero slides in the order the home shows them', () => {
  it('keeps the active ones, by order (none counts as 0), then by id, whatever order they come in', () => {
    const slides = [
      { _id: 'hero_slide:c', active: true, order: 2 },
      { _id: 'hero_slide:b', active: true, order: 1 },
      { _id: 'hero_slide:off', active: false, order: 0 },
      { _id: 'hero_slide:a', active: true, order: 1 },
      { _id: 'hero_slide:none', active: true },
      { _id: 'hero_slide:neg', active: true, order: -1 },
      { _id: 'hero_slide:odd', active: 'yes', order: 0 },
    ];
    const ids = (list: typeof slides) => heroSlidesInOrder(list).map((s) => s._id);
    expect(ids(slides)).toEqual(['hero_slide:neg', 'hero_slide:none', 'hero_slide:a', 'hero_slide:b', 'hero_slide:c']);
    expect(ids([...slides].reverse())).toEqual(ids(slides));
    // A new list: the one given is left as it was.
    expect(slides[0]?._id).toBe('hero_slide:c');
  });
});
