// The details pages' pure rules (ADR 029): a menu item (name and price required, price
// 0 or more), a photo and a testimonial (an image required, the next order), a restaurant
// discount and an event discount code (required fields, percentage 1–100, valid until not before
// valid from), and one change to a sub-list applied to the newest stored list (a conflict only
// when the entry edited was changed or removed meanwhile).
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../design-docs/src/schemas/restaurant.ts';
import { ORDER_MESSAGE } from '../../web/src/screens/admin/home/home-admin-common.ts';
import {
  DATES_MESSAGE, PERCENTAGE_MESSAGE, PRICE_MESSAGE, SubItemConflictError, applySubListChange, datesInOrder, parsePercentage, parsePrice,
} from '../../web/src/screens/admin/details/detail-logic.ts';
import {
  DISCOUNT_REQUIRED, MENU_REQUIRED, PHOTO_REQUIRED, checkDiscountDraft, checkMenuItemDraft, checkPhotoDraft, discountDraftOf, menuItemDraftOf, newDiscountDraft,
  newMenuItemDraft, newPhotoDraft, validityText,
} from '../../web/src/screens/admin/details/restaurant-detail-logic.ts';
import { TESTIMONIAL_REQUIRED, checkTestimonialDraft, newTestimonialDraft, testimonialTitle } from '../../web/src/screens/admin/details/testimonial-logic.ts';
import { EVENT_DISCOUNT_REQUIRED, checkEventDiscountDraft, newEventDiscountDraft } from '../../web/src/screens/admin/details/event-discount-logic.ts';

describe('numbers typed in the detail forms', () => {
  it('take a price of 0 or more with at most two decimals', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice(' 0 ')).toBe(0);
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice('-1')).toBe('-1');
    expect(parsePrice('1.234')).toBe('1.234');
    expect(parsePrice('ten')).toBe('ten');
  });

  it('take a percentage from 1 to 100', () => {
    expect(parsePercentage('')).toBeNull();
    expect(parsePercentage('1')).toBe(1);
    expect(parsePercentage('100')).toBe(100);
    expect(parsePercentage('12.5')).toBe(12.5);
    expect(parsePercentage('0')).toBe('0');
    expect(parsePercentage('0.5')).toBe('0.5');
    expect(parsePercentage('101')).toBe('101');
    expect(parsePercentage('-5')).toBe('-5');
  });

  it('keep valid until on or after valid from, either side open', () => {
    expect(datesInOrder('2031-05-10', '2031-05-10')).toBe(true);
    expect(datesInOrder('2031-05-10', '2031-05-09')).toBe(false);
    expect(datesInOrder('', '2031-05-09')).toBe(true);
    expect(datesInOrder('2031-05-10', '')).toBe(true);
  });
});

describe('a menu item', () => {
  it('needs a name and a price, with the owner flow\'s words', () => {
    const missing = checkMenuItemDraft({ ...newMenuItemDraft(), name: '  ' });
    expect(missing).toMatchObject({ ok: false, message: MENU_REQUIRED, first: 'name', fields: { name: MENU_REQUIRED, price: MENU_REQUIRED } });
    expect(checkMenuItemDraft({ ...newMenuItemDraft(), name: 'Doubles' })).toMatchObject({ ok: false, message: MENU_REQUIRED, first: 'price' });
  });

  it('refuses a negative price', () => {
    expect(checkMenuItemDraft({ ...newMenuItemDraft(), name: 'Doubles', price: '-2' })).toMatchObject({ ok: false, message: PRICE_MESSAGE, first: 'price' });
  });

  it('is stored trimmed, optional texts null, price a number', () => {
    const checked = checkMenuItemDraft({ ...newMenuItemDraft(), name: ' Doubles ', price: '0', category: ' ', description: 'Bara and channa' });
    expect(checked).toEqual({ ok: true, data: { name: 'Doubles', price: 0, category: null, description: 'Bara and channa', image_url: null, active: true } });
  });

  it('edits a stored one as text', () => {
    const stored: MenuItem = { id: 'm1', name: 'Roti', price: 45, description: null, category: 'Mains', image_url: null, active: false };
    expect(menuItemDraftOf(stored)).toEqual({ name: 'Roti', price: '45', description: '', category: 'Mains', image_url: '', active: false });
  });
});

describe('a photo and a testimonial', () => {
  it('need an image', () => {
    expect(checkPhotoDraft(newPhotoDraft([]))).toMatchObject({ ok: false, message: PHOTO_REQUIRED, first: 'image_url' });
    expect(checkTestimonialDraft(newTestimonialDraft([]))).toMatchObject({ ok: false, message: TESTIMONIAL_REQUIRED, first: 'image_url' });
  });

  it('go after the last by default, and take only a whole order', () => {
    expect(newPhotoDraft([{ id: 'a', image_url: 'x.jpg', order: 4, active: true }]).order).toBe('5');
    expect(newTestimonialDraft([]).order).toBe('0');
    expect(checkPhotoDraft({ image_url: 'x.jpg', order: '1.5', active: true })).toMatchObject({ ok: false, message: ORDER_MESSAGE, first: 'order' });
    expect(checkTestimonialDraft({ ...newTestimonialDraft([]), image_url: 'a.jpg', client_name: ' Ana ', order: '2' })).toEqual({
      ok: true,
      data: { image_url: 'a.jpg', caption: null, client_name: 'Ana', service: null, order: 2, active: true },
    });
  });

  it('a testimonial is titled by its client, else its caption', () => {
    expect(testimonialTitle({ id: 't', image_url: 'a', client_name: 'Ana', caption: 'Glam', order: 1, active: true })).toBe('Ana');
    expect(testimonialTitle({ id: 't', image_url: 'a', client_name: null, caption: 'Glam', order: 1, active: true })).toBe('Glam');
  });
});

