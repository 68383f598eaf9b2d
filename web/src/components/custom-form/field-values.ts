// What a custom form's field holds, by type: shared by the public form and the builder's preview.
import type { FormField } from '../../../../design-docs/src/schemas/form.ts';
import type { AnswerValue } from '../../../../design-docs/src/schemas/form-answers.ts';

/** A select's empty first option when the field has no placeholder. */
export const SELECT_AN_OPTION = 'Select an option';

export function hasOptions(field: Pick<FormField, 'options'>): boolean {
  return (field.options?.length ?? 0) > 0;
}

/** What a field holds before anything is typed. */
export function emptyAnswer(field: Pick<FormField, 'type' | 'options' | 'defaultValue'>): AnswerValue {
  const d = field.defaultValue;
  if (field.type === 'checkbox') {
    if (hasOptions(field)) return Array.isArray(d) ? d.filter((o) => field.options?.includes(o)) : [];
    return d === true;
  }
  if (typeof d === 'string' || typeof d === 'number') return String(d);
  return '';
}

/** Ticks or unticks one option of a checkbox group, keeping the form's order. */
export function toggleOption(options: readonly string[], current: AnswerValue, option: string, on: boolean): string[] {
  const set = new Set(Array.isArray(current) ? current : []);
  if (on) set.add(option);
  else set.delete(option);
  return options.filter((o) => set.has(o));
}

