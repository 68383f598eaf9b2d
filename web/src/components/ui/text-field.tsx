// A labelled input: a real <label>, the hint and error tied to the input by aria-describedby.
import { useId } from 'react';
import type { InputHTMLAttributes, Ref } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, id, className, ...rest }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? `field-${auto}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [rest['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        {rest.required && (
          <span aria-hidden="true" className="field__required">
            *
          </span>
        )}
      </div>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <input {...rest} id={inputId} className="field__control" aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
