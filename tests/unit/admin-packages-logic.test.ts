// Manage Packages and Manage Ride Packages: what the admin typed, checked and turned into the
// stored record; the colour presets; a new item's defaults; where a row's form link goes; what
// the search looks in.
import { describe, expect, it } from 'vitest';
import {
  ADMIN_CATALOGUE_TEXTS,
  catalogueSearchFields,
  checkDraft,
  coloursOf,
  draftOf,
  formLink,
  newDraft,
  nextOrder,
  parseOrder,
  presetOf,
  withColour,
} from '../../web/src/screens/admin/packages/package-admin-logic.ts';
import type { CatalogueDraft } from '../../web/src/screens/admin/packages/package-admin-logic.ts';
import { deleteQuestion, searchItems } from '../../web/src/screens/admin/kit/kit-logic.ts';

const filled = (over: Partial<CatalogueDraft> = {}): CatalogueDraft => ({ ...newDraft('ride', 0), title: 'Carnival Monday Shuttle', subtitle: 'Port of Spain', ...over });

describe('checkDraft', () => {
  it('requires title and subtitle with the spec’s one message, on both pages', () => {
    for (const kind of ['ride', 'package'] as const) {
      const blankSubtitle = checkDraft(kind, { ...newDraft(kind, 2), title: 'E2E Bus', subtitle: '   ' });
      expect(blankSubtitle).toMatchObject({ ok: false, message: 'Title and subtitle are required', first: 'subtitle' });
      const bothBlank = checkDraft(kind, newDraft(kind, 2));
      expect(bothBlank).toMatchObject({ ok: false, message: 'Title and subtitle are required', first: 'title' });
      expect(bothBlank.ok ? [] : Object.keys(bothBlank.fields).sort()).toEqual(['subtitle', 'title']);
    }
  });

  it('gives the record the repository stores: trimmed texts, empty optional fields as null, an integer order', () => {
    const res = checkDraft('ride', filled({ title: '  Shuttle  ', description: '  ', buttonlink: ' ', order: ' 7 ', active: false }));
    expect(res).toEqual({
      ok: true,
      data: { title: 'Shuttle', subtitle: 'Port of Spain', description: null, buttonlink: null, bgcolor: 'from-red-500 to-red-700', textcolor: 'text-white', order: 7, active: false },
    });
  });

  it('refuses an order that is not a whole number, by the order field', () => {
    for (const order of ['1.5', 'three', '', '2e3', '1,000']) {
      expect(checkDraft('package', filled({ order })), order).toMatchObject({ ok: false, message: 'Order must be a whole number', first: 'order' });
    }
    expect(checkDraft('package', filled({ order: '-2' }))).toMatchObject({ ok: true, data: { order: -2 } });
  });

  it('refuses a button link that is no web link, and keeps a /form/ path or an https URL', () => {
    expect(checkDraft('ride', filled({ buttonlink: 'javascript:alert(1)' }))).toMatchObject({ ok: false, first: 'buttonlink', message: 'Links must start with http:// or https://' });
    expect(checkDraft('ride', filled({ buttonlink: '/form/ride/r1' }))).toMatchObject({ ok: true, data: { buttonlink: '/form/ride/r1' } });
    expect(checkDraft('ride', filled({ buttonlink: 'https://rides.example.com' }))).toMatchObject({ ok: true, data: { buttonlink: 'https://rides.example.com' } });
  });

  it('refuses a title over the field limit the server enforces', () => {
    const res = checkDraft('package', filled({ title: 'x'.repeat(201) }));
    expect(res.ok).toBe(false);
  });
});

describe('parseOrder', () => {
  it('reads whole numbers only', () => {
    expect(parseOrder('12')).toBe(12);
    expect(parseOrder(' 0 ')).toBe(0);
    expect(parseOrder('-3')).toBe(-3);
    expect(parseOrder('3.0')).toBeNull();
    expect(parseOrder('')).toBeNull();
  });
});

describe('colour presets', () => {
  it('offers each page’s presets in the spec’s order', () => {
    expect(coloursOf('ride').map((p) => p.name)).toEqual(['Red', 'Black', 'Purple', 'Blue', 'Green', 'Amber', 'Pink', 'Yellow', 'Indigo', 'Gray', 'Orange', 'Cyan']);
    expect(coloursOf('package').map((p) => p.name)).toEqual(['Purple', 'Amber', 'Blue', 'Red', 'Teal', 'Green', 'Pink', 'Yellow', 'Indigo', 'Gray', 'Orange', 'Cyan']);
  });

  it('sets bgcolor and textcolor together: black text on Amber and Yellow, white on the rest', () => {
    for (const kind of ['ride', 'package'] as const) {
      for (const preset of coloursOf(kind)) {
        const d = withColour(filled(), preset);
        expect(d.bgcolor).toBe(preset.bgcolor);
        expect(d.textcolor, preset.name).toBe(preset.name === 'Amber' || preset.name === 'Yellow' ? 'text-black' : 'text-white');
        expect(checkDraft(kind, d)).toMatchObject({ ok: true, data: { bgcolor: preset.bgcolor, textcolor: d.textcolor } });
      }
    }
  });

  it('knows a stored colour of the page, and not one of another page or none at all', () => {
    expect(presetOf('package', 'from-teal-500 to-teal-700')?.name).toBe('Teal');
    expect(presetOf('ride', 'from-teal-500 to-teal-700')).toBeNull();
    expect(presetOf('ride', 'from-neutral-800 to-black')?.name).toBe('Black');
    expect(presetOf('ride', '')).toBeNull();
  });
});

