// The form builder's rules as plain data, so they are testable without a DOM: the field editor
// (type switching, options), the field list (moving), and validation. Validation goes through the
// shared formSchema/formFieldSchema (the stored form's shape), so the builder, the repository and
// the server give the same messages.
import { DEFAULT_FIELD_OPTION, DEFAULT_SUBMIT_TEXT, FORM_FIELD_TYPES, FORM_TYPES } from '../../../../../design-docs/src/constants.ts';
import type { FormFieldType, FormType } from '../../../../../design-docs/src/constants.ts';
import { formFieldSchema, formSchema } from '../../../../../design-docs/src/schemas/form.ts';
import type { FormField } from '../../../../../design-docs/src/schemas/form.ts';
import { formId } from '../../../../../design-docs/src/ids.ts';
import type { FormDraft } from '../../../data/repos/admin-forms.ts';

export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  email: 'Email',
  number: 'Number',
  select: 'Dropdown',
  checkbox: 'Checkbox',
  textarea: 'Textarea',
  date: 'Date',
};

export const FIELD_TYPE_OPTIONS = FORM_FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }));

export const LABELS_NOT_UNIQUE = 'Field labels must be unique';

/** The route's `{type}` and `{id}`: a form type and a non-empty id without a colon, else null. */
export function builderTarget(type: string | undefined, id: string | undefined): { type: FormType; id: string } | null {
  if (!type || !(FORM_TYPES as readonly string[]).includes(type)) return null;
  if (!id || !/^[^:\s]+$/.test(id)) return null;
  return { type: type as FormType, id };
}

/** Where the builder returns to: /admin/packages or /admin/rides. */
export function adminListPath(type: FormType): string {
  return `/admin/${type}s`;
}

export function isFieldType(value: string): value is FormFieldType {
  return (FORM_FIELD_TYPES as readonly string[]).includes(value);
}

export function hasOptions(type: FormFieldType): type is 'select' | 'checkbox' {
  return type === 'select' || type === 'checkbox';
}

/** What the field editor holds while a field is being added or edited. */
export interface FieldEditor {
  /** The field's id: new for Add Field, the field's own for Edit Field. */
  id: string;
  /** True when it edits a field already in the list. */
  editing: boolean;
  type: FormFieldType;
  label: string;
  placeholder: string;
  required: boolean;
  /** The options as committed (checkbox) or parsed from `optionsText` (dropdown). */
  options: string[];
  /** The dropdown's text area as typed, blank lines and all. */
  optionsText: string;
  /** The checkbox option being typed, before Add. */
  newOption: string;
  /** True while the options are only the default one the type switch put there: the first option
   * the admin adds replaces it, so a published form never lists "Option 1" by mistake. */
  placeholderOption?: boolean;
  defaultValue?: FormField['defaultValue'];
}

export function newFieldEditor(id: string): FieldEditor {
  return { id, editing: false, type: 'text', label: '', placeholder: '', required: false, options: [], optionsText: '', newOption: '' };
}

export function editorFromField(field: FormField): FieldEditor {
  const options = hasOptions(field.type) ? [...(field.options ?? [])] : [];
  return {
    id: field.id,
    editing: true,
    type: field.type,
    label: field.label,
    placeholder: field.placeholder ?? '',
    required: field.required,
    options,
    optionsText: options.join('\n'),
    newOption: '',
    ...(field.defaultValue === undefined ? {} : { defaultValue: field.defaultValue }),
  };
}

/**
 * Switching to dropdown or checkbox keeps the options there are, or gives one default option when
 * there are none; switching to any other type drops them.
 */
export function withFieldType(editor: FieldEditor, type: FormFieldType): FieldEditor {
  if (!hasOptions(type)) return { ...editor, type, options: [], optionsText: '', newOption: '', placeholderOption: false };
  if (editor.options.length > 0) return { ...editor, type, optionsText: editor.options.join('\n') };
  return { ...editor, type, options: [DEFAULT_FIELD_OPTION], optionsText: DEFAULT_FIELD_OPTION, placeholderOption: true };
}

/** Dropdown options are typed one per line: trimmed, blank lines dropped, repeats kept once. */
export function parseDropdownOptions(text: string): string[] {
  return unique(text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0));
}

export function withOptionsText(editor: FieldEditor, optionsText: string): FieldEditor {
  return { ...editor, optionsText, options: parseDropdownOptions(optionsText), placeholderOption: false };
}

