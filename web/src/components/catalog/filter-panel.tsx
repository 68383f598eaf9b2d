// Show/Hide Filters and the reset button "when any filter is active". The panel holds the
// screen's own selects.
//
// One rule for every list: the filters start hidden, so the results are
// the first thing on a phone, unless the page opens with a filter already set (a shared or
// restored link), which then shows. The person's Show/Hide choice holds while they stay.
import { useId, useState } from 'react';
import type { ReactNode } from 'react';

export interface FilterPanelProps {
  /** Any filter (or the search) differs from its default: the reset button shows. */
  active: boolean;
  /** Any of the panel's own filters is set (not the search): the panel opens with them showing. */
  filtersSet: boolean;
  onReset: () => void;
  children: ReactNode;
}

export const RESET_LABEL = 'Reset Filters';
const SHOW_FILTERS = 'Show Filters';
const HIDE_FILTERS = 'Hide Filters';

export function FilterPanel({ active, filtersSet, onReset, children }: FilterPanelProps) {
  const panelId = `filters-${useId()}`;
  const [open, setOpen] = useState(filtersSet);
  return (
    <div className="catalog-filters">
      <div className="catalog-filters__bar">
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
          {open ? HIDE_FILTERS : SHOW_FILTERS}
        </button>
        {active && (
          <button type="button" className="btn btn--ghost btn--small" onClick={onReset}>
            {RESET_LABEL}
          </button>
        )}
      </div>
      <div id={panelId} className="catalog-filters__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
