// A labelled native <select> with an optional placeholder option and an error tied to it.
import { useId } from 'react';
import type { Ref, SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, options, placeholder, error, id, className, ...rest }: SelectFieldProps) {
  const auto = useId();
  const selectId = id ?? `select-${auto}`;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedBy = [rest['aria-describedby'], errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={selectId}>
          {label}
        </label>
        {rest.required && (
          <span aria-hidden="true" className="field__required">
            *
          </span>
        )}
      </div>
      <select {...rest} id={selectId} className="field__control field__control--select" aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
