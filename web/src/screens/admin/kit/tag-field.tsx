// Sizes, colours and services, typed one at a time: Add (or Enter) adds
// the trimmed text unless it is blank or already there; each tag has its remove button.
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/index.ts';
import { addTag, removeTag, tagPreview } from './kit-logic.ts';

export function TagField({ label, name, values, onChange, placeholder, suggestions }: { label: string; name: string; values: readonly string[]; onChange: (next: string[]) => void; placeholder?: string; suggestions?: readonly string[] }) {
  const id = `tags-${useId()}`;
  const listId = `${id}-suggestions`;
  const [typed, setTyped] = useState('');
  const add = () => {
    onChange(addTag(values, typed));
    setTyped('');
  };
  return (
    <div className="field kit__wide">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      <div className="admin-actions">
        <input
          id={id}
          name={name}
          className="field__control kit-tags__input"
          value={typed}
          placeholder={placeholder}
          list={suggestions ? listId : undefined}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the tag rather than submitting the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} aria-label={`Add ${label.toLowerCase()}`}>
          Add
        </Button>
        {suggestions && (
          // Offered, not imposed: a service the list lacks can still be typed.
          <datalist id={listId}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
      </div>
      {values.length > 0 && (
        <ul className="kit-tags" aria-label={`${label} added`}>
          {values.map((v) => (
            <li key={v}>
              {v}
              <button type="button" className="kit-tags__remove" aria-label={`Remove ${v}`} onClick={() => onChange(removeTag(values, v))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A card's tags: three, then '+N'. */
export function TagPreview({ label, values }: { label: string; values: readonly string[] | null | undefined }) {
  const { shown, more } = tagPreview(values);
  if (shown.length === 0) return null;
  return (
    <ul className="kit-tags" aria-label={label}>
      {shown.map((v) => (
        <li key={v}>{v}</li>
      ))}
      {more && <li>{more}</li>}
    </ul>
  );
}
