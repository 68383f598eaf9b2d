// One field of a custom form, by type (admin spec, "Public form fill-in"). The required
// attribute is set for assistive technology and the browser; the form itself does the checking
// (noValidate), so every missing label is named at once.
import { FIELD_LIMITS } from '../../../../design-docs/src/field-limits.js';
import type { FormField } from '../../../../design-docs/src/schemas/form.ts';
import type { AnswerValue } from '../../../../design-docs/src/schemas/form-answers.ts';
import { VisuallyHidden } from '../ui/index.ts';
import { SELECT_AN_OPTION, hasOptions, toggleOption } from './field-values.ts';
import './custom-form.css';

export interface FormFieldInputProps {
  field: FormField;
  index: number;
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
  disabled?: boolean;
  /** Textarea rows: 4 on the public form, 3 in the builder's preview. */
  rows?: number;
  idPrefix?: string;
}

function Marker({ required }: { required: boolean }) {
  return required ? (
    <span className="fill-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

export function FormFieldInput({ field, index, value, onChange, disabled = false, rows = 4, idPrefix = 'fill' }: FormFieldInputProps) {
  const id = `${idPrefix}-field-${index}`;
  const required = field.required === true;
  const placeholder = field.placeholder?.trim() || undefined;
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

  if (field.type === 'checkbox' && hasOptions(field)) {
    const options = field.options ?? [];
    return (
      <fieldset className="fill-field fill-field--group">
        <legend className="fill-field__label">
          {field.label}
          <Marker required={required} />
          {/* A group has no required state of its own: say it in its name. */}
          {required && <VisuallyHidden> (required)</VisuallyHidden>}
        </legend>
        {options.map((option, i) => (
          <label key={option} className="fill-check">
            <input
              type="checkbox"
              id={`${id}-${i}`}
              checked={Array.isArray(value) && value.includes(option)}
              disabled={disabled}
              onChange={(e) => onChange(toggleOption(options, value, option, e.currentTarget.checked))}
            />
            <span>{option}</span>
          </label>
        ))}
      </fieldset>
    );
  }

  if (field.type === 'checkbox') {
    // A single box: a yes/no answer, labelled with its placeholder or its label.
    return (
      <div className="fill-field">
        <label className="fill-check">
          <input type="checkbox" id={id} checked={value === true} required={required} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} />
          <span>
            {placeholder ?? field.label}
            <Marker required={required} />
          </span>
        </label>
      </div>
    );
  }

  const label = (
    <label className="fill-field__label" htmlFor={id}>
      {field.label}
      <Marker required={required} />
    </label>
  );

  if (field.type === 'select') {
    return (
      <div className="fill-field">
        {label}
        <select id={id} className="fill-input" value={text} required={required} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{placeholder ?? SELECT_AN_OPTION}</option>
          {(field.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
    );
  }

  if (field.type === 'textarea') {
    return (
      <div className="fill-field">
        {label}
        <textarea
          id={id}
          className="fill-input"
          rows={rows}
          value={text}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          maxLength={FIELD_LIMITS.text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      </div>
    );
  }

  const inputType = field.type === 'email' || field.type === 'number' || field.type === 'date' ? field.type : 'text';
  return (
    <div className="fill-field">
      {label}
      <input
        id={id}
        className="fill-input"
        type={inputType}
        value={text}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        maxLength={inputType === 'text' || inputType === 'email' ? FIELD_LIMITS.text : undefined}
        inputMode={inputType === 'number' ? 'decimal' : undefined}
        step={inputType === 'number' ? 'any' : undefined}
        autoComplete={inputType === 'email' ? 'email' : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}
