// The Form Fields card: Add Field, the list of fields with their row buttons, and the field
// editor. Focus follows the admin: into the editor when it opens, back to the row or to Add Field
// when it closes, and onto the moved field's button after a move.
import { useEffect, useRef, useState } from 'react';
import type { FormField } from '../../../../../design-docs/src/schemas/form.ts';
import { Button } from '../../../components/ui/index.ts';
import {
  FIELD_TYPE_LABELS,
  canMoveDown,
  canMoveUp,
  commitField,
  deleteField,
  editorFromField,
  fieldFromEditor,
  hasOptions,
  moveField,
  newFieldEditor,
  optionCountText,
} from './field-logic.ts';
import type { FieldEditor } from './field-logic.ts';
import { NO_FIELDS } from './builder-texts.ts';
import { FieldEditorPanel } from './field-editor.tsx';

export interface FormFieldsCardProps {
  fields: readonly FormField[];
  editor: FieldEditor | null;
  onChange(fields: FormField[], editor: FieldEditor | null): void;
  onEditor(editor: FieldEditor | null): void;
}

/** The element to focus once React has drawn the change. */
type FocusTarget = { id: string } | null;

export function FormFieldsCard({ fields, editor, onChange, onEditor }: FormFieldsCardProps) {
  const [focus, setFocus] = useState<FocusTarget>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focus) return;
    const el = document.getElementById(focus.id);
    (el ?? addRef.current)?.focus();
    setFocus(null);
  }, [focus]);

  const closeEditor = (fieldsAfter: FormField[], closed: FieldEditor) => {
    onChange(fieldsAfter, null);
    setFocus({ id: closed.editing ? `fb-edit-${closed.id}` : 'fb-add-field' });
  };

  const move = (index: number, direction: 'up' | 'down') => {
    const field = fields[index];
    if (!field) return;
    const next = moveField(fields, index, direction);
    onChange(next, editor);
    const at = next.findIndex((f) => f.id === field.id);
    // Stay on the same button unless it has just become disabled (first or last row).
    const same = direction === 'up' ? canMoveUp(at) : canMoveDown(at, next.length);
    const which = same ? direction : direction === 'up' ? 'down' : 'up';
    setFocus({ id: `fb-${which}-${field.id}` });
  };

  const remove = (field: FormField) => {
    // Deleting the field being edited closes its editor too.
    onChange(deleteField(fields, field.id), editor?.id === field.id ? null : editor);
    setFocus({ id: 'fb-add-field' });
  };

  return (
    <section className="admin-panel" aria-labelledby="fb-fields-title">
      <div className="fb-card-header">
        <h2 id="fb-fields-title">Form Fields</h2>
        <Button id="fb-add-field" ref={addRef} variant="secondary" disabled={editor !== null} onClick={() => onEditor(newFieldEditor(crypto.randomUUID()))}>
          Add Field
        </Button>
      </div>

      {editor && (
        <FieldEditorPanel
          editor={editor}
          fields={fields}
          onEditor={onEditor}
          onCancel={() => closeEditor([...fields], editor)}
          onSave={(done) => closeEditor(commitField(fields, fieldFromEditor(done)), done)}
        />
      )}

      {fields.length === 0 ? (
        <p className="fb-empty">{NO_FIELDS}</p>
      ) : (
        <ol className="fb-rows">
          {fields.map((field, index) => (
            <li key={field.id} className="fb-row">
              <div className="fb-row__text">
                <span className="fb-row__label">{field.label}</span>
                <span className="fb-row__meta">
                  {FIELD_TYPE_LABELS[field.type]}
                  {field.required && ' (required)'}
                  {hasOptions(field.type) && (field.options?.length ?? 0) > 0 && ` · ${optionCountText(field.options?.length ?? 0)}`}
                </span>
              </div>
              <div className="fb-row__actions">
                <Button
                  id={`fb-up-${field.id}`}
                  variant="ghost"
                  className="btn--small"
                  aria-label={`Move ${field.label} up`}
                  disabled={!canMoveUp(index)}
                  onClick={() => move(index, 'up')}
                >
                  <span aria-hidden="true">↑</span>
                </Button>
                <Button
                  id={`fb-down-${field.id}`}
                  variant="ghost"
                  className="btn--small"
                  aria-label={`Move ${field.label} down`}
                  disabled={!canMoveDown(index, fields.length)}
                  onClick={() => move(index, 'down')}
                >
                  <span aria-hidden="true">↓</span>
                </Button>
                <Button
                  id={`fb-edit-${field.id}`}
                  variant="secondary"
                  className="btn--small"
                  aria-label={`Edit ${field.label}`}
                  disabled={editor !== null}
                  onClick={() => onEditor(editorFromField(field))}
                >
                  Edit
                </Button>
                <Button variant="danger" className="btn--small" aria-label={`Delete ${field.label}`} onClick={() => remove(field)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
