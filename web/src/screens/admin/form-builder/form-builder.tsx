// The builder itself: Form Details, Form Fields (with the field editor), Save Form, and the live
// preview. Save checks the draft with the shared form schema first; the repository creates or
// updates the form and points the target's button at it.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, FormError, TextField, useToast } from '../../../components/ui/index.ts';
import { useDocumentTitle } from '../../../components/catalog/use-document-title.ts';
import { useDataLayer } from '../../../data/react.ts';
import { FormInvalidError } from '../../../data/repos/admin-forms.ts';
import type { AdminForm, FormDraft, FormTarget } from '../../../data/repos/admin-forms.ts';
import type { FormType } from '../../../../../design-docs/src/constants.ts';
import { DEFAULT_SUBMIT_TEXT } from '../../../../../design-docs/src/constants.ts';
import { adminListPath, formProblem } from './field-logic.ts';
import { DRAFT_RESTORED, EDITOR_OPEN, SAVE_FAILED, SAVED } from './builder-texts.ts';
import { FormFieldsCard } from './form-fields-card.tsx';
import { FormPreview } from './form-preview.tsx';
import { useBuilderDraft } from './use-builder-draft.ts';
import { useBack } from '../../../components/layout/use-back.ts';

export interface FormBuilderProps {
  type: FormType;
  targetid: string;
  target: FormTarget;
  form: AdminForm | null;
}

/** What stops Save Form: a field still open in the editor, else the draft's first problem. */
function draftProblem(form: FormDraft, editorOpen: boolean, type: FormType, targetid: string): string | null {
  return editorOpen ? EDITOR_OPEN : formProblem(form, type, targetid);
}

/** Whether a save's problem is still true of the draft (the server's own, only of that draft). */
function stillHolds(p: { message: string; form: FormDraft }, form: FormDraft, editorOpen: boolean, type: FormType, targetid: string): boolean {
  if (p.message === EDITOR_OPEN) return editorOpen;
  return p.form === form || formProblem(form, type, targetid) === p.message;
}

export function FormBuilder({ type, targetid, target, form }: FormBuilderProps) {
  const data = useDataLayer();
  const toast = useToast();
  const navigate = useNavigate();
  const state = useBuilderDraft(type, targetid, form);
  // The last save's problem, with the draft it was found in. It is shown while its cause holds:
  // an error clears as soon as the admin fixes it, and never turns into another one before the
  // next save.
  const [saveProblem, setSaveProblem] = useState<{ message: string; form: FormDraft } | null>(null);
  const editorOpen = state.editor !== null;
  const problem = saveProblem && stillHolds(saveProblem, state.form, editorOpen, type, targetid) ? saveProblem.message : null;
  const [saving, setSaving] = useState(false);
  const heading = `${form ? 'Edit Form' : 'Create Form'} for ${target.title}`;
  useDocumentTitle(heading);

  const setForm = (update: Partial<FormDraft>) => state.change((d) => ({ ...d, form: { ...d.form, ...update } }));

  // Back to where the admin came from inside the app, else to the target's list.
  const back = useBack(adminListPath(type));

  const save = async () => {
    const invalid = draftProblem(state.form, editorOpen, type, targetid);
    setSaveProblem(invalid ? { message: invalid, form: state.form } : null);
    if (invalid) return;
    setSaving(true);
    try {
      await data.admin.forms.save(type, targetid, state.form);
    } catch (err) {
      setSaving(false);
      if (err instanceof FormInvalidError) setSaveProblem({ message: err.message, form: state.form });
      else toast.error(SAVE_FAILED);
      return;
    }
    state.forget();
    // The toasts live above the router, so the notice stays through the navigation.
    toast.success(SAVED);
    navigate(adminListPath(type));
  };

  return (
    <section className="page admin-page fb-page" aria-labelledby="fb-title">
      <div className="admin-page__header">
        <h1 id="fb-title">{heading}</h1>
        <Button variant="secondary" onClick={back}>
          Back
        </Button>
      </div>

      {state.restored && (
        <div className="fb-restored" role="status">
          <p>{DRAFT_RESTORED}</p>
          <Button variant="secondary" className="btn--small" onClick={state.discard}>
            Discard changes
          </Button>
        </div>
      )}

      <div className="fb-layout">
        <div className="fb-main">
          <section className="admin-panel" aria-labelledby="fb-details-title">
            <h2 id="fb-details-title">Form Details</h2>
            <TextField label="Form Title" value={state.form.title} onChange={(e) => setForm({ title: e.target.value })} />
            <div className="field">
              <label className="field__label" htmlFor="fb-description">
                Description
              </label>
              <textarea
                id="fb-description"
                className="field__control"
                rows={3}
                value={state.form.description}
                onChange={(e) => setForm({ description: e.target.value })}
              />
            </div>
            <TextField
              label="Submit Button Text"
              placeholder={DEFAULT_SUBMIT_TEXT}
              value={state.form.submitButtonText}
              onChange={(e) => setForm({ submitButtonText: e.target.value })}
            />
            <label className="fb-check">
              <input type="checkbox" checked={state.form.active} onChange={(e) => setForm({ active: e.target.checked })} />
              Form is active
            </label>
          </section>

          <FormFieldsCard
            fields={state.form.fields}
            editor={state.editor}
            onChange={(fields, editor) => state.change((d) => ({ form: { ...d.form, fields }, editor }))}
            onEditor={(editor) => state.change((d) => ({ ...d, editor }))}
          />

          <div className="fb-save">
            <FormError message={problem} />
            <Button busy={saving} onClick={() => void save()}>
              Save Form
            </Button>
          </div>
        </div>

        <FormPreview form={state.form} />
      </div>
    </section>
  );
}
