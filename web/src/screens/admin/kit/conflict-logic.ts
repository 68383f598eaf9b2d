// The pure rules of a visible conflict (ADR 028): when another admin saved the item
// while this one was editing, the page says so, in words built from the page's thing, and shows
// the other admin's values of the fields where the two versions differ.

export function conflictMessage(thing: string): string {
  return `Someone else changed this ${thing} while you were editing.`;
}

export function conflictGoneMessage(thing: string): string {
  return `Someone else deleted this ${thing} while you were editing.`;
}

/** One field where my draft and theirs differ: its label and both values, as shown. */
export interface FieldDifference {
  field: string;
  label: string;
  mine: string;
  theirs: string;
}

/** 'end_date' → 'End date', 'imageUrl' → 'Image url': the label when a page names none. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A draft value as a person reads it: '(empty)' for nothing, Yes/No, lists joined. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.map(shownValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.trim() === '' ? '(empty)' : text;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A blank text and nothing are the same to a person reading the form.
  const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  if (blank(a) && blank(b)) return true;
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields where `mine` (the admin's draft) and `theirs` (the newest version, as a draft)
 * differ, in the draft's field order. `labels` names fields; others get `fieldLabel`.
 */
export function differingFields(mine: object, theirs: object, labels: Readonly<Record<string, string>> = {}): FieldDifference[] {
  const a = mine as Record<string, unknown>;
  const b = theirs as Record<string, unknown>;
  const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  return keys
    .filter((k) => !sameValue(a[k], b[k]))
    .map((k) => ({ field: k, label: labels[k] ?? fieldLabel(k), mine: shownValue(a[k]), theirs: shownValue(b[k]) }));
}
