// Field pieces the catalogue admin forms share beyond the UI kit: a labelled text area and a
// checkbox.
import { useId } from 'react';

export function TextAreaField({ label, name, value, onChange, error, rows = 3 }: { label: string; name: string; value: string; onChange: (v: string) => void; error?: string; rows?: number }) {
  const id = `area-${useId()}`;
  const errorId = `${id}-error`;
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      <textarea id={id} name={name} rows={rows} className="field__control" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckField({ label, name, checked, onChange }: { label: string; name: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="kit__check">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
