// The account screens' form checks: the shared design-docs schemas with the spec's texts, the
// first problem as the form's message, and the field to focus.
import { describe, expect, it } from 'vitest';
import {
  passwordChangeFormSchema,
  resetRequestBodySchema,
  signinBodySchema,
  signupAccountSchema,
  signupBodySchema,
  signupLocationSchema,
} from '../../design-docs/src/schemas/api.ts';
import { profileLocationInputSchema, profileNameInputSchema } from '../../design-docs/src/schemas/profile.ts';
import { TERRITORIES } from '../../design-docs/src/territories.ts';
import { checkForm, fieldError, isInvalid, withoutField } from '../../web/src/components/form/form-validation.ts';

const account = { first_name: 'Keisha', last_name: 'Baptiste', email: 'keisha@example.org', password: 'secret-pass' };

describe('sign-up step 1 (Create Account)', () => {
  it('an empty step gives the spec message and focuses the first field', () => {
    const r = checkForm(signupAccountSchema, { first_name: '', last_name: '', email: '', password: '' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toBe('Please fill in all required fields');
    expect(r.first).toBe('first_name');
    expect(Object.keys(r.fields)).toEqual(['first_name', 'last_name', 'email', 'password']);
  });

  it('blank (spaces only) counts as missing', () => {
    const r = checkForm(signupAccountSchema, { ...account, last_name: '   ' });
    expect(r.ok ? null : r.message).toBe('Please fill in all required fields');
    expect(r.ok ? null : r.first).toBe('last_name');
  });

  it('a short password gives the length message', () => {
    const r = checkForm(signupAccountSchema, { ...account, password: 'abc' });
    expect(r.ok ? null : r.message).toBe('Password must be at least 6 characters long');
    expect(r.ok ? null : r.first).toBe('password');
  });

  it('a malformed e-mail is named', () => {
    const r = checkForm(signupAccountSchema, { ...account, email: 'not-an-email' });
    expect(r.ok ? null : r.message).toBe('Please enter a valid email address');
  });

  it('valid input comes back trimmed', () => {
    const r = checkForm(signupAccountSchema, { ...account, first_name: '  Keisha ' });
    expect(r.ok && r.data.first_name).toBe('Keisha');
  });
});

describe('sign-up step 2 (Profile Details)', () => {
  it('missing territory or locality gives the location message', () => {
    for (const values of [{ territory: '', locality: '' }, { territory: 'Trinidad and Tobago', locality: ' ' }, { territory: '', locality: 'Arima' }]) {
      const r = checkForm(signupLocationSchema, values);
      expect(r.ok ? null : r.message).toBe('Please fill in all location fields');
    }
  });

  it('Trinidad and Tobago is one entry of about 190 or more territories', () => {
    expect(TERRITORIES.length).toBeGreaterThanOrEqual(190);
    expect(TERRITORIES.filter((t) => t.includes('Trinidad'))).toEqual(['Trinidad and Tobago']);
    expect(TERRITORIES).not.toContain('Tobago');
    expect(checkForm(signupLocationSchema, { territory: 'Trinidad and Tobago', locality: 'Arima' }).ok).toBe(true);
  });

  it('a territory outside the list is refused', () => {
    const r = checkForm(signupLocationSchema, { territory: 'Atlantis', locality: 'Arima' });
    expect(r.ok ? null : r.message).toBe('Please choose a territory from the list');
  });

  it('the whole body is what the server checks', () => {
    expect(checkForm(signupBodySchema, { ...account, territory: 'Jamaica', locality: 'Kingston' }).ok).toBe(true);
  });
});

describe('sign-in and reset request', () => {
  it('sign-in needs an e-mail and a password, with no length rule', () => {
    expect(checkForm(signinBodySchema, { email: '', password: '' }).ok).toBe(false);
    expect(checkForm(signinBodySchema, { email: 'a@b.co', password: 'x' }).ok).toBe(true);
  });

  it('the reset request needs the e-mail', () => {
    const r = checkForm(resetRequestBodySchema, { email: '' });
    expect(r.ok ? null : r.message).toBe('Please enter your email address');
  });
});

describe('passwords (reset and Settings > Change Password)', () => {
  it('different passwords do not match, on the confirm field', () => {
    const r = checkForm(passwordChangeFormSchema, { password: 'secret-one', confirm_password: 'secret-two' });
    expect(r.ok ? null : r.message).toBe('Passwords do not match');
    expect(r.ok ? null : r.first).toBe('confirm_password');
  });

  it('the server minimum of 6 is checked before sending', () => {
    const r = checkForm(passwordChangeFormSchema, { password: 'abc', confirm_password: 'abc' });
    expect(r.ok ? null : r.message).toBe('Password must be at least 6 characters long');
  });

  it('matching passwords pass', () => {
    expect(checkForm(passwordChangeFormSchema, { password: 'secret-one', confirm_password: 'secret-one' }).ok).toBe(true);
  });
});

describe('settings profile and location', () => {
  it('names are required', () => {
    const r = checkForm(profileNameInputSchema, { first_name: 'A', last_name: '' });
    expect(r.ok ? null : r.message).toBe('Please fill in all required fields');
  });

  it('location fields are required', () => {
    const r = checkForm(profileLocationInputSchema, { territory: 'Barbados', locality: '' });
    expect(r.ok ? null : r.message).toBe('Please fill in all location fields');
  });
});

describe('field texts', () => {
  it('a blank field repeating the form message says Required; other problems keep their own text', () => {
    const r = checkForm(signupAccountSchema, { first_name: '', last_name: 'B', email: 'bad', password: '' });
    if (r.ok) throw new Error('expected problems');
    expect(r.message).toBe('Please fill in all required fields');
    expect(fieldError(r, 'first_name', '')).toBe('Required');
    expect(fieldError(r, 'email', 'bad')).toBe('Please enter a valid email address');
    expect(fieldError(r, 'password', '')).toBe('Required');
    expect(fieldError(r, 'last_name', 'B')).toBeUndefined();
    expect(isInvalid(r, 'first_name')).toBe(true);
    expect(isInvalid(r, 'last_name')).toBe(false);
    expect(fieldError(null, 'first_name', '')).toBeUndefined();
  });

  it('an edited field loses its mark at once; the message follows the fields left and goes with the last', () => {
    const r = checkForm(signupAccountSchema, { first_name: '', last_name: 'B', email: 'bad', password: '' });
    if (r.ok) throw new Error('expected problems');
    expect(r.first).toBe('first_name');
    const a = withoutField(r, 'first_name');
    expect(a).toMatchObject({ message: 'Please fill in all required fields', first: 'email' });
    expect(isInvalid(a, 'first_name')).toBe(false);
    expect(isInvalid(a, 'email')).toBe(true);
    // The last blank field filled: the required message gives way to the email's own.
    const b = withoutField(a!, 'password');
    expect(b).toMatchObject({ message: 'Please enter a valid email address', fields: { email: 'Please enter a valid email address' } });
    expect(withoutField(b!, 'last_name')).toBe(b);
    expect(withoutField(b!, 'email')).toBeNull();
  });
});
