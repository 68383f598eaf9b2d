// How one answer of a submission reads, in the detail panel and in the CSV (admin spec, Form
// Submissions): answers are keyed by the field's label, and what they hold depends on the type.
import type { FormField } from '../../../../../design-docs/src/schemas/form.ts';
import { formatLongDate } from '../../../lib/dates.ts';

export const NONE_SELECTED = 'None selected';
export const NO_DATA = 'No data';
export const NO_ANSWER = '-';

type FieldShape = Pick<FormField, 'type' | 'label'> & { options?: readonly string[] | undefined };

/** The detail panel's text: ticked options or None selected, Yes/No, the value or -. */
export function renderAnswer(field: FieldShape, value: unknown): string {
  if (field.type === 'checkbox') {
    if ((field.options?.length ?? 0) > 0) {
      if (!Array.isArray(value)) return NO_DATA;
      return value.length === 0 ? NONE_SELECTED : value.map(String).join(', ');
    }
    return value === true || value === 'true' ? 'Yes' : 'No';
  }
  if (value === null || value === undefined) return NO_ANSWER;
  if (Array.isArray(value)) return value.length === 0 ? NO_ANSWER : value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = String(value);
  if (text.trim() === '') return NO_ANSWER;
  // A date answer reads as every other date does; the CSV keeps it as typed (YYYY-MM-DD).
  return field.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? formatLongDate(text.trim()) : text;
}

/**
 * The CSV cell of an answer: lists joined with ", ", booleans Yes/No, numbers kept as numbers
 * (a spreadsheet can sum them), missing answers empty rather than "-".
 */
export function csvAnswer(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
