// What another admin saved meanwhile, shown in a row's edit form above the fields (ADR 028).
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/index.ts';
import { conflictGoneMessage, conflictMessage, differingFields } from './conflict-logic.ts';
import type { KitPage } from './kit-page.ts';

interface ConflictPanelProps<T extends { id: string }, D, I> {
  page: KitPage<T, D, I>;
  draft: D;
  theirs: T | null;
  onUseTheirs(): void;
}

/**
 * What another admin saved meanwhile: the fields where their version differs from the admin's
 * draft, with 'Keep my changes' (this form's submit: saves the draft over their version) and
 * 'Use theirs'. Focus comes here so a keyboard or screen reader user meets it first.
 */
export function ConflictPanel<T extends { id: string }, D, I>({ page, draft, theirs, onUseTheirs }: ConflictPanelProps<T, D, I>) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEffect(() => ref.current?.focus(), [theirs]);
  const differences = theirs ? differingFields(draft as object, page.draftOf(theirs) as object, page.fieldLabels) : [];
  return (
    <div ref={ref} className="kit-conflict" role="alert" tabIndex={-1} aria-labelledby={headingId} data-testid="conflict">
      <h3 id={headingId} className="kit-conflict__title">
        {theirs ? conflictMessage(page.texts.thing) : conflictGoneMessage(page.texts.thing)}
      </h3>
      {theirs && differences.length > 0 && (
        <>
          <p>Their version differs from yours here:</p>
          <table className="kit-conflict__table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Theirs</th>
                <th scope="col">Yours</th>
              </tr>
            </thead>
            <tbody>
              {differences.map((d) => (
                <tr key={d.field}>
                  <th scope="row">{d.label}</th>
                  <td>{d.theirs}</td>
                  <td>{d.mine}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {theirs && differences.length === 0 && <p>Their version has the same values as yours.</p>}
      <div className="admin-actions">
        {theirs && <Button type="submit">Keep my changes</Button>}
        <Button variant="secondary" onClick={onUseTheirs}>
          {theirs ? 'Use theirs' : 'Discard my changes'}
        </Button>
      </div>
    </div>
  );
}
