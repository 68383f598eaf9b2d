// The form builder's rules: type switching and options, moving fields, the field editor's checks
// and Save Form's validation (the shared form schema), and the stored unsaved draft.
import { describe, expect, it } from 'vitest';
import type { FormField } from '../../design-docs/src/schemas/form.ts';
import type { FormDraft } from '../../web/src/data/repos/admin-forms.ts';
import {
  FIELD_TYPE_LABELS,
  LABELS_NOT_UNIQUE,
  addOption,
  adminListPath,
  builderTarget,
  canMoveDown,
  canMoveUp,
  commitField,
  deleteField,
  editorFromField,
  fieldFromEditor,
  fieldProblem,
  formProblem,
  moveField,
  newFieldEditor,
  optionCountText,
  parseDropdownOptions,
  removeOption,
  withOptionRemoved,
  submitText,
  withFieldType,
  withNewOptionAdded,
  withOptionsText,
} from '../../web/src/screens/admin/form-builder/field-logic.ts';
import { clearBuilderDraft, draftKey, loadBuilderDraft, saveBuilderDraft } from '../../web/src/screens/admin/form-builder/builder-draft.ts';
import { memoryStorage } from './memory-storage.ts';

const field = (id: string, label: string, extra: Partial<FormField> = {}): FormField => ({ id, type: 'text', label, required: false, ...extra });


describe('switching the field type', () => {
  it('gives a dropdown or a checkbox one default option when it has none', () => {
    const text = { ...newFieldEditor('f1'), label: 'Shirt size' };
    const select = withFieldType(text, 'select');
    expect(select.options).toEqual(['Option 1']);
    expect(select.optionsText).toBe('Option 1');
    expect(withFieldType(text, 'checkbox').options).toEqual(['Option 1']);
  });

  it('keeps the options there are when moving between dropdown and checkbox', () => {
    const select = withOptionsText(withFieldType(newFieldEditor('f1'), 'select'), 'S\nM\nL');
    const checkbox = withFieldType(select, 'checkbox');
    expect(checkbox.options).toEqual(['S', 'M', 'L']);
    expect(withFieldType(checkbox, 'select').optionsText).toBe('S\nM\nL');
  });

  it('drops the options when switching to any other type', () => {
    const select = withOptionsText(withFieldType(newFieldEditor('f1'), 'select'), 'S\nM');
    for (const type of ['text', 'email', 'number', 'textarea', 'date'] as const) {
      const other = withFieldType(select, type);
      expect(other.type).toBe(type);
      expect(other.options).toEqual([]);
      expect(fieldFromEditor({ ...other, label: 'X' })).not.toHaveProperty('options');
    }
  });

  it('shows select as Dropdown', () => {
    expect(FIELD_TYPE_LABELS.select).toBe('Dropdown');
  });
});

describe('dropdown options typed one per line', () => {
  it('trims each line and drops blank ones (and repeats)', () => {
    expect(parseDropdownOptions('  Small \n\n Medium\r\n   \nLarge\nSmall\n')).toEqual(['Small', 'Medium', 'Large']);
    expect(parseDropdownOptions('\n  \n')).toEqual([]);
  });

  it('keeps the text as typed while the options follow it', () => {
    const e = withOptionsText(withFieldType(newFieldEditor('f1'), 'select'), 'A\n\nB\n');
    expect(e.optionsText).toBe('A\n\nB\n');
    expect(e.options).toEqual(['A', 'B']);
  });
});

describe('checkbox options added one at a time', () => {
  it('trims, and ignores an empty option or one already listed', () => {
    expect(addOption([], '  Friday ')).toEqual(['Friday']);
    expect(addOption(['Friday'], 'Friday')).toEqual(['Friday']);
    expect(addOption(['Friday'], '  Friday  ')).toEqual(['Friday']);
    expect(addOption(['Friday'], '   ')).toEqual(['Friday']);
    expect(addOption(['Friday'], 'Saturday')).toEqual(['Friday', 'Saturday']);
  });

  it('empties the box after Add, even when the option was ignored', () => {
    const e = { ...withFieldType(newFieldEditor('f1'), 'checkbox'), newOption: ' Option 1 ' };
    const after = withNewOptionAdded(e);
    expect(after.options).toEqual(['Option 1']);
    expect(after.newOption).toBe('');
    expect(withNewOptionAdded({ ...after, newOption: 'Two' }).options).toEqual(['Option 1', 'Two']);
  });

  it('lets the first option typed replace the default "Option 1", once', () => {
    const fresh = withFieldType({ ...newFieldEditor('f1'), label: 'Extras' }, 'checkbox');
    expect(fresh.options).toEqual(['Option 1']);
    const first = withNewOptionAdded({ ...fresh, newOption: ' Airport pickup ' });
    expect(first.options).toEqual(['Airport pickup']);
    expect(withNewOptionAdded({ ...first, newOption: 'Cooler' }).options).toEqual(['Airport pickup', 'Cooler']);
    // An empty Add leaves the default in place, still to be replaced.
    const empty = withNewOptionAdded({ ...fresh, newOption: '   ' });
    expect(empty.options).toEqual(['Option 1']);
    expect(withNewOptionAdded({ ...empty, newOption: 'Flags' }).options).toEqual(['Flags']);
    // A field saved with "Option 1" keeps it when edited: the admin chose it.
    const saved = editorFromField({ id: 'f9', type: 'checkbox', label: 'Pick', required: false, options: ['Option 1'] });
    expect(withNewOptionAdded({ ...saved, newOption: 'Two' }).options).toEqual(['Option 1', 'Two']);
  });

  it('removes an option by its place', () => {
    expect(removeOption(['A', 'B', 'C'], 1)).toEqual(['A', 'C']);
    expect(removeOption(['A'], 0)).toEqual([]);
  });
});

