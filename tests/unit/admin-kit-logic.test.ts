// The admin kit's pure rules: the texts built from a page's thing, the search scopes of each page,
// the tags typed one at a time, a card's '+N', and the defaults, checks and orders of Manage
// Events and Manage Products.
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../web/src/lib/money.ts';
import { addTag, deleteQuestion, kitTexts, removeTag, searchItems, tagPreview } from '../../web/src/screens/admin/kit/kit-logic.ts';
import { EVENT_TEXTS, checkEventDraft, compareEvents, eventDraftOf, eventSearchFields, newEventDraft } from '../../web/src/screens/admin/events/event-admin-logic.ts';
import type { AdminEvent } from '../../web/src/screens/admin/events/event-admin-logic.ts';
import { checkProductDraft, compareProducts, newProductDraft, productDraftOf, productSearchFields } from '../../web/src/screens/admin/products/product-admin-logic.ts';
import type { AdminProduct } from '../../web/src/screens/admin/products/product-admin-logic.ts';

const event = (over: Partial<AdminEvent>): AdminEvent =>
  ({ _id: 'event:x', id: 'x', type: 'event', title: 'Fete', description: null, date: '2031-01-01', location: 'Port of Spain', organizer_id: null, active: true, ...over }) as AdminEvent;

describe('kit texts', () => {
  it('follow the spec catalogue for a thing', () => {
    expect(EVENT_TEXTS).toMatchObject({
      heading: 'Manage Events',
      loadFailed: 'Failed to load events. Please try again later.',
      empty: 'No events found.',
      addFailed: 'Failed to add event',
      updateFailed: 'Failed to update event',
      deleteFailed: 'Failed to delete event',
      updated: 'Event updated successfully',
    });
    expect(kitTexts('Manage Products', 'product', 'products').empty).toBe('No products found.');
    expect(deleteQuestion('event')).toBe('Are you sure you want to delete this event?');
  });
});

describe('search', () => {
  const items = [
    { name: 'Feathers', tags: ['Makeup', 'Glitter Art'], note: null },
    { name: 'Beads', tags: [], note: 'Glitter on everything' },
    { name: 'Boots', tags: null, note: 'leather' },
  ];
  const fields = (i: (typeof items)[number]) => [i.name, i.tags, i.note];

  it('is a case-insensitive substring match over the given fields, lists included', () => {
    expect(searchItems(items, 'GLITTER', fields).map((i) => i.name)).toEqual(['Feathers', 'Beads']);
    expect(searchItems(items, 'oot', fields).map((i) => i.name)).toEqual(['Boots']);
  });
  it('keeps everything, in order, for a blank query', () => {
    expect(searchItems(items, '  ', fields)).toEqual(items);
  });
  it('looks only at the scope it is given: events over title, description and location', () => {
    const all = [event({ id: 'a', title: 'Jouvert', location: 'Savannah' }), event({ id: 'b', title: 'Cooler Fete', description: 'All inclusive', category: 'Party' })];
    expect(searchItems(all, 'savannah', eventSearchFields).map((e) => e.id)).toEqual(['a']);
    expect(searchItems(all, 'INCLUSIVE', eventSearchFields).map((e) => e.id)).toEqual(['b']);
    // The category is not in the events' scope.
    expect(searchItems(all, 'party', eventSearchFields)).toEqual([]);
  });
});

describe('tags', () => {
  it('are trimmed; blank and duplicates (any case) are ignored', () => {
    expect(addTag(['S'], '  M ')).toEqual(['S', 'M']);
    expect(addTag(['S'], '   ')).toEqual(['S']);
    expect(addTag(['Red'], 'red')).toEqual(['Red']);
    expect(removeTag(['S', 'M'], 'S')).toEqual(['M']);
  });
  it('cards show three, then +N', () => {
    expect(tagPreview(['S', 'M', 'L', 'XL', 'XXL'])).toEqual({ shown: ['S', 'M', 'L'], more: '+2' });
    expect(tagPreview(['S', 'M', 'L'])).toEqual({ shown: ['S', 'M', 'L'], more: '' });
    expect(tagPreview(null)).toEqual({ shown: [], more: '' });
  });
});

describe('formats', () => {
  it('money with $ and two decimals', () => {
    expect(formatMoney(5)).toBe('$5.00');
    expect(formatMoney(null)).toBe('$0.00');
  });
});

