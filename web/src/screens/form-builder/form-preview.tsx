// The live Form Preview: the form as members will see it, every control disabled. Required fields
// carry a *, text areas have 3 rows here (4 on the public form), and a checkbox without options
// (older forms) is one box labelled with its placeholder or label.
import type { FormField } from '../../../../design-docs/src/schemas/form.ts';
import type { FormDraft } from '../../data/repos/admin-forms.ts';
import { submitText } from './field-rules.ts';
import { PREVIEW_EMPTY, SELECT_PLACEHOLDER } from './builder-texts.ts';

export function FormPreview({ form }: { form: FormDraft }) {
  return (
    <section className="admin-panel fb-preview" aria-labelledby="fb-preview-title" data-testid="form-preview">
      <h2 id="fb-preview-title">Form Preview</h2>
      <div className="fb-preview__form">
        {form.title.trim() && <h3 className="fb-preview__title">{form.title}</h3>}
        {form.description.trim() && <p className="fb-preview__description">{form.description}</p>}
        {form.fields.length === 0 ? (
          <p className="fb-empty">{PREVIEW_EMPTY}</p>
        ) : (
          form.fields.map((field) => <PreviewField key={field.id} field={field} />)
        )}
        <button type="button" className="btn btn--primary" disabled>
          {submitText(form)}
        </button>
      </div>
    </section>
  );
}

function Required({ field }: { field: FormField }) {
  if (!field.required) return null;
  return (
    <span className="field__required" aria-hidden="true">
      {' '}*
    </span>
  );
}

function PreviewField({ field }: { field: FormField }) {
  const id = `fb-preview-${field.id}`;
  const placeholder = field.placeholder ?? undefined;
  if (field.type === 'checkbox') {
    const options = field.options ?? [];
    if (options.length === 0) {
      return (
        <label className="fb-check" data-testid="preview-field">
          <input type="checkbox" disabled required={field.required} />
          {field.placeholder || field.label}
          <Required field={field} />
        </label>
      );
    }
    return (
      <fieldset className="fb-preview__group" data-testid="preview-field">
        <legend className="field__label">
          {field.label}
          <Required field={field} />
        </legend>
        {options.map((option) => (
          <label key={option} className="fb-check">
            <input type="checkbox" disabled />
            {option}
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <div className="field" data-testid="preview-field">
      <label className="field__label" htmlFor={id}>
        {field.label}
        <Required field={field} />
      </label>
      {field.type === 'select' ? (
        <select id={id} className="field__control field__control--select" disabled required={field.required} defaultValue="">
          <option value="">{field.placeholder || SELECT_PLACEHOLDER}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : field.type === 'textarea' ? (
        <textarea id={id} className="field__control" rows={3} disabled required={field.required} placeholder={placeholder} />
      ) : (
        <input id={id} className="field__control" type={field.type} disabled required={field.required} placeholder={placeholder} />
      )}
    </div>
  );
}
