// Create Event (/events/create), for signed-in members.
// The event is kept on the device first, image included, then published: online it goes at once
// and the member lands on the Fete Guide, where it shows; with no signal it waits on the device,
// listed here, and is sent when the signal returns (data/repos/outgoing-events.ts).
import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSessionReady } from '../../data/session-ready.ts';
import { useDocumentTitle } from '../../components/catalog/use-document-title.ts';
import { useViewer } from '../../components/catalog/use-viewer.ts';
import { Button, FormError, Spinner } from '../../components/ui/index.ts';
import { useWaitingEvents } from '../../data/hooks/use-waiting-writes.ts';
import { useDataLayer } from '../../data/react.ts';
import { EventEditorImage } from './event-image-field.tsx';
import { EventFormFields } from './event-form-fields.tsx';
import { WaitingEvents } from './waiting-events.tsx';
import { UploadError } from '../../data/uploads.ts';
import { TOO_MANY_WAITING_EVENTS } from '../../data/repos/outgoing-events.ts';
import {
  CREATE_FAILED_MESSAGE, SIGNED_OUT_MESSAGE, WAITING_MESSAGE, checkCreateEvent, emptyValues,
} from './create-event-logic.ts';
import type { CreateEventField, CreateEventValues } from './create-event-logic.ts';
import './create-event.css';

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
  const waiting = useWaitingEvents();
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

  const set = (field: CreateEventField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

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
      else if (err instanceof Error && err.message === TOO_MANY_WAITING_EVENTS) setFormError(TOO_MANY_WAITING_EVENTS);
      else setFormError(CREATE_FAILED_MESSAGE);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

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
        <EventFormFields
          values={values}
          errors={errors}
          onChange={set}
          image={
            <EventEditorImage
              file={image}
              error={imageError}
              disabled={busy}
              onChange={(file, problem) => {
                setImage(file);
                setImageError(problem);
              }}
              progress={progress}
            />
          }
        />
        <div className="create-event__actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create Event'}
          </Button>
        </div>
      </form>
    </section>
  );
}