describe('Manage Events rules', () => {
  it('a new event has the spec defaults', () => {
    expect(newEventDraft()).toMatchObject({ start_time: '18:00', end_time: '23:00', country: 'Trinidad', state: 'Port of Spain', category: 'Party', price: '0', active: true });
  });
  it('title, date and location are required, with the spec message, focusing the first', () => {
    const checked = checkEventDraft({ ...newEventDraft(), title: 'Fete', location: ' ' });
    expect(checked).toMatchObject({ ok: false, message: 'Please fill in all required fields', first: 'date' });
    expect(checked.ok === false && Object.keys(checked.fields)).toEqual(['date', 'location']);
  });
  it('a complete draft becomes the stored fields: blanks are null, price defaults to 0', () => {
    const checked = checkEventDraft({ ...newEventDraft(), title: ' Fete ', date: '2031-02-01', location: 'Chaguaramas', price: '' });
    expect(checked).toMatchObject({ ok: true, data: { title: 'Fete', price: 0, end_date: null, ticket_url: null, category: 'Party' } });
  });
  it('the schema messages follow: a bad price or link, an end before the start', () => {
    const base = { ...newEventDraft(), title: 'Fete', date: '2031-02-01', location: 'Here' };
    expect(checkEventDraft({ ...base, price: 'ten' }).ok).toBe(false);
    expect(checkEventDraft({ ...base, ticket_url: 'javascript:alert(1)' })).toMatchObject({ ok: false, message: 'Links must start with http:// or https://' });
    expect(checkEventDraft({ ...base, end_date: '2031-01-01' })).toMatchObject({ ok: false, first: 'end_date' });
  });
  it('an edit starts from the stored event', () => {
    expect(eventDraftOf(event({ price: 12.5, start_time: '20:00' }))).toMatchObject({ title: 'Fete', price: '12.5', start_time: '20:00', description: '' });
  });
  it('lists by date, newest first', () => {
    const list = [event({ id: 'a', date: '2030-01-01' }), event({ id: 'b', date: '2032-01-01' }), event({ id: 'c', date: '2031-01-01' })];
    expect(list.sort(compareEvents).map((e) => e.id)).toEqual(['b', 'c', 'a']);
  });
});

describe('Manage Products rules', () => {
  const base = { ...newProductDraft(), name: 'Feather Crown', brand: 'Mas Co', price: '45' };
  it('a new product is an Accessory, in stock and active', () => {
    expect(newProductDraft()).toMatchObject({ category: 'Accessories', in_stock: true, active: true, sizes: [], colors: [] });
  });
  it('name, brand and price are required, with the spec message', () => {
    expect(checkProductDraft({ ...newProductDraft(), name: 'Crown' })).toMatchObject({ ok: false, message: 'Please fill in all required fields', first: 'brand' });
    expect(checkProductDraft({ ...base, price: 'lots' })).toMatchObject({ ok: false, message: 'Price must be a number', first: 'price' });
  });
  it('a complete draft keeps its tags and a decimal price', () => {
    expect(checkProductDraft({ ...base, price: '45.50', sizes: ['S', 'M'] })).toMatchObject({ ok: true, data: { price: 45.5, sizes: ['S', 'M'], colors: [], category: 'Accessories' } });
  });
  it('an edit works on copies of the stored lists', () => {
    const stored = { _id: 'product:p', id: 'p', type: 'product', name: 'Crown', brand: 'Mas', price: 1, sizes: ['S'], colors: [], in_stock: true, active: true } as unknown as AdminProduct;
    const draft = productDraftOf(stored);
    draft.sizes.push('M');
    expect(stored.sizes).toEqual(['S']);
  });
  it('searches over name, description, brand and category; newest first', () => {
    const p = (id: string, over: Partial<AdminProduct>) => ({ _id: `product:${id}`, id, type: 'product', name: 'X', brand: 'Y', price: 1, sizes: [], colors: [], in_stock: true, active: true, ...over }) as unknown as AdminProduct;
    const list = [p('a', { brand: 'Bacchanal', created_at: '2030-01-01T00:00:00.000Z' }), p('b', { category: 'Footwear', created_at: '2031-01-01T00:00:00.000Z' })];
    expect(searchItems(list, 'bacch', productSearchFields).map((x) => x.id)).toEqual(['a']);
    expect(searchItems(list, 'FOOT', productSearchFields).map((x) => x.id)).toEqual(['b']);
    expect([...list].sort(compareProducts).map((x) => x.id)).toEqual(['b', 'a']);
  });
});
