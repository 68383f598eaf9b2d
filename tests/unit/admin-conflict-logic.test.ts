// ADR 028: a save that meets another admin's newer version says so and shows the
// fields where their version differs from the admin's draft.
import { describe, expect, it } from 'vitest';
import { conflictGoneMessage, conflictMessage, differingFields, fieldLabel, shownValue } from '../../web/src/screens/admin/kit/conflict-logic.ts';

describe('conflict texts', () => {
  it('names the thing of the page', () => {
    expect(conflictMessage('event')).toBe('Someone else changed this event while you were editing.');
    expect(conflictGoneMessage('product')).toBe('Someone else deleted this product while you were editing.');
  });
});

describe('differingFields', () => {
  const mine = { title: 'Sunrise Fete', location: 'Savannah', price: '150', active: true, sizes: ['S', 'M'], notes: '' };

  it('lists only the fields whose values differ, in the draft order, with both values shown', () => {
    const theirs = { ...mine, price: '200', title: 'Sunrise Fete (moved)', active: false };
    expect(differingFields(mine, theirs)).toEqual([
      { field: 'title', label: 'Title', mine: 'Sunrise Fete', theirs: 'Sunrise Fete (moved)' },
      { field: 'price', label: 'Price', mine: '150', theirs: '200' },
      { field: 'active', label: 'Active', mine: 'Yes', theirs: 'No' },
    ]);
  });

  it('finds nothing when the versions hold the same values', () => {
    expect(differingFields(mine, { ...mine, sizes: ['S', 'M'] })).toEqual([]);
  });

  it('counts blank text and nothing, and surrounding spaces, as the same', () => {
    expect(differingFields({ a: '', b: 'x ' }, { a: null, b: ' x' })).toEqual([]);
  });

  it('compares lists by their items and order', () => {
    expect(differingFields({ sizes: ['S', 'M'] }, { sizes: ['M', 'S'] })).toEqual([{ field: 'sizes', label: 'Sizes', mine: 'S, M', theirs: 'M, S' }]);
  });

  it('uses the page labels when given, and includes fields only one side has', () => {
    expect(differingFields({ ticket_url: 'https://a.tt' }, { ticket_url: '', extra_note: 'hi' }, { ticket_url: 'Ticket link' })).toEqual([
      { field: 'ticket_url', label: 'Ticket link', mine: 'https://a.tt', theirs: '(empty)' },
      { field: 'extra_note', label: 'Extra note', mine: '(empty)', theirs: 'hi' },
    ]);
  });
});

describe('fieldLabel and shownValue', () => {
  it('names a field from its stored name', () => {
    expect(fieldLabel('end_date')).toBe('End date');
    expect(fieldLabel('imageUrl')).toBe('Image url');
  });
  it('shows values as a person reads them', () => {
    expect(shownValue(null)).toBe('(empty)');
    expect(shownValue('  ')).toBe('(empty)');
    expect(shownValue(false)).toBe('No');
    expect(shownValue([])).toBe('(empty)');
    expect(shownValue(12)).toBe('12');
  });
});
