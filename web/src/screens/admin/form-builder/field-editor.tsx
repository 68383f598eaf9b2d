// The field editor: Field Type, Label, Placeholder (not for checkboxes), the options (dropdown: a
// text area, one per line; checkbox: typed and added one at a time) and Required field. Save Field
// checks the field with the shared rules and shows the message where the problem is.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import type { FormField } from '../../../../../design-docs/src/schemas/form.ts';
import { Button, FormError, SelectField, TextField } from '../../../components/ui/index.ts';
import { FIELD_TYPE_OPTIONS, fieldProblem, isFieldType, withFieldType, withNewOptionAdded, withOptionRemoved, withOptionsText } from './field-logic.ts';
import type { FieldEditor, FieldProblem } from './field-logic.ts';
import { NO_OPTIONS, SINGLE_CHECKBOX_HINT } from './builder-texts.ts';

export interface FieldEditorPanelProps {
  editor: FieldEditor;
  fields: readonly FormField[];
  onEditor(editor: FieldEditor): void;
  onCancel(): void;
  onSave(editor: FieldEditor): void;
}

export function FieldEditorPanel({ editor, fields, onEditor, onCancel, onSave }: FieldEditorPanelProps) {
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const typeRef = useRef<HTMLSelectElement>(null);
  const set = (next: FieldEditor) => {
    setProblem(null);
    onEditor(next);
  };

  // Opening the editor (a new field or another one) puts the admin in its first control.
  useEffect(() => {
    typeRef.current?.focus();
  }, [editor.id]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = fieldProblem(editor, fields);
    setProblem(found);
    if (!found) onSave(editor);
  };

  const optionsError = problem?.at === 'options' ? problem.message : undefined;
  const title = editor.editing ? 'Edit Field' : 'Add Field';

  return (
    <form className="fb-editor" aria-labelledby="fb-editor-title" onSubmit={submit} noValidate>
      <h3 id="fb-editor-title">{title}</h3>
      <SelectField
        ref={typeRef}
        label="Field Type"
        options={FIELD_TYPE_OPTIONS}
        value={editor.type}
        onChange={(e) => {
          if (isFieldType(e.target.value)) set(withFieldType(editor, e.target.value));
        }}
      />
      <TextField
        label="Label"
        value={editor.label}
        required
        error={problem?.at === 'label' ? problem.message : undefined}
        onChange={(e) => set({ ...editor, label: e.target.value })}
      />
      {editor.type !== 'checkbox' && (
        <TextField label="Placeholder" value={editor.placeholder} onChange={(e) => set({ ...editor, placeholder: e.target.value })} />
      )}
      {editor.type === 'select' && <DropdownOptions editor={editor} error={optionsError} onEditor={set} />}
      {editor.type === 'checkbox' && <CheckboxOptions editor={editor} error={optionsError} onEditor={set} />}
      <label className="fb-check">
        <input type="checkbox" checked={editor.required} onChange={(e) => set({ ...editor, required: e.target.checked })} />
        Required field
      </label>
      <FormError message={problem?.at === 'field' ? problem.message : null} />
      <div className="admin-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Save Field</Button>
      </div>
    </form>
  );
}

interface OptionsProps {
  editor: FieldEditor;
  error: string | undefined;
  onEditor(editor: FieldEditor): void;
}

function DropdownOptions({ editor, error, onEditor }: OptionsProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor="fb-dropdown-options">
        Options (one per line)
      </label>
      <textarea
        id="fb-dropdown-options"
        className="field__control"
        rows={4}
        value={editor.optionsText}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'fb-options-error' : undefined}
        onChange={(e) => onEditor(withOptionsText(editor, e.target.value))}
      />
      {error && (
        <p className="field__error" id="fb-options-error">
          {error}
        </p>
      )}
    </div>
  );
}

function CheckboxOptions({ editor, error, onEditor }: OptionsProps) {
  const add = () => onEditor(withNewOptionAdded(editor));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the option; it must not save the whole field.
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };
  return (
    <fieldset className={`fb-options${error ? ' field--invalid' : ''}`} aria-describedby={error ? 'fb-options-error' : undefined}>
      <legend className="field__label">Options</legend>
      {editor.options.length === 0 ? (
        <>
          <p className="fb-empty">{NO_OPTIONS}</p>
          <p className="field__hint">{SINGLE_CHECKBOX_HINT}</p>
        </>
      ) : (
        <ul className="fb-option-list">
          {editor.options.map((option, index) => (
            <li key={option}>
              <span>{option}</span>
              <Button
                variant="ghost"
                className="btn--small"
                aria-label={`Remove option ${option}`}
                onClick={() => onEditor(withOptionRemoved(editor, index))}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="fb-option-add">
        <TextField label="New option" value={editor.newOption} onKeyDown={onKeyDown} onChange={(e) => onEditor({ ...editor, newOption: e.target.value })} />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
      {error && (
        <p className="field__error" id="fb-options-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
