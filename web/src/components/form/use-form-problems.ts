// A form's problems and where focus goes when they appear: the first invalid field, or the
// form's message when no field is to blame (a server refusal).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { FormProblems } from './form-validation.ts';
import { withoutField } from './form-validation.ts';

export interface FormProblemsState {
  problems: FormProblems | null;
  formRef: RefObject<HTMLFormElement | null>;
  /** Shows the problems and moves focus to the first invalid field. */
  fail(problems: FormProblems): void;
  /** A message not tied to a field (the server's); focus stays where it is, the alert is read out. */
  failWith(message: string): void;
  clear(): void;
}

export function problemsOf(message: string): FormProblems {
  return { message, fields: {}, first: null };
}

export function useFormProblems(): FormProblemsState {
  const [problems, setProblems] = useState<FormProblems | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);

  const focusNext = useRef<string | null>(null);

  const fail = useCallback((next: FormProblems) => {
    focusNext.current = next.first;
    setProblems(next);
  }, []);

  // After React has committed the error state (and any step change that came with it), so the
  // field exists and aria-invalid and its description are in place. A frame callback raced the
  // commit on a busy machine and focused nothing.
  useEffect(() => {
    const name = focusNext.current;
    if (!name || !problems) return;
    focusNext.current = null;
    formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
  }, [problems]);

  // An error clears as soon as the member changes the field it names.
  // Heard on the document, after React's own listener on the root: a render triggered before
  // it would put the controlled input's old value back and lose the keystroke.
  useEffect(() => {
    const form = formRef.current;
    if (!form || !problems || Object.keys(problems.fields).length === 0) return;
    const doc = form.ownerDocument;
    const edited = (event: Event) => {
      const target = event.target as (Node & { name?: unknown }) | null;
      if (!target || !form.contains(target)) return;
      const name = target.name;
      if (typeof name === 'string' && name !== '') setProblems((p) => (p ? withoutField(p, name) : p));
    };
    doc.addEventListener('input', edited);
    doc.addEventListener('change', edited);
    return () => {
      doc.removeEventListener('input', edited);
      doc.removeEventListener('change', edited);
    };
  }, [problems]);

  const failWith = useCallback((message: string) => setProblems(problemsOf(message)), []);
  const clear = useCallback(() => setProblems(null), []);

  return { problems, formRef, fail, failWith, clear };
}
