// The public form fill-in (/form/{type}/{id}): members only. It reads the package or ride and its
// form from the members database on the device, so a form opened once can be filled with no
// signal. What is typed is kept as a draft as it is typed; Submit saves the submission on the
// device, and the sync sends it when the signal is back (ADR 022).
import type { CSSProperties, FormEvent } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import type { FormType } from '../../../../design-docs/src/constants.ts';
import { DEFAULT_SUBMIT_TEXT } from '../../../../design-docs/src/constants.ts';
import { docId } from '../../../../design-docs/src/ids.ts';
import type { Answers, AnswerValue } from '../../../../design-docs/src/schemas/form-answers.ts';
import { useSessionReady } from '../../data/session-ready.ts';
import { useDocumentTitle } from '../../components/catalog/use-document-title.ts';
import { useViewer } from '../../components/catalog/use-viewer.ts';
import { PackageIcon, RideIcon } from '../../components/layout/icons.tsx';
import { Button, FormError, Spinner } from '../../components/ui/index.ts';
import { useDataLayer, useSyncStatus } from '../../data/react.ts';
import { useFormTarget } from '../../data/hooks/use-packages.ts';
import { cardColours } from '../../lib/package-card-logic.ts';
import { FormFieldInput } from '../../components/custom-form/form-field-input.tsx';
import { FILL_TEXTS, fillOutcome, initialAnswers, isFormType, submitProblem, toStoredAnswers } from './form-fill-logic.ts';
import './form-fill.css';
import { useBack } from '../../components/layout/use-back.ts';
import { usePushInvite } from '../../components/push/use-push-invite.ts';

export function FormFillScreen() {
  const { type, id } = useParams();
  const location = useLocation();
  const ready = useSessionReady();
  const { user, isAdmin } = useViewer();

  if (!isFormType(type) || !id) return <ErrorCard message={FILL_TEXTS.invalid} />;
  if (user === null) {
    if (!ready) return <Loading />;
    // Visitors sign in first and come back to this form.
    return <Navigate to="/signin" replace state={{ from: location }} />;
  }
  return <FormFill key={`${user.id}:${type}:${id}`} type={type} targetId={id} isAdmin={isAdmin} />;
}

function Loading() {
  return (
    <section className="page fill-page">
      <Spinner label={FILL_TEXTS.loading} />
      <p aria-hidden="true">{FILL_TEXTS.loading}</p>
    </section>
  );
}

/** Back where the member came from, else to the type's list. */
function useBackFrom(type: FormType | null): () => void {
  return useBack(type === 'ride' ? '/fete-rides' : type === 'package' ? '/fete-packages' : '/');
}

function ErrorCard({ message, type = null }: { message: string; type?: FormType | null }) {
  const back = useBackFrom(type);
  useDocumentTitle('Form');
  return (
    <section className="page fill-page" aria-labelledby="fill-error-title">
      <div className="fill-card fill-card--error" role="alert">
        <h1 id="fill-error-title">{message}</h1>
        <Button variant="secondary" onClick={back}>
          {FILL_TEXTS.goBack}
        </Button>
      </div>
    </section>
  );
}

function FormFill({ type, targetId, isAdmin }: { type: FormType; targetId: string; isAdmin: boolean }) {
  const sync = useSyncStatus();
  const query = useFormTarget(type, targetId);

  if (query.loading && !query.data) return <Loading />;
  if (query.error || !query.data) return <ErrorCard message={FILL_TEXTS.failedDetails} type={type} />;
  const { target, form, profile } = query.data;
  if (!target && sync.state === 'offline') return <ErrorCard message={FILL_TEXTS.offlineMissing} type={type} />;
  // The members database may still be on its first pull: an empty device is loading, not wrong.
  if (!target && (sync.state === 'syncing' || sync.state === 'connecting')) return <Loading />;
  const outcome = fillOutcome(type, { target, form }, isAdmin);
  if (outcome.kind === 'error' || !target || !form) return <ErrorCard message={outcome.kind === 'error' ? outcome.message : FILL_TEXTS.failedLoad} type={type} />;

  const name = profile ? `${profile.first_name ?? ''} ${profile.last_name ?? ''}`.trim() : null;
  return <FillForm type={type} targetId={targetId} target={target} form={form} name={name} />;
}

interface FillFormProps {
  type: FormType;
  targetId: string;
  target: { bgcolor?: unknown; textcolor?: unknown };
  form: NonNullable<Awaited<ReturnType<ReturnType<typeof useDataLayer>['forms']['forTarget']>>>;
  name: string | null;
}

