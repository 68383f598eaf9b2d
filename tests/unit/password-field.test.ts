// The one password input of sign-in, sign-up, the reset link and Settings: a password manager
// reads `autocomplete` to fill the one a person has and to offer a new one where they choose it,
// and the field's problem is read from the form's problems by its name.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PasswordField } from '../../web/src/components/form/password-field.tsx';
import type { FormProblems } from '../../web/src/components/form/form-validation.ts';

const attr = (markup: string, name: string) => new RegExp(`<input[^>]*\\s${name}="([^"]*)"`).exec(markup)?.[1];
const render = (props: Partial<Parameters<typeof PasswordField>[0]>) =>
  renderToStaticMarkup(createElement(PasswordField, { label: 'Password', name: 'password', purpose: 'current', value: '', onValue: () => {}, problems: null, ...props }));

describe('PasswordField', () => {
  it('is a required password input: current-password for the one a person has, new-password for one they choose', () => {
    const current = render({ purpose: 'current' });
    expect(attr(current, 'type')).toBe('password');
    expect(attr(current, 'autoComplete') ?? attr(current, 'autocomplete')).toBe('current-password');
    expect(current).toMatch(/<input[^>]*required=""/);
    expect(attr(current, 'name')).toBe('password');
    const chosen = render({ purpose: 'new', name: 'confirm_password', label: 'Confirm new password' });
    expect(attr(chosen, 'autoComplete') ?? attr(chosen, 'autocomplete')).toBe('new-password');
    expect(chosen).toMatch(/<label[^>]*>Confirm new password<\/label>/);
  });

  it("shows its own problem from the form's, and Required when it was left empty", () => {
    const problems: FormProblems = { message: 'Please fix the marked fields', fields: { password: 'At least 6 characters', current_password: 'Please fix the marked fields' }, first: 'password' };
    const short = render({ name: 'password', value: 'abc', problems });
    expect(attr(short, 'aria-invalid')).toBe('true');
    expect(short).toContain('At least 6 characters');
    const empty = render({ name: 'current_password', value: '', problems });
    expect(empty).toContain('>Required<');
    const fine = render({ name: 'confirm_password', value: 'abcdef', problems });
    expect(attr(fine, 'aria-invalid')).toBeUndefined();
  });

  it('says its hint', () => {
    expect(render({ purpose: 'new', hint: 'At least 6 characters.' })).toContain('At least 6 characters.');
  });
});
