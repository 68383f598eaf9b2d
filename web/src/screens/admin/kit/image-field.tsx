// The image choice of the catalogue admin forms: image files only,
// uploaded at once to the page's bucket with its progress shown; the draft keeps the stored path.
// A failed upload keeps the previous image and says why.
import { useId, useState } from 'react';
import type { UploadBucket } from '../../../../../design-docs/src/constants.ts';
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { Button } from '../../../components/ui/index.ts';
import { useDataLayer } from '../../../data/react.ts';
import { imageFileProblem, UploadError } from '../../../data/uploads.ts';
import { UploadProgress } from '../../../components/account/avatar-field.tsx';

export interface ImageFieldProps {
  label: string;
  bucket: UploadBucket;
  /** The stored path or URL; '' for none. */
  value: string;
  onChange(value: string): void;
  /** Told while an upload runs, so the form can wait for it. */
  onBusy?(busy: boolean): void;
  /** The input's name, for the form's focus on a missing image (default 'image'). */
  name?: string;
  /** The form's problem with this field (a required image missing). */
  error?: string | undefined;
}

export function ImageField({ label, bucket, value, onChange, onBusy, name = 'image', error: formError }: ImageFieldProps) {
  const data = useDataLayer();
  const id = `image-${useId()}`;
  const errorId = `${id}-error`;
  const [percent, setPercent] = useState<number | null>(null);
  const [uploadError, setError] = useState<string | null>(null);
  const error = uploadError ?? formError ?? null;

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return setError(problem.message);
    setError(null);
    setPercent(0);
    onBusy?.(true);
    try {
      const { path } = await data.uploads.uploadImage(file, bucket, { onProgress: (f) => setPercent(f * 100) });
      onChange(path);
    } catch (err) {
      setError(err instanceof UploadError ? err.message : 'The upload failed. Please try again.');
    } finally {
      setPercent(null);
      onBusy?.(false);
    }
  };

  return (
    <div className={['field', 'kit-image', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <div className="kit-image__preview">
        {value ? <FeteImage value={value} bucket={bucket} size="small" alt="The chosen image" width={120} height={80} /> : <span className="kit-image__none">No image</span>}
      </div>
      <div className="kit-image__body">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="file"
          accept="image/*"
          disabled={percent !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            // Cleared, so picking the same file again still reports a change.
            e.target.value = '';
            void pick(picked);
          }}
        />
        {value && percent === null && (
          <Button variant="secondary" onClick={() => onChange('')}>
            Remove image
          </Button>
        )}
        {percent !== null && <UploadProgress percent={percent} label="Uploading image" />}
        {error && (
          <p className="field__error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
