// Create Event (/events/create), for signed-in members (member-and-public sections 2, 5, 8).
// The event is kept on the device first, image included, then published: online it goes at once
// and the member lands on the Fete Guide, where it shows; with no signal it waits on the device,
// listed here, and is sent when the signal returns (data/repos/outgoing-events.ts).
import type { FormEvent } from 'react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { COUNTRIES } from '../../../../design-docs/src/constants.ts';
import { useSessionReady } from '../../app/session-ready.ts';
import { useDocumentTitle } from '../../components/catalog/use-document-title.ts';
import { useViewer } from '../../components/catalog/use-viewer.ts';
import { Button, FormError, SelectField, Spinner, TextField } from '../../components/ui/index.ts';
import { useDataLayer } from '../../data/react.ts';
import { EventEditorImage } from './event-image-field.tsx';
import { WaitingEvents } from './waiting-events.tsx';
import { UploadError } from '../../data/uploads.ts';
import { formatLongDate } from '../../lib/format.ts';
import { UploadProgress } from '../account/avatar-field.tsx';
import {
  CATEGORY_OPTIONS, CREATE_FAILED_MESSAGE, SIGNED_OUT_MESSAGE, WAITING_MESSAGE, checkCreateEvent, emptyValues, nextDayEnd,
} from './create-event-rules.ts';
import type { CreateEventField, CreateEventValues } from './create-event-rules.ts';
import './create-event.css';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: c }));

export function CreateEventScreen() {
  useDocumentTitle('Create Event');
  const ready = useSessionReady();
  const { user } = useViewer();
  if (user === null) {
    if (!ready) return <Spinner label="Loading..." />;
    return (
      <section className="page create-event" aria-labelledby="create-event-title">
        <h1 id="create-event-title">Create Event</h1>
        <div className="create-event__signed-out" role="alert">
          <p>{SIGNED_OUT_MESSAGE}</p>
          <Link className="btn btn--primary" to="/signin" state={{ from: { pathname: '/events/create' } }}>
            Sign In
          </Link>
        </div>
      </section>
    );
  }
  return <CreateEventForm key={user.id} />;
}

function CreateEventForm() {
  const data = useDataLayer();
  const navigate = useNavigate();
  const outgoing = data.outgoingEvents;
  const waiting = useSyncExternalStore(outgoing.waiting.subscribe, outgoing.waiting.getSnapshot, outgoing.waiting.getSnapshot);
  const [values, setValues] = useState<CreateEventValues>(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<CreateEventField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [savedOffline, setSavedOffline] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Another tab (or an earlier page) may have written or published some meanwhile.
  useEffect(() => outgoing.refresh(), [outgoing]);

  const set = (field: CreateEventField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const bind = (field: CreateEventField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSavedOffline(false);
    const check = checkCreateEvent(values);
    if (!check.ok) {
      setErrors(check.errors);
      setFormError(check.message);
      if (check.first) formRef.current?.querySelector<HTMLElement>(`[name="${check.first}"]`)?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    if (image) setProgress(0);
    try {
      const result = await outgoing.create(check.input, image, { onProgress: (f) => setProgress(f * 100) });
      if (result.published) {
        navigate('/fete-guide');
        return;
      }
      setValues(emptyValues());
      setImage(null);
      setSavedOffline(true);
    } catch (err) {
      if (err instanceof UploadError && err.status === 0 && err.code !== 'network') setImageError(err.message);
      else setFormError(CREATE_FAILED_MESSAGE);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const endsNext = nextDayEnd(values);

  return (
    <section className="page create-event" aria-labelledby="create-event-title">
      <h1 id="create-event-title">Create Event</h1>
      <p className="create-event__intro">Add your event to the Fete Guide.</p>

      {savedOffline && (
        <p className="create-event__saved" role="status" data-testid="create-event-saved">
          Your event is saved on this device. {WAITING_MESSAGE}
        </p>
      )}
      <WaitingEvents events={waiting} onDiscard={(id) => void outgoing.discard(id)} />

      <form ref={formRef} className="create-event__form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="create-event-title">
        <FormError message={formError} />
        <TextField label="Title" required autoComplete="off" {...bind('title')} />
        <SelectField label="Category" required placeholder="Select a category" options={CATEGORY_OPTIONS} {...bind('category')} />
        <div className="create-event__row">
          <TextField label="Date" type="date" required {...bind('date')} />
          <TextField label="Start time" type="time" required {...bind('start_time')} />
          <TextField
            label="End time"
            type="time"
            required
            hint={endsNext ? `Ends the next day, ${formatLongDate(endsNext)}` : undefined}
            {...bind('end_time')}
          />
        </div>
        <div className="create-event__row">
          <SelectField label="Country" required placeholder="Select a country" options={COUNTRY_OPTIONS} {...bind('country')} />
          <TextField label="State or region" required {...bind('state')} />
        </div>
        <TextField label="Venue location" required {...bind('location')} />
        <DescriptionField value={values.description} error={errors.description} onChange={set('description')} />
        <div className="create-event__row">
          <TextField label="Price" type="number" inputMode="decimal" min={0} step={0.01} {...bind('price')} />
          <TextField label="Capacity" type="number" inputMode="numeric" min={0} step={1} {...bind('capacity')} />
        </div>
        <TextField label="Ticket URL" type="url" inputMode="url" placeholder="https://" {...bind('ticket_url')} />
        <TextField label="Fete ID ticket URL" type="url" inputMode="url" placeholder="https://" {...bind('fete_id_ticket_url')} />
        <TextField label="Instagram URL" type="url" inputMode="url" placeholder="https://" {...bind('instagram_url')} />
        <EventEditorImage
          file={image}
          error={imageError}
          disabled={busy}
          onChange={(file, problem) => {
            setImage(file);
            setImageError(problem);
          }}
        />
        {progress !== null && <UploadProgress percent={progress} label="Uploading event image" />}
        <div className="create-event__actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create Event'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function DescriptionField({ value, error, onChange }: { value: string; error: string | undefined; onChange(value: string): void }) {
  const errorId = 'create-event-description-error';
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor="create-event-description">
          Description
        </label>
        <span aria-hidden="true" className="field__required">
          *
        </span>
      </div>
      <textarea
        id="create-event-description"
        name="description"
        className="field__control create-event__description"
        required
        rows={5}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
