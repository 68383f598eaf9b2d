// The add form and a row's edit form submit the same way: check the draft (the spec's messages,
// focus on the first field at fault), then save once at a time.
import type { FormEvent } from 'react';
import type { CatalogueInput } from '../../data/repos/admin-packages.ts';
import { useFormProblems } from '../account/use-form-problems.ts';
import { useSingleFlight } from '../account/use-single-flight.ts';
import { checkDraft } from './catalogue-admin-rules.ts';
import type { CatalogueDraft, CatalogueKind } from './catalogue-admin-rules.ts';

export function useDraftSubmit(kind: CatalogueKind, draft: CatalogueDraft, save: (input: CatalogueInput) => Promise<boolean>) {
  const form = useFormProblems();
  const flight = useSingleFlight();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (flight.running()) return;
    const checked = checkDraft(kind, draft);
    if (!checked.ok) return form.fail(checked);
    form.clear();
    void flight.run(() => save(checked.data));
  };
  return { form, flight, submit };
}