describe('the field editor', () => {
  it('requires a label', () => {
    expect(fieldProblem({ ...newFieldEditor('f1'), label: '   ' }, [])).toEqual({ message: 'Field label is required', at: 'label' });
  });

  it('requires an option for a dropdown; a checkbox without options is one box to tick', () => {
    const select = withOptionsText(withFieldType({ ...newFieldEditor('f1'), label: 'Size' }, 'select'), '\n \n');
    expect(fieldProblem(select, [])).toEqual({ message: 'Please add at least one option for the dropdown field', at: 'options' });
    const checkbox = withOptionRemoved(withFieldType({ ...newFieldEditor('f2'), label: 'I accept the terms' }, 'checkbox'), 0);
    expect(checkbox.options).toEqual([]);
    expect(fieldProblem(checkbox, [])).toBeNull();
    expect(fieldFromEditor(checkbox)).toMatchObject({ type: 'checkbox', label: 'I accept the terms', options: [] });
  });

  it('refuses a label another field already has, but not the field it edits', () => {
    const fields = [field('a', 'Name'), field('b', 'Email')];
    expect(fieldProblem({ ...newFieldEditor('c'), label: ' Name ' }, fields)).toEqual({ message: LABELS_NOT_UNIQUE, at: 'label' });
    expect(fieldProblem(editorFromField(fields[0] as FormField), fields)).toBeNull();
    expect(fieldProblem({ ...editorFromField(fields[0] as FormField), label: 'Email' }, fields)?.message).toBe(LABELS_NOT_UNIQUE);
  });

  it('stores a trimmed label, no empty placeholder, and options only for option types', () => {
    const e = { ...newFieldEditor('f1'), label: '  Phone ', placeholder: '  ', required: true };
    expect(fieldFromEditor(e)).toEqual({ id: 'f1', type: 'text', label: 'Phone', required: true });
    const s = withOptionsText(withFieldType({ ...e, placeholder: 'Pick one' }, 'select'), 'X\nY');
    expect(fieldFromEditor(s)).toEqual({ id: 'f1', type: 'select', label: 'Phone', placeholder: 'Pick one', required: true, options: ['X', 'Y'] });
  });

  it('opens a field for editing as it is and saves it back in its place', () => {
    const f = field('b', 'Size', { type: 'select', options: ['S', 'M'], required: true, placeholder: 'Choose' });
    const e = editorFromField(f);
    expect(e).toMatchObject({ id: 'b', editing: true, type: 'select', optionsText: 'S\nM', placeholder: 'Choose', required: true });
    expect(fieldFromEditor(e)).toEqual(f);
    const list = [field('a', 'A'), f, field('c', 'C')];
    const changed = commitField(list, fieldFromEditor({ ...e, label: 'Shirt size' }));
    expect(changed.map((x) => x.label)).toEqual(['A', 'Shirt size', 'C']);
    expect(commitField(list, field('d', 'D')).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(deleteField(list, 'b').map((x) => x.id)).toEqual(['a', 'c']);
  });
});

describe('moving fields', () => {
  const list = [field('a', 'A'), field('b', 'B'), field('c', 'C')];

  it('disables up on the first row and down on the last', () => {
    expect([0, 1, 2].map(canMoveUp)).toEqual([false, true, true]);
    expect([0, 1, 2].map((i) => canMoveDown(i, 3))).toEqual([true, true, false]);
    expect(canMoveDown(0, 1)).toBe(false);
  });

  it('swaps a field with its neighbour', () => {
    expect(moveField(list, 1, 'up').map((f) => f.id)).toEqual(['b', 'a', 'c']);
    expect(moveField(list, 1, 'down').map((f) => f.id)).toEqual(['a', 'c', 'b']);
  });

  it('changes nothing past either end', () => {
    expect(moveField(list, 0, 'up').map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(moveField(list, 2, 'down').map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(moveField(list, 5, 'up').map((f) => f.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('Save Form validation (the shared form schema)', () => {
  const draft = (over: Partial<FormDraft> = {}): FormDraft => ({ title: 'Trip form', description: '', submitButtonText: '', active: true, fields: [field('a', 'Name')], ...over });

  it('passes a complete form', () => {
    expect(formProblem(draft(), 'package', 'pkg1')).toBeNull();
  });

  it('asks for a title first, then at least one field', () => {
    expect(formProblem(draft({ title: '  ', fields: [] }), 'package', 'pkg1')).toBe('Form title is required');
    expect(formProblem(draft({ fields: [] }), 'ride', 'r1')).toBe('Form must have at least one field');
  });

  it('asks for options on dropdown fields, not on a single checkbox', () => {
    expect(formProblem(draft({ fields: [field('a', 'Size', { type: 'select', options: [' '] })] }), 'package', 'p')).toBe(
      'Please add at least one option for the dropdown field',
    );
    expect(formProblem(draft({ fields: [field('a', 'Terms', { type: 'checkbox', options: [] })] }), 'package', 'p')).toBeNull();
  });

  it('refuses two fields with one label (answers are keyed by label)', () => {
    expect(formProblem(draft({ fields: [field('a', 'Name'), field('b', 'Name')] }), 'package', 'p')).toBe(LABELS_NOT_UNIQUE);
  });

  it('shows the submit text, Submit by default', () => {
    expect(submitText({ submitButtonText: '  ' })).toBe('Submit');
    expect(submitText({ submitButtonText: 'Book now' })).toBe('Book now');
    expect(optionCountText(1)).toBe('1 option');
    expect(optionCountText(3)).toBe('3 options');
  });
});

describe('the route', () => {
  it('takes package or ride and an id, else nothing', () => {
    expect(builderTarget('package', 'abc')).toEqual({ type: 'package', id: 'abc' });
    expect(builderTarget('ride', 'r-1')).toEqual({ type: 'ride', id: 'r-1' });
    expect(builderTarget('event', 'abc')).toBeNull();
    expect(builderTarget('package', '')).toBeNull();
    expect(builderTarget('package', 'a:b')).toBeNull();
    expect(builderTarget(undefined, 'abc')).toBeNull();
  });

  it('returns to /admin/packages or /admin/rides', () => {
    expect(adminListPath('package')).toBe('/admin/packages');
    expect(adminListPath('ride')).toBe('/admin/rides');
  });
});

describe('the unsaved draft', () => {
  const form: FormDraft = {
    title: 'Trip',
    description: 'About the trip',
    submitButtonText: 'Go',
    active: false,
    fields: [field('a', 'Name', { required: true }), field('b', 'Size', { type: 'select', options: ['S'] })],
  };

  it('is kept per type and target, and read back as written', () => {
    const storage = memoryStorage();
    const editor = { ...newFieldEditor('c'), label: 'Half typed' };
    saveBuilderDraft(storage, 'package', 'p1', { form, editor });
    expect(storage.map.has(draftKey('package', 'p1'))).toBe(true);
    expect(loadBuilderDraft(storage, 'package', 'p1')).toEqual({ form, editor });
    expect(loadBuilderDraft(storage, 'ride', 'p1')).toBeNull();
    clearBuilderDraft(storage, 'package', 'p1');
    expect(loadBuilderDraft(storage, 'package', 'p1')).toBeNull();
  });

  it('drops what does not look right instead of failing', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey('ride', 'r1'), '{not json');
    expect(loadBuilderDraft(storage, 'ride', 'r1')).toBeNull();
    storage.setItem(draftKey('ride', 'r1'), JSON.stringify({ form: { title: 5, fields: [{ id: 'x', type: 'bogus', label: 'X' }, field('a', 'A')] }, editor: { id: 3 } }));
    expect(loadBuilderDraft(storage, 'ride', 'r1')).toEqual({
      form: { title: '', description: '', submitButtonText: '', active: true, fields: [field('a', 'A')] },
      editor: null,
    });
  });

  it('works without storage', () => {
    saveBuilderDraft(null, 'package', 'p1', { form, editor: null });
    expect(loadBuilderDraft(null, 'package', 'p1')).toBeNull();
    const throwing = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('blocked'); } };
    expect(() => saveBuilderDraft(throwing, 'package', 'p1', { form, editor: null })).not.toThrow();
    expect(loadBuilderDraft(throwing, 'package', 'p1')).toBeNull();
    expect(() => clearBuilderDraft(throwing, 'package', 'p1')).not.toThrow();
  });
});