describe('a new item', () => {
  it('a ride starts red with white text, order 0, active', () => {
    expect(newDraft('ride', 5)).toMatchObject({ bgcolor: 'from-red-500 to-red-700', textcolor: 'text-white', order: '0', active: true, title: '', subtitle: '' });
  });

  it('a package starts purple, active, after the last one', () => {
    expect(newDraft('package', 5)).toMatchObject({ bgcolor: 'from-purple-500 to-purple-700', textcolor: 'text-white', order: '6', active: true });
  });

  it('after an add, both pages offer the count plus one', () => {
    expect(nextOrder(0)).toBe(1);
    expect(newDraft('ride', 3, true).order).toBe('4');
    expect(newDraft('package', 3, true).order).toBe('4');
  });
});

describe('draftOf', () => {
  it('copies a stored item into the edit form unchanged', () => {
    const item = { title: 'Shuttle', subtitle: 'POS', description: null, buttonlink: '/form/ride/r1', bgcolor: 'from-amber-500 to-amber-700', textcolor: 'text-black', order: 3, active: false };
    const d = draftOf(item);
    expect(d).toEqual({ title: 'Shuttle', subtitle: 'POS', description: '', buttonlink: '/form/ride/r1', bgcolor: 'from-amber-500 to-amber-700', textcolor: 'text-black', order: '3', active: false });
    expect(checkDraft('ride', d)).toMatchObject({ ok: true, data: { ...item, description: null } });
  });
});

describe('texts and links', () => {
  it('asks before deleting, naming the thing of each page', () => {
    expect(deleteQuestion(ADMIN_CATALOGUE_TEXTS.ride.thing)).toBe('Are you sure you want to delete this ride package?');
    expect(deleteQuestion(ADMIN_CATALOGUE_TEXTS.package.thing)).toBe('Are you sure you want to delete this package?');
  });

  it('uses the spec’s alerts and load failures', () => {
    expect(ADMIN_CATALOGUE_TEXTS.ride).toMatchObject({
      heading: 'Manage Ride Packages',
      loadFailed: 'Failed to load ride packages. Please try again later.',
      addFailed: 'Failed to add ride package',
      updateFailed: 'Failed to update ride package',
      deleteFailed: 'Failed to delete ride package',
      updated: 'Ride package updated successfully',
      added: 'Ride package added successfully',
      deleted: 'Ride package deleted successfully',
      empty: 'No ride packages found.',
      addHeading: 'Add Ride Package',
    });
    expect(ADMIN_CATALOGUE_TEXTS.package).toMatchObject({
      heading: 'Manage Packages',
      loadFailed: 'Failed to load data. Please try again later.',
      addFailed: 'Failed to add package',
      updateFailed: 'Failed to update package',
      deleteFailed: 'Failed to delete package',
      updated: 'Package updated successfully',
      added: 'Package added successfully',
      deleted: 'Package deleted successfully',
      empty: 'No packages found.',
      addHeading: 'Add Package',
    });
  });

  it('links a row to the builder: edit when it has a form, else create', () => {
    expect(formLink('ride', 'r1', false)).toEqual({ to: '/admin/forms/ride/r1/create', label: 'Create Form' });
    expect(formLink('package', 'p1', true)).toEqual({ to: '/admin/forms/package/p1/edit', label: 'Edit Form' });
  });
});

describe('search', () => {
  it('looks in the title, subtitle and description, whatever the case, and nowhere else', () => {
    const items = [
      { id: 'a', title: 'Monday Mas', subtitle: 'Costume and drinks', description: null, buttonlink: '/form/package/savannah' },
      { id: 'b', title: 'Shuttle', subtitle: 'Port of Spain', description: 'From the SAVANNAH to the beach', buttonlink: null },
    ];
    const ids = (q: string) => searchItems(items, q, catalogueSearchFields).map((i) => i.id);
    expect(ids('savannah')).toEqual(['b']);
    expect(ids('COSTUME')).toEqual(['a']);
    expect(ids('mas')).toEqual(['a']);
    expect(ids('')).toEqual(['a', 'b']);
  });
});
