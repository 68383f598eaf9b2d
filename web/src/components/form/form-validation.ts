// Form checks with the shared design-docs schemas: the first problem is the form's message
// (the spec's texts), and each field remembers its own so it can be marked and focused.
import type * as z from 'zod';

export interface FormProblems {
  /** The first problem's text: what the form announces. */
  message: string;
  /** Field name → that field's first problem. */
  fields: Record<string, string>;
  /** The field to focus: the first one with a problem, in the schema's order. */
  first: string | null;
}

export type CheckResult<T> = { ok: true; data: T } | ({ ok: false } & FormProblems);

export function checkForm<S extends z.ZodType>(schema: S, values: unknown): CheckResult<z.infer<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  let first: string | null = null;
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.');
    if (!name) continue;
    first ??= name;
    fields[name] ??= issue.message;
  }
  return { ok: false, message: result.error.issues[0]?.message ?? 'Please check the form', fields, first };
}

/**
 * The text under a field. The form announces its first problem; a blank field that shares that
 * message says just 'Required', so 'Please fill in all required fields' is not repeated under
 * every empty box. Any other problem is the field's own text.
 */
export function fieldError(problems: FormProblems | null, name: string, value?: unknown): string | undefined {
  const text = problems?.fields[name];
  if (!text) return undefined;
  const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  return text === problems?.message && blank ? 'Required' : text;
}

export function isInvalid(problems: FormProblems | null, name: string): boolean {
  return problems?.fields[name] !== undefined;
}

/**
 * The problems once the member changed field `name`: its mark goes at once (they are fixing it;
 * the next submit checks again). The form's message follows the fields still marked, and goes
 * with the last of them. A message tied to no field (the server's) waits for the next submit.
 */
export function withoutField(problems: FormProblems, name: string): FormProblems | null {
  if (!(name in problems.fields)) return problems;
  const fields = { ...problems.fields };
  delete fields[name];
  const left = Object.keys(fields);
  if (left.length === 0) return null;
  const message = Object.values(fields).includes(problems.message) ? problems.message : fields[left[0]!]!;
  return { message, fields, first: problems.first === name ? left[0]! : problems.first };
}
