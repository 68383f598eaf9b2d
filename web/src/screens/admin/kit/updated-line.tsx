// Who changed what (ADR 030): "Updated {when} by {name}" under an admin row. Nothing for an
// item no admin has written since (old seed data has no updated_by).
import { useEffect, useState } from 'react';
import { useDataLayer } from '../../../data/react.ts';
import { byText, updatedOf, updatedText } from './updated-logic.ts';
import './updated-line.css';

/** `nameOnly`: "by Jane Admin" alone, where the date is shown already. */
export function UpdatedLine({ doc, nameOnly = false }: { doc: object; nameOnly?: boolean }) {
  const data = useDataLayer();
  const updated = updatedOf(doc);
  const by = updated?.by ?? null;
  // undefined while looking the name up; null when there is none to find.
  const [name, setName] = useState<{ id: string; name: string | null } | undefined>(undefined);

  useEffect(() => {
    if (by === null) return;
    let live = true;
    // Offline or refused: the line goes without a name rather than a wrong one.
    data.admin.names.nameOf(by).then(
      (found) => live && setName({ id: by, name: found }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [data, by]);

  if (!updated) return null;
  const known = name?.id === updated.by ? name.name : undefined;
  const text = nameOnly ? byText(known).trim() : updatedText(updated.at, known);
  if (text === '') return null;
  return (
    <p className="updated-line" data-testid="updated-line">
      {text}
    </p>
  );
}
