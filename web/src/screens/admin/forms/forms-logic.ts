// Forms Management's list rules: the search over title and description, the type filter, and
// newest-updated first.
import type { FormType } from '../../../../../design-docs/src/constants.ts';

export type FormTypeFilter = 'all' | FormType;

export const FORM_TYPE_FILTERS: ReadonlyArray<{ value: FormTypeFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'package', label: 'Packages' },
  { value: 'ride', label: 'Rides' },
];

interface ListedForm {
  title: string;
  description?: string | null;
  formtype: FormType;
  updatedat: string;
}

export function filterForms<T extends ListedForm>(forms: readonly T[], query: string, type: FormTypeFilter): T[] {
  const q = query.trim().toLowerCase();
  return forms
    .filter((f) => type === 'all' || f.formtype === type)
    .filter((f) => q === '' || f.title.toLowerCase().includes(q) || (f.description ?? '').toLowerCase().includes(q))
    .sort((a, b) => (a.updatedat < b.updatedat ? 1 : a.updatedat > b.updatedat ? -1 : 0));
}

export function formTypeLabel(type: FormType): string {
  return type === 'package' ? 'Package' : 'Ride';
}
