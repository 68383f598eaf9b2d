// The add form and a row's edit form submit the same way: check the draft (the spec's messages,
// focus on the first field at fault), then save once at a time. A save may answer with a message
// for the form itself (a receipt number already used).
import type { FormEvent } from 'react';
import { useFormProblems } from '../account/use-form-problems.ts';
import { useSingleFlight } from '../account/use-single-flight.ts';
import type { ReceiptInput } from '../../data/repos/admin-receipts.ts';
import { checkReceiptDraft } from './receipt-rules.ts';
import type { ReceiptDraft } from './receipt-rules.ts';

/** What a save answers: done, failed (already told by a toast), or a message for the form. */
export type SaveOutcome = 'saved' | 'failed' | { formMessage: string };

export function useReceiptSubmit(draft: ReceiptDraft, save: (input: ReceiptInput) => Promise<SaveOutcome>, prepare?: (d: ReceiptDraft) => Promise<ReceiptDraft | null>) {
  const form = useFormProblems();
  const flight = useSingleFlight();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (flight.running()) return;
    // Required fields first, before anything is generated.
    const first = checkReceiptDraft({ ...draft, receipt_number: draft.receipt_number || 'REC-10000' });
    if (!first.ok) return form.fail(first);
    form.clear();
    void flight.run(async () => {
      const ready = prepare ? await prepare(draft) : draft;
      if (!ready) return;
      const checked = checkReceiptDraft(ready);
      if (!checked.ok) return form.fail(checked);
      const outcome = await save(checked.data);
      if (typeof outcome === 'object') form.failWith(outcome.formMessage);
    });
  };
  return { form, flight, submit };
}
