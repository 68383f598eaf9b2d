// The UI primitives render accessible markup: labels tied to controls, errors and hints
// described, busy buttons disabled, alerts only when there is something to say.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, FormError, SelectField, Spinner, TextField, ToastProvider, VisuallyHidden } from '../../web/src/components/ui/index.ts';

const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);
const attr = (markup: string, tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(markup)?.[1];

describe('Button', () => {
  it('is a type=button with its variant', () => {
    const out = html(createElement(Button, { variant: 'danger' }, 'Delete'));
    expect(out).toContain('type="button"');
    expect(out).toContain('btn--danger');
    expect(out).not.toContain('aria-busy');
  });
  it('is disabled and aria-busy with a spinner while busy', () => {
    const out = html(createElement(Button, { busy: true, type: 'submit' }, 'Save'));
    expect(out).toContain('type="submit"');
    expect(out).toMatch(/<button[^>]*disabled=""/);
    expect(out).toContain('aria-busy="true"');
    expect(out).toContain('class="spinner spinner--sm"');
  });
});

describe('TextField', () => {
  it('ties the label, hint and error to the input', () => {
    const out = html(createElement(TextField, { label: 'Email', hint: 'We never share it', error: 'Please enter your email address', required: true }));
    const id = attr(out, 'input', 'id');
    expect(id).toBeTruthy();
    expect(attr(out, 'label', 'for')).toBe(id);
    expect(out).toMatch(/<label[^>]*>Email<\/label>/);
    expect(attr(out, 'input', 'aria-invalid')).toBe('true');
    expect(attr(out, 'input', 'aria-describedby')).toBe(`${id}-hint ${id}-error`);
    expect(out).toContain(`id="${id}-error"`);
    expect(out).toContain('Please enter your email address');
  });
  it('has no aria-invalid or description without them', () => {
    const out = html(createElement(TextField, { label: 'Locality', id: 'loc' }));
    expect(attr(out, 'input', 'id')).toBe('loc');
    expect(out).not.toContain('aria-invalid');
    expect(out).not.toContain('aria-describedby');
  });
});

describe('SelectField', () => {
  it('renders the placeholder, the options and a disabled one', () => {
    const out = html(
      createElement(SelectField, {
        label: 'Membership',
        placeholder: 'Choose one',
        error: 'Required',
        options: [
          { value: 'gold', label: 'Gold' },
          { value: 'premium', label: 'Premium (coming soon)', disabled: true },
        ],
      }),
    );
    const id = attr(out, 'select', 'id');
    expect(attr(out, 'label', 'for')).toBe(id);
    expect(out).toContain('<option value="">Choose one</option>');
    expect(out).toContain('<option value="premium" disabled="">Premium (coming soon)</option>');
    expect(attr(out, 'select', 'aria-describedby')).toBe(`${id}-error`);
  });
});

describe('FormError, Spinner, VisuallyHidden, ToastProvider', () => {
  it('FormError is an alert only with a message', () => {
    expect(html(createElement(FormError, { message: null }))).toBe('');
    expect(html(createElement(FormError, { message: 'Failed to sign in' }))).toBe('<p class="form-error" role="alert">Failed to sign in</p>');
  });
  it('Spinner announces its label', () => {
    expect(html(createElement(Spinner, { label: 'Loading...' }))).toContain('role="status"');
    expect(html(createElement(Spinner, {}))).toContain('aria-hidden="true"');
  });
  it('VisuallyHidden keeps text for screen readers', () => {
    expect(html(createElement(VisuallyHidden, null, 'hi'))).toBe('<span class="visually-hidden">hi</span>');
  });
  it('the toast regions exist before any toast: polite and assertive', () => {
    const out = html(createElement(ToastProvider, null, createElement('p', null, 'app')));
    expect(out).toContain('<p>app</p>');
    expect(out).toContain('role="status" aria-live="polite"');
    expect(out).toContain('role="alert" aria-live="assertive"');
  });
});
