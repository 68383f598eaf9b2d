// The organiser's edit of one event: the Create Event fields and checks, prefilled; Save Changes
// writes over the version opened, Delete asks first. A new image is uploaded before the save.
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, ConfirmDialog, FormError, useToast } from '../../components/ui/index.ts';
import { useDataLayer, useSyncStatus } from '../../data/react.ts';
import { EventChangedError } from '../../data/repos/events.ts';
import type { Event } from '../../data/repos/events.ts';
import { UploadError } from '../../data/uploads.ts';
import { statusOf } from '../../data/pouch.ts';
import { checkCreateEvent } from './create-event-logic.ts';
import type { CreateEventField, CreateEventValues } from './create-event-logic.ts';
import { EventEditorImage } from './event-image-field.tsx';
import { EventFormFields } from './event-form-fields.tsx';
import {
  CHANGED_MESSAGE, DELETED_MESSAGE, DELETE_FAILED_MESSAGE, DELETE_QUESTION, EDIT_OFFLINE_MESSAGE, UPDATED_MESSAGE,
  UPDATE_FAILED_MESSAGE, valuesFromEvent,
} from './edit-event-logic.ts';

/** No answer at all (offline, server out of reach): nothing was written, so it can be tried again. */
function unreachable(err: unknown): boolean {
  if (err instanceof UploadError) return err.code === 'offline' || err.code === 'network';
  const status = statusOf(err);
  return status === undefined || status === 0;
}

export function EditEventForm({ event, onReload }: { event: Event; onReload(): void }) {
  const data = useDataLayer();
  const navigate = useNavigate();
  const toast = useToast();
  const offline = useSyncStatus().state === 'offline';
  const [values, setValues] = useState<CreateEventValues>(() => valuesFromEvent(event));
  const [errors, setErrors] = useState<Partial<Record<CreateEventField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [current, setCurrent] = useState<string | null>(event.image_url ?? null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: CreateEventField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  /** What a failed write shows; true when it was the connection (the form keeps everything). */
  const explain = (err: unknown, failed: string) => {
    if (err instanceof EventChangedError) setChanged(true);
    else if (unreachable(err)) setFormError(EDIT_OFFLINE_MESSAGE);
    else if (err instanceof UploadError) setImageError(err.message);
    else {
      setFormError(failed);
      toast.error(failed);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const check = checkCreateEvent(values);
    if (!check.ok) {
      setErrors(check.errors);
      setFormError(check.message);
      if (check.first) formRef.current?.querySelector<HTMLElement>(`[name="${check.first}"]`)?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    if (offline) {
      setFormError(EDIT_OFFLINE_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      let imageUrl = current;
      if (image) {
        setProgress(0);
        imageUrl = (await data.uploads.uploadImage(image, 'events-images', { onProgress: (f) => setProgress(f * 100) })).path;
      }
      await data.events.update(event, { ...check.input, image_url: imageUrl ?? undefined });
      toast.success(UPDATED_MESSAGE);
      navigate(`/events/${event.id}`);
    } catch (err) {
      explain(err, UPDATE_FAILED_MESSAGE);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const remove = async () => {
    if (offline) {
      setConfirming(false);
      setFormError(EDIT_OFFLINE_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      await data.events.remove(event);
      toast.success(DELETED_MESSAGE);
      navigate('/fete-guide');
    } catch (err) {
      setConfirming(false);
      explain(err, DELETE_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="create-event__intro">
        Changes show in the Fete Guide as soon as they are saved. <Link to={`/events/${event.id}`}>Back to the event</Link>
      </p>
      {offline && (
        <p className="create-event__saved" role="status" data-testid="edit-event-offline">
          {EDIT_OFFLINE_MESSAGE}
        </p>
      )}
      {changed && (
        <div className="create-event__signed-out" role="alert" data-testid="edit-event-changed">
          <p>{CHANGED_MESSAGE}</p>
          <Button variant="secondary" onClick={onReload}>
            Reload
          </Button>
        </div>
      )}
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
              current={current}
              onRemoveCurrent={() => setCurrent(null)}
              onChange={(file, problem) => {
                setImage(file);
                setImageError(problem);
              }}
              progress={progress}
            />
          }
        />
        <div className="create-event__actions edit-event__actions">
          <Button type="submit" disabled={busy || changed}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
          <Button variant="danger" disabled={busy || changed} onClick={() => setConfirming(true)}>
            Delete Event
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete event"
        message={DELETE_QUESTION}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
