// The grid/list toggle of the Fete Guide and the bands list: two pressed-state buttons.
export type ListView = 'grid' | 'list';

export function ViewToggle({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  return (
    <div className="view-toggle" role="group" aria-label="Layout">
      <button type="button" className="view-toggle__button" aria-pressed={view === 'grid'} onClick={() => onChange('grid')}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
          <rect x="3" y="3" width="7" height="7" rx="1" />
          <rect x="14" y="3" width="7" height="7" rx="1" />
          <rect x="3" y="14" width="7" height="7" rx="1" />
          <rect x="14" y="14" width="7" height="7" rx="1" />
        </svg>
        <span>Grid</span>
      </button>
      <button type="button" className="view-toggle__button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
          <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
        </svg>
        <span>List</span>
      </button>
    </div>
  );
}
