// The search box of every catalogue list: a real (visually hidden) label, the spec's placeholder,
// and a clear button. Filtering happens as the person types, just after the typed text has painted.
import { useId } from 'react';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import { useTypedSearch } from './use-typed-search.ts';

export interface SearchFieldProps {
  /** The accessible name, e.g. "Search events". */
  label: string;
  /** The spec's text, e.g. 'Search events...'. */
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  const id = `search-${useId()}`;
  const typed = useTypedSearch(value, onChange);
  return (
    <div className="catalog-search" role="search">
      <label htmlFor={id}>
        <VisuallyHidden>{label}</VisuallyHidden>
      </label>
      <svg className="catalog-search__icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5" />
      </svg>
      <input
        id={id}
        type="search"
        className="catalog-search__input"
        placeholder={placeholder}
        value={typed.value}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(e) => typed.change(e.target.value)}
      />
      {typed.value !== '' && (
        <button type="button" className="catalog-search__clear" onClick={() => typed.change('')}>
          <VisuallyHidden>Clear search</VisuallyHidden>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
