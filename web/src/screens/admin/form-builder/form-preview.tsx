// The live Form Preview: the form as members will see it (the public form's own fields), every
// control disabled. Required fields
// carry a *, text areas have 3 rows here (4 on the public form), and a checkbox without options
// (older forms) is one box labelled with its placeholder or label.
import { FormFieldInput } from '../../../components/custom-form/form-field-input.tsx';
import { emptyAnswer } from '../../../components/custom-form/field-values.ts';
import type { FormDraft } from '../../../data/repos/admin-forms.ts';
import { submitText } from './field-logic.ts';
import { PREVIEW_EMPTY } from './builder-texts.ts';

const ignore = () => undefined;

export function FormPreview({ form }: { form: FormDraft }) {
  return (
    <section className="admin-panel fb-preview" aria-labelledby="fb-preview-title" data-testid="form-preview">
      <h2 id="fb-preview-title">Form Preview</h2>
      <div className="fb-preview__form">
        {form.title.trim() && <h3 className="fb-preview__title">{form.title}</h3>}
        {form.description.trim() && <p className="fb-preview__description">{form.description}</p>}
        {form.fields.length === 0 ? (
          <p className="fb-empty">{PREVIEW_EMPTY}</p>
        ) : (
          form.fields.map((field, i) => (
            <div key={field.id} data-testid="preview-field">
              <FormFieldInput field={field} index={i} value={emptyAnswer(field)} onChange={ignore} disabled rows={3} idPrefix="fb-preview" />
            </div>
          ))
        )}
        <button type="button" className="btn btn--primary" disabled>
          {submitText(form)}
        </button>
      </div>
    </section>
  );
}
