// Show/Hide Filters and the reset button "when any filter is active" (member-and-public
// section 2). The panel holds the screen's own selects.
import { useId } from 'react';
import type { ReactNode } from 'react';

export interface FilterPanelProps {
  /** Only for a collapsible panel. */
  open?: boolean;
  onToggle?: () => void;
  /** Any filter (or the search) differs from its default: the reset button shows. */
  active: boolean;
  onReset: () => void;
  children: ReactNode;
  /** Render the toggle (lists with few filters show them always). Default true. */
  collapsible?: boolean;
}

export const RESET_LABEL = 'Reset Filters';

export function FilterPanel({ open = true, onToggle, active, onReset, children, collapsible = true }: FilterPanelProps) {
  const panelId = `filters-${useId()}`;
  const shown = !collapsible || open;
  return (
    <div className="catalog-filters">
      <div className="catalog-filters__bar">
        {collapsible && (
          <button type="button" className="btn btn--secondary btn--small" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
            {open ? 'Hide Filters' : 'Show Filters'}
          </button>
        )}
        {active && (
          <button type="button" className="btn btn--ghost btn--small" onClick={onReset}>
            {RESET_LABEL}
          </button>
        )}
      </div>
      <div id={panelId} className="catalog-filters__panel" hidden={!shown}>
        {children}
      </div>
    </div>
  );
}
