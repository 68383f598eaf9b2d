// Helpers of the form specs: an E2E package or ride with its form, written as the
// admin over the server, and the submissions that reached the admins' database.
import type { Page } from '@playwright/test';
import { expect } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { putMembersDoc } from './packages-support.ts';

export { serverSubmissions } from './admin-forms-support.ts';

export const ALL_TYPES_FIELDS = [
  { id: 'f1', type: 'text', label: 'Full name', placeholder: 'As on your passport', required: true },
  { id: 'f2', type: 'email', label: 'Contact email', required: true },
  { id: 'f3', type: 'number', label: 'Seats', required: false },
  { id: 'f4', type: 'select', label: 'Pick-up island', options: ['Trinidad', 'Tobago'], required: true },
  { id: 'f5', type: 'checkbox', label: 'Extras', options: ['Cooler', 'Flags', 'Rags'], required: true },
  { id: 'f6', type: 'textarea', label: 'Notes', required: false },
  { id: 'f7', type: 'date', label: 'Arrival', required: false },
  { id: 'f8', type: 'checkbox', label: 'Terms', placeholder: 'I accept the terms', required: true },
];

let counter = 0;
const uniq = () => `e2e${Date.now().toString(36)}${++counter}${Math.floor(Math.random() * 1e6)}`;

export interface TestTarget {
  type: 'package' | 'ride';
  id: string;
  title: string;
  formId: string;
  formTitle: string;
  cleanup: () => Promise<void>;
}

/** An E2E package or ride with a form; `cleanup` deletes both. */
export async function targetWithForm(
  server: E2eServer,
  type: 'package' | 'ride',
  opts: { formActive?: boolean; targetActive?: boolean; withForm?: boolean; fields?: unknown[] } = {},
): Promise<TestTarget> {
  const id = uniq();
  const title = `E2E ${type} ${id}`;
  const undo: Array<() => Promise<void>> = [];
  undo.push(
    await putMembersDoc(server, {
      _id: `${type}:${id}`, type, title, subtitle: 'Made by a browser test', description: 'Door to fete.',
      buttonlink: `/form/${type}/${id}`, bgcolor: 'from-amber-500 to-amber-700', textcolor: 'text-black', order: 99, active: opts.targetActive ?? true,
    }),
  );
  const formId = crypto.randomUUID();
  const formTitle = `E2E form ${id}`;
  if (opts.withForm ?? true) {
    undo.push(
      await putMembersDoc(server, {
        _id: `form:${type}:${id}`, type: 'form', id: formId, title: formTitle, description: 'Tell us about your trip.',
        fields: opts.fields ?? ALL_TYPES_FIELDS, submitButtonText: 'Book it', active: opts.formActive ?? true, formtype: type, targetid: id,
        updatedat: new Date().toISOString(),
      }),
    );
  }
  return {
    type, id, title, formId, formTitle,
    async cleanup() {
      for (const u of undo.reverse()) await u().catch(() => undefined);
    },
  };
}

const fieldsCard = (page: Page) => page.getByRole('region', { name: 'Form Fields' });
const editor = (page: Page) => page.locator('form.fb-editor');

/** Adds one field through the builder's field editor. */
export async function addField(page: Page, f: { type: string; label: string; placeholder?: string; required?: boolean; dropdown?: string; checkbox?: string[] }): Promise<void> {
  await fieldsCard(page).getByRole('button', { name: 'Add Field', exact: true }).click();
  const e = editor(page);
  await expect(e.getByRole('heading', { name: 'Add Field' })).toBeVisible();
  await expect(e.getByLabel('Field Type')).toBeFocused();
  await e.getByLabel('Field Type').selectOption({ label: f.type });
  await e.getByLabel('Label', { exact: true }).fill(f.label);
  if (f.placeholder) await e.getByLabel('Placeholder').fill(f.placeholder);
  if (f.dropdown !== undefined) await e.getByLabel('Options (one per line)').fill(f.dropdown);
  for (const option of f.checkbox ?? []) {
    await e.getByLabel('New option').fill(option);
    await e.getByRole('button', { name: 'Add', exact: true }).click();
  }
  if (f.required) await e.getByLabel('Required field').check();
  await e.getByRole('button', { name: 'Save Field' }).click();
  await expect(editor(page)).toHaveCount(0);
}
