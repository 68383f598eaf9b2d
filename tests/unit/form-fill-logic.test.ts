// The public fill-in's rules.
import { describe, expect, it } from 'vitest';
import { FILL_TEXTS, emptyAnswer, fillOutcome, initialAnswers, isFormType, submitProblem, toStoredAnswers, toggleOption } from '../../web/src/screens/form-fill/form-fill-logic.ts';
import type { FormField } from '../../design-docs/src/schemas/form.ts';

const field = (over: Partial<FormField> & Pick<FormField, 'type' | 'label'>): FormField => ({ id: over.label, required: false, ...over });
const FIELDS: FormField[] = [
  field({ type: 'text', label: 'Full name', required: true }),
  field({ type: 'email', label: 'Email', required: true }),
  field({ type: 'number', label: 'Seats' }),
  field({ type: 'select', label: 'Island', options: ['Trinidad', 'Tobago'], required: true }),
  field({ type: 'checkbox', label: 'Extras', options: ['Cooler', 'Flags', 'Rags'], required: true }),
  field({ type: 'checkbox', label: 'I agree', required: true }),
  field({ type: 'textarea', label: 'Notes' }),
  field({ type: 'date', label: 'Arrival' }),
];

describe('route and load outcomes', () => {
  it('only package and ride are form types', () => {
    expect(isFormType('package')).toBe(true);
    expect(isFormType('ride')).toBe(true);
    expect(isFormType('event')).toBe(false);
    expect(isFormType(undefined)).toBe(false);
  });

  it('a missing or inactive target is named by its type', () => {
    expect(fillOutcome('package', { target: null, form: { active: true } }, false)).toEqual({ kind: 'error', message: FILL_TEXTS.packageGone });
    expect(fillOutcome('ride', { target: { active: false }, form: { active: true } }, true)).toEqual({ kind: 'error', message: 'Ride package not found or is no longer active' });
  });

  it('no form: the admin text for admins, unavailable for members; inactive forms only for admins', () => {
    expect(fillOutcome('ride', { target: { active: true }, form: null }, true)).toEqual({ kind: 'error', message: 'No form has been created for this item yet' });
    expect(fillOutcome('ride', { target: { active: true }, form: null }, false)).toEqual({ kind: 'error', message: 'This form is currently unavailable' });
    expect(fillOutcome('ride', { target: { active: true }, form: { active: false } }, false)).toEqual({ kind: 'error', message: 'This form is currently unavailable' });
    expect(fillOutcome('ride', { target: { active: true }, form: { active: false } }, true)).toEqual({ kind: 'ready' });
    expect(fillOutcome('package', { target: { active: true }, form: { active: true } }, false)).toEqual({ kind: 'ready' });
  });
});

describe('answers', () => {
  it('start empty by type: a group as a list, a single box as false, others as text', () => {
    expect(initialAnswers(FIELDS, null)).toEqual({ 'Full name': '', Email: '', Seats: '', Island: '', Extras: [], 'I agree': false, Notes: '', Arrival: '' });
    expect(emptyAnswer(field({ type: 'checkbox', label: 'x', options: ['a', 'b'], defaultValue: ['b', 'zz'] }))).toEqual(['b']);
  });

  it('a draft is merged in; values of the wrong shape and removed fields are dropped', () => {
    const draft = { 'Full name': 'Ana', Extras: 'Cooler', Gone: 'x', 'I agree': true };
    expect(initialAnswers(FIELDS, draft)).toMatchObject({ 'Full name': 'Ana', Extras: [], 'I agree': true });
    expect(initialAnswers(FIELDS, draft)).not.toHaveProperty('Gone');
  });

  it('ticking options keeps the form order', () => {
    const opts = ['Cooler', 'Flags', 'Rags'];
    expect(toggleOption(opts, ['Rags'], 'Cooler', true)).toEqual(['Cooler', 'Rags']);
    expect(toggleOption(opts, ['Cooler', 'Rags'], 'Cooler', false)).toEqual(['Rags']);
    expect(toggleOption(opts, 'junk', 'Flags', true)).toEqual(['Flags']);
  });

  it('stored answers: trimmed text and numbers as numbers', () => {
    const stored = toStoredAnswers(FIELDS, { ...initialAnswers(FIELDS, null), 'Full name': '  Ana  ', Seats: '3', Extras: ['Flags'] });
    expect(stored).toMatchObject({ 'Full name': 'Ana', Seats: 3, Extras: ['Flags'], Notes: '' });
  });
});

describe('submit problems', () => {
  const full = { 'Full name': 'Ana', Email: 'ana@example.com', Seats: 2, Island: 'Tobago', Extras: ['Flags'], 'I agree': true, Notes: '', Arrival: '' };

  it('every missing required label, in form order, in the spec message', () => {
    expect(submitProblem(FIELDS, toStoredAnswers(FIELDS, initialAnswers(FIELDS, null)))).toBe(
      'Please fill in the following required fields: Full name, Email, Island, Extras, I agree',
    );
    expect(submitProblem(FIELDS, { ...full, 'Full name': '   ', Extras: [] })).toBe('Please fill in the following required fields: Full name, Extras');
  });

  it('a bad e-mail or number stops it; a full form goes', () => {
    expect(submitProblem(FIELDS, { ...full, Email: 'ana@' })).toBe('Please enter a valid email address in: Email');
    expect(submitProblem(FIELDS, { ...full, Seats: 'two' })).toBe('Please enter a number in: Seats');
    expect(submitProblem(FIELDS, full)).toBeNull();
  });
});