function FillForm({ type, targetId, target, form, name }: FillFormProps) {
  const data = useDataLayer();
  const invite = usePushInvite();
  const sync = useSyncStatus();
  const back = useBackFrom(type);
  useDocumentTitle(form.title);
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(form.fields, data.formDrafts.load(type, targetId)?.answers ?? null));
  // After a submit the answers did not pass, their problem follows the answers as they change: the
  // required-fields list shrinks as they are filled and the message goes once none is left.
  // A failed save says so until the next submit.
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = useMemo(
    () => failure ?? (checked ? submitProblem(form.fields, toStoredAnswers(form.fields, answers)) : null),
    [failure, checked, form.fields, answers],
  );
  const [submitting, setSubmitting] = useState(false);
  const [sentId, setSentId] = useState<string | null>(null);
  const successRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sentId) successRef.current?.focus();
  }, [sentId]);

  function change(label: string, value: AnswerValue) {
    setAnswers((prev) => {
      const next = { ...prev, [label]: value };
      // Synchronous, as typed: a reload or a closed app keeps it.
      data.formDrafts.save(type, targetId, next);
      return next;
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    const stored = toStoredAnswers(form.fields, answers);
    const stop = submitProblem(form.fields, stored);
    setFailure(null);
    setChecked(stop !== null);
    if (stop) return;
    setSubmitting(true);
    try {
      const id = await data.submissions.create(form, stored);
      // Only now is it stored on the device: the draft can go.
      data.formDrafts.clear(type, targetId);
      setSentId(id);
      invite('submission');
    } catch {
      setFailure(FILL_TEXTS.failedSubmit);
    } finally {
      setSubmitting(false);
    }
  }

  function another() {
    setAnswers(initialAnswers(form.fields, null));
    setChecked(false);
    setFailure(null);
    setSentId(null);
  }

  const colours = cardColours(target.bgcolor, target.textcolor, type);
  const style = { '--fill-from': colours.from, '--fill-to': colours.to, '--fill-text': colours.text } as CSSProperties;
  const Icon = type === 'ride' ? RideIcon : PackageIcon;

  if (sentId) {
    const waiting = sync.pendingItems.some((p) => p.db === 'userdb' && p.id === docId('submission', sentId));
    return (
      <section className="page fill-page" aria-labelledby="fill-success-title">
        <div className="fill-card fill-card--success" data-testid="form-success">
          <h1 id="fill-success-title" ref={successRef} tabIndex={-1}>
            {FILL_TEXTS.successTitle}
          </h1>
          <p>{FILL_TEXTS.successText}</p>
          {waiting && sync.state !== 'synced' && (
            <p className="fill-waiting" role="status" data-testid="form-waiting">
              {FILL_TEXTS.waiting}
            </p>
          )}
          <div className="fill-actions">
            <Link className="btn btn--primary" to="/">
              {FILL_TEXTS.returnHome}
            </Link>
            <Button variant="secondary" onClick={another}>
              {FILL_TEXTS.another}
            </Button>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="page fill-page" aria-labelledby="fill-title">
      <div>
        <Button variant="ghost" onClick={back}>
          {FILL_TEXTS.back}
        </Button>
      </div>
      <div className="fill-card" style={style} data-testid="form-card">
        <header className="fill-card__header">
          <span className="fill-card__icon" data-testid={`${type}-icon`}>
            <Icon size={28} />
          </span>
          <div>
            <h1 id="fill-title">{form.title}</h1>
            {form.description?.trim() && <p className="fill-card__description">{form.description}</p>}
          </div>
        </header>
        <form className="fill-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="fill-title">
          {name && (
            <div className="fill-info" data-testid="your-information">
              <h2>{FILL_TEXTS.yourInformation}</h2>
              <p>
                <span className="fill-info__label">Name: </span>
                {name}
              </p>
            </div>
          )}
          {form.fields.map((field, i) => (
            <FormFieldInput key={field.id} field={field} index={i} value={answers[field.label] ?? ''} onChange={(v) => change(field.label, v)} />
          ))}
          <FormError message={problem} />
          <Button type="submit" busy={submitting}>
            {submitting ? FILL_TEXTS.submitting : form.submitButtonText?.trim() || DEFAULT_SUBMIT_TEXT}
          </Button>
        </form>
      </div>
    </section>
  );
}