describe('a restaurant discount', () => {
  it('needs a description and a percentage, with the owner flow\'s words', () => {
    expect(checkDiscountDraft(newDiscountDraft())).toMatchObject({ ok: false, message: DISCOUNT_REQUIRED, first: 'description', fields: { description: DISCOUNT_REQUIRED, percentage: DISCOUNT_REQUIRED } });
  });

  it('takes a percentage from 1 to 100 and dates in order', () => {
    const base = { ...newDiscountDraft(), description: 'Lunch deal' };
    expect(checkDiscountDraft({ ...base, percentage: '0' })).toMatchObject({ ok: false, message: PERCENTAGE_MESSAGE, first: 'percentage' });
    expect(checkDiscountDraft({ ...base, percentage: '150' })).toMatchObject({ ok: false, message: PERCENTAGE_MESSAGE });
    expect(checkDiscountDraft({ ...base, percentage: '10', valid_from: '2031-02-01', valid_until: '2031-01-31' })).toMatchObject({ ok: false, message: DATES_MESSAGE, first: 'valid_until' });
    expect(checkDiscountDraft({ ...base, percentage: '10', valid_from: '2031-02-01' })).toEqual({
      ok: true,
      data: { percentage: 10, description: 'Lunch deal', terms_conditions: null, valid_from: '2031-02-01', valid_until: null, active: true },
    });
  });

  it('edits stored date-times as dates and says when it is valid', () => {
    const draft = discountDraftOf({ id: 'd', percentage: 15, description: 'x', terms_conditions: null, valid_from: '2031-02-01T10:00:00Z', valid_until: null, active: true });
    expect(draft).toMatchObject({ percentage: '15', valid_from: '2031-02-01', valid_until: '' });
    expect(validityText('2031-02-01', null)).toBe('From 2031-02-01');
    expect(validityText(null, '2031-03-01')).toBe('Until 2031-03-01');
    expect(validityText(null, null)).toBe('Always');
  });
});

describe('an event discount code', () => {
  it('needs a code and a percentage', () => {
    expect(checkEventDiscountDraft(newEventDiscountDraft(), 'e1')).toMatchObject({ ok: false, message: EVENT_DISCOUNT_REQUIRED, first: 'code' });
  });

  it('takes a percentage from 1 to 100 and dates in order, for its event', () => {
    const base = { ...newEventDiscountDraft(), code: ' FETE10 ' };
    expect(checkEventDiscountDraft({ ...base, percentage: '101' }, 'e1')).toMatchObject({ ok: false, message: PERCENTAGE_MESSAGE });
    expect(checkEventDiscountDraft({ ...base, percentage: '10', valid_from: '2031-02-02', valid_until: '2031-02-01' }, 'e1')).toMatchObject({ ok: false, message: DATES_MESSAGE });
    expect(checkEventDiscountDraft({ ...base, percentage: '10' }, 'e1')).toEqual({
      ok: true,
      data: { event_id: 'e1', code: 'FETE10', percentage: 10, description: null, valid_from: null, valid_until: null, active: true },
    });
  });
});

describe('a change to a sub-list', () => {
  const a = { id: 'a', name: 'A' };
  const b = { id: 'b', name: 'B' };

  it('adds at the end and removes by id (an entry already gone changes nothing)', () => {
    expect(applySubListChange([a], { kind: 'add', item: b })).toEqual([a, b]);
    expect(applySubListChange([a, b], { kind: 'remove', id: 'a' })).toEqual([b]);
    expect(applySubListChange([b], { kind: 'remove', id: 'a' })).toEqual([b]);
  });

  it('updates an entry still as the admin saw it, keeping the others as stored', () => {
    const theirB = { id: 'b', name: 'B changed by someone else' };
    expect(applySubListChange([a, theirB], { kind: 'update', base: a, next: { id: 'a', name: 'A2' } })).toEqual([{ id: 'a', name: 'A2' }, theirB]);
  });

  it('is a conflict when the entry edited was changed or removed meanwhile', () => {
    const change = { kind: 'update' as const, base: a, next: { id: 'a', name: 'A2' } };
    expect(() => applySubListChange([{ id: 'a', name: 'A by someone else' }], change)).toThrow(SubItemConflictError);
    expect(() => applySubListChange([b], change)).toThrow(SubItemConflictError);
    try {
      applySubListChange([b], change);
    } catch (err) {
      expect((err as { status: number }).status).toBe(409);
    }
  });

  it('counts a missing field and a null one as the same stored value', () => {
    const stored = { id: 'a', name: 'A', image_url: null };
    expect(applySubListChange([stored], { kind: 'update', base: { id: 'a', name: 'A' } as typeof stored, next: { ...stored, name: 'A2' } })).toEqual([{ ...stored, name: 'A2' }]);
  });
});
