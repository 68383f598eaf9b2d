// Who changed what (ADR 030): "Updated {when} by {name}" under an admin row. Nothing for an
// item no admin has written since (old seed data has no updated_by).
import { useQuery } from '../../../data/hooks/use-query.ts';
import { useDataLayer } from '../../../data/react.ts';
import { byText, updatedOf, updatedText } from './updated-logic.ts';
import './updated-line.css';

/** `nameOnly`: "by Jane Admin" alone, where the date is shown already. */
export function UpdatedLine({ doc, nameOnly = false }: { doc: object; nameOnly?: boolean }) {
  const data = useDataLayer();
  const updated = updatedOf(doc);
  const by = updated?.by ?? null;
  // Offline or refused: the line goes without a name rather than a wrong one.
  const name = useQuery(() => (by === null ? Promise.resolve(null) : data.admin.names.nameOf(by)), [data, by], { enabled: by !== null });

  if (!updated) return null;
  // undefined while looking the name up (or when it could not be); null when there is none.
  const known = by === null || name.loading || name.error !== undefined ? undefined : name.data;
  const text = nameOnly ? byText(known).trim() : updatedText(updated.at, known);
  if (text === '') return null;
  return (
    <p className="updated-line" data-testid="updated-line">
      {text}
    </p>
  );
}
