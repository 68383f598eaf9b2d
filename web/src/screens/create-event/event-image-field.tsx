// The event's image: chosen here and kept with the event until it is published (it may wait on
// the device with no signal), so it is only checked now ('Please upload an image file', 'Image
// size must be less than 30MB'); the upload, with its progress, happens on Create Event.
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { imageFileProblem } from '../../data/uploads.ts';
import { UploadProgress } from '../../components/account/avatar-field.tsx';

export interface EventEditorImageProps {
  file: File | null;
  error: string | null;
  disabled: boolean;
  /** The chosen file (null when removed or refused) and the problem with it, if any. */
  onChange(file: File | null, problem: string | null): void;
  /** Edit Event: the event's stored image, shown until a file replaces it or it is removed. */
  current?: string | null;
  onRemoveCurrent?(): void;
  /** While the upload runs on Create or Save: its progress, in percent. */
  progress?: number | null;
}

export function EventEditorImage({ progress = null, ...props }: EventEditorImageProps) {
  return (
    <>
      <EventImagePicker {...props} />
      {progress !== null && <UploadProgress percent={progress} label="Uploading event image" />}
    </>
  );
}

function EventImagePicker({ file, error, disabled, onChange, current = null, onRemoveCurrent }: Omit<EventEditorImageProps, 'progress'>) {
  const id = `event-image-${useId()}`;
  const errorId = `${id}-error`;
  const preview = usePreview(file);
  return (
    <div className={['field', 'create-event__image', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <div className="create-event__image-preview">
        {preview ? (
          <img src={preview} alt="The chosen event image" width={160} height={100} />
        ) : current ? (
          <FeteImage value={current} bucket="events-images" size="small" alt="The event's current image" width={160} height={100} />
        ) : (
          <span className="create-event__image-none">No image</span>
        )}
      </div>
      <div className="create-event__image-body">
        <label className="field__label" htmlFor={id}>
          Event image
        </label>
        <p className="field__hint" id={`${id}-hint`}>
          Image files only, at most 30MB.
        </p>
        <input
          id={id}
          name="image"
          type="file"
          accept="image/*"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? errorId : ''].filter(Boolean).join(' ')}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            // Cleared, so picking the same file again still reports a change.
            e.target.value = '';
            if (!picked) return;
            const problem = imageFileProblem(picked);
            onChange(problem ? null : picked, problem ? problem.message : null);
          }}
        />
        {(file || (current && onRemoveCurrent)) && (
          <Button variant="secondary" disabled={disabled} onClick={() => (file ? onChange(null, null) : onRemoveCurrent?.())}>
            Remove image
          </Button>
        )}
        {error && (
          <p className="field__error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** An object URL for the chosen file, revoked when it changes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
