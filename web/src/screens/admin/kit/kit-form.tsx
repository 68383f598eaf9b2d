// The kit's one form: the add form and a row's edit form.
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, FormError } from '../../../components/ui/index.ts';
import { useFormProblems } from '../../../components/form/use-form-problems.ts';
import { useSingleFlight } from '../../../components/form/use-single-flight.ts';
import { KEPT_NOTE } from './kit-drafts.ts';
import type { KitPage, SubHeading, SubmitOutcome } from './kit-page.ts';

interface KitFormProps<T extends { id: string }, D, I> {
  page: KitPage<T, D, I>;
  level: SubHeading;
  heading: string;
  headingId?: string;
  submitLabel: string;
  draft: D;
  kept?: boolean;
  onChange(next: D): void;
  /** Resolves true when the server took it. */
  onSubmit(input: I): Promise<SubmitOutcome>;
  onCancel(): void;
  panel?: boolean;
  /** The conflict panel, shown above the fields. */
  conflict?: ReactNode;
}

/** The add form and a row's edit form: the spec's messages, focus on the first field at fault. */
export function KitForm<T extends { id: string }, D, I>({ page, level: Title, heading, headingId, submitLabel, draft, kept = false, onChange, onSubmit, onCancel, panel = false, conflict = null }: KitFormProps<T, D, I>) {
  const form = useFormProblems();
  const flight = useSingleFlight();
  const [uploading, setUploading] = useState(false);
  const autoId = useId();
  const titleId = headingId ?? autoId;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (flight.running() || uploading) return;
    const checked = page.check(draft);
    if (!checked.ok) return form.fail(checked);
    form.clear();
    void flight.run(async () => {
      const outcome = await onSubmit(checked.data);
      if (typeof outcome === 'object') form.failWith(outcome.message);
    });
  };

  return (
    <form ref={form.formRef} className={['kit__form', panel ? 'admin-panel' : ''].filter(Boolean).join(' ')} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Title id={titleId} className="kit__row-title">
        {heading}
      </Title>
      <FormError message={form.problems?.message} />
      {kept && (
        <p className="kit__kept" data-testid="kit-kept">
          {KEPT_NOTE}
        </p>
      )}
      {conflict}
      <div className="kit__fields">
        <page.Fields draft={draft} onChange={onChange} problems={form.problems} onUploading={setUploading} />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={flight.busy} disabled={uploading}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={flight.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
