// The form builder's texts: the spec's and the few it leaves open.
import type { FormType } from '../../../../../design-docs/src/constants.ts';

export const INVALID_TARGET = 'Invalid form type or ID';
/** The builder opens inactive targets too (admins may), so only a missing one is an error. */
export const TARGET_NOT_FOUND: Record<FormType, string> = {
  package: 'Package not found',
  ride: 'Ride package not found',
};
export const LOAD_FAILED = 'Failed to load form details';
export const SAVE_FAILED = 'Failed to save form. Please try again.';
export const SAVED = 'Form saved successfully';
export const NO_FIELDS = 'No fields added yet. Click "Add Field" to start building your form.';
export const NO_OPTIONS = 'No options added yet';
/** Under NO_OPTIONS: a checkbox without options is one box to tick (ADR 045). */
export const SINGLE_CHECKBOX_HINT = 'Without options, the form shows one box to tick, labelled with the field label.';
export const PREVIEW_EMPTY = 'Add fields to see a preview of your form';
export const EDITOR_OPEN = 'Save or cancel the field you are editing first';
export const DRAFT_RESTORED = 'Your unsaved changes to this form were restored.';
