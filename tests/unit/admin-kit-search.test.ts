// The admin kit's long-list rules (the bench holds 5,000 events): the search text made once per
// item gives the same matches as the field-by-field search; the count above the capped list.
import { describe, expect, it } from 'vitest';
import { KIT_PAGE_SIZE, filterBySearchText, kitTexts, searchItems, searchTextOf, shownCountText } from '../../web/src/screens/admin/kit/kit-logic.ts';

type It = { title: string; description: string | null; services: string[] };
const items: It[] = [
  { title: 'Sunrise Fete', description: 'Steelpan at DAWN', services: [] },
  { title: 'Cooler Lime', description: null, services: ['Makeup', 'Hair'] },
  { title: 'Soca Brunch', description: 'Brunch and soca', services: [] },
];
const fields = (i: It) => [i.title, i.description, i.services];

describe('filterBySearchText', () => {
  const texts = items.map((i) => searchTextOf(fields(i)));
  it('matches case-insensitively over every field, lists included, like searchItems', () => {
    for (const q of ['dawn', 'HAIR', 'soca', ' fete ', 'nothing', '', 'n\u0000']) {
      expect(filterBySearchText(items, texts, q)).toEqual(searchItems(items, q, fields));
    }
  });
  it('never matches across two fields', () => {
    expect(filterBySearchText(items, texts, 'feteSteelpan'.toLowerCase())).toEqual([]);
    expect(filterBySearchText(items, texts, 'makeuphair')).toEqual([]);
  });
});

describe('shownCountText', () => {
  const t = kitTexts('Manage Events', 'event', 'events');
  it('says how many of how many are drawn', () => {
    expect(shownCountText(KIT_PAGE_SIZE, 5000, t)).toBe('Showing 50 of 5000 events');
    expect(shownCountText(3, 3, t)).toBe('Showing 3 events');
    expect(shownCountText(1, 1, t)).toBe('Showing 1 event');
  });
});