/** A checkbox option: trimmed; an empty one or one already listed is ignored. */
export function addOption(options: readonly string[], raw: string): string[] {
  const option = raw.trim();
  if (!option || options.includes(option)) return [...options];
  return [...options, option];
}

export function removeOption(options: readonly string[], index: number): string[] {
  return options.filter((_, i) => i !== index);
}

/**
 * Add pressed: the typed option joins the list and the box is emptied (also when ignored). The
 * first real option replaces the default one, as typing over a dropdown's "Option 1" does.
 */
export function withNewOptionAdded(editor: FieldEditor): FieldEditor {
  const typed = editor.newOption.trim();
  if (editor.placeholderOption && typed) return { ...editor, options: [typed], newOption: '', placeholderOption: false };
  return { ...editor, options: addOption(editor.options, editor.newOption), newOption: '' };
}

/** A remove button pressed: the option leaves the list (the default one too, for good). */
export function withOptionRemoved(editor: FieldEditor, index: number): FieldEditor {
  return { ...editor, options: removeOption(editor.options, index), placeholderOption: false };
}

/** The field the editor describes, as it is stored. */
export function fieldFromEditor(editor: FieldEditor): FormField {
  const placeholder = editor.placeholder.trim();
  return {
    id: editor.id,
    type: editor.type,
    label: editor.label.trim(),
    ...(placeholder ? { placeholder } : {}),
    required: editor.required,
    ...(hasOptions(editor.type) ? { options: [...editor.options] } : {}),
    ...(editor.defaultValue === undefined ? {} : { defaultValue: editor.defaultValue }),
  };
}

export interface FieldProblem {
  message: string;
  /** Where to show it: on the Label input, or with the options. */
  at: 'label' | 'options' | 'field';
}

/** Save Field's check: the shared field rules, then labels unique among the other fields. */
export function fieldProblem(editor: FieldEditor, fields: readonly FormField[]): FieldProblem | null {
  const parsed = formFieldSchema.safeParse(fieldFromEditor(editor));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path[0] === 'label' ? 'label' : issue?.path[0] === 'options' ? 'options' : 'field';
    return { message: issue?.message ?? 'Field label is required', at };
  }
  const label = parsed.data.label;
  if (fields.some((f) => f.id !== editor.id && f.label.trim() === label)) return { message: LABELS_NOT_UNIQUE, at: 'label' };
  return null;
}

/** Save Field: the field replaces the one it edits, or joins the end of the list. */
export function commitField(fields: readonly FormField[], field: FormField): FormField[] {
  const at = fields.findIndex((f) => f.id === field.id);
  if (at === -1) return [...fields, field];
  return fields.map((f, i) => (i === at ? field : f));
}

export function deleteField(fields: readonly FormField[], id: string): FormField[] {
  return fields.filter((f) => f.id !== id);
}

export function canMoveUp(index: number): boolean {
  return index > 0;
}

export function canMoveDown(index: number, count: number): boolean {
  return index >= 0 && index < count - 1;
}

/** Swaps a field with its neighbour; a move past either end changes nothing. */
export function moveField(fields: readonly FormField[], index: number, direction: 'up' | 'down'): FormField[] {
  const other = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= fields.length || other < 0 || other >= fields.length) return [...fields];
  const next = [...fields];
  [next[index], next[other]] = [next[other] as FormField, next[index] as FormField];
  return next;
}

export function optionCountText(count: number): string {
  return count === 1 ? '1 option' : `${count} options`;
}

export function submitText(draft: Pick<FormDraft, 'submitButtonText'>): string {
  return draft.submitButtonText.trim() || DEFAULT_SUBMIT_TEXT;
}

/**
 * Save Form's check, by the shared form schema (title, at least one field, options per field,
 * unique labels): the first message, or null when the draft can be saved. The document's own
 * bookkeeping (id, dates) is filled in with stand-ins: the repository sets the real ones.
 */
export function formProblem(draft: FormDraft, formtype: FormType, targetid: string): string | null {
  const parsed = formSchema.safeParse({
    _id: formId(formtype, targetid),
    type: 'form',
    id: 'draft',
    title: draft.title,
    description: draft.description,
    fields: draft.fields,
    submitButtonText: draft.submitButtonText,
    active: draft.active,
    formtype,
    targetid,
    updatedat: new Date(0).toISOString(),
  });
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message ?? 'Failed to save form. Please try again.';
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}
