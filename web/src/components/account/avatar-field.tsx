// The profile-picture picker of sign-up step 2 and Settings > Edit Profile: a labelled file
// input, a preview, the error tied to the input, and the upload's progress.
import { useEffect, useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { FeteImage } from '../image/fete-image.tsx';

export interface AvatarFieldProps {
  label: string;
  /** A picked file, previewed from memory. */
  file?: File | null;
  /** What to show when no file is picked (the stored avatar), e.g. a <FeteImage>. */
  current?: ReactNode;
  hint?: string;
  error?: string;
  /** 0–100 while uploading, null otherwise. */
  progress?: number | null;
  disabled?: boolean;
  onPick(file: File | null): void;
  /** Extra controls next to the input (e.g. Remove). */
  children?: ReactNode;
  /** Whether the error is announced here (false where a toast says it already). */
  announce?: boolean;
}

export function AvatarField({ label, file, current, hint, error, progress = null, disabled, onPick, children, announce = true }: AvatarFieldProps) {
  const id = `avatar-${useId()}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const progressId = `${id}-progress`;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  return (
    <div className={['field', 'avatar-field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <div className="avatar-field__preview" aria-hidden={preview || current ? undefined : true}>
        {preview ? <img src={preview} alt="Preview of the chosen picture" width={96} height={96} /> : (current ?? <span className="avatar-field__placeholder" />)}
      </div>
      <div className="avatar-field__body">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {hint && (
          <p className="field__hint" id={hintId}>
            {hint}
          </p>
        )}
        <input
          id={id}
          name="avatar"
          type="file"
          accept="image/*"
          className="avatar-field__input"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId, progress !== null ? progressId : undefined].filter(Boolean).join(' ') || undefined}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            // Cleared, so picking the same file again still reports a change.
            e.target.value = '';
            onPick(picked);
          }}
        />
        {children}
        {progress !== null && <UploadProgress id={progressId} percent={progress} label="Uploading profile picture" />}
        {error && (
          <p className="field__error" id={errorId} role={announce ? 'alert' : undefined}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** The stored picture (a path in the avatars bucket, or an http URL); the placeholder without one. */
export function AvatarImage({ path }: { path: string | null }) {
  if (!path?.trim()) return <span className="avatar-field__placeholder" />;
  return <FeteImage value={path} bucket="avatars" size="small" alt="Your current profile picture" width={96} height={96} />;
}

/**
 * An upload's progress: a labelled <progress> (its value is read on demand) and one polite
 * announcement when it starts, not one per percent.
 */
export function UploadProgress({ id, percent, label }: { id?: string; percent: number; label: string }) {
  const rounded = Math.round(percent);
  return (
    <div className="avatar-field__progress" id={id}>
      <progress max={100} value={rounded} aria-label={label} />
      <span aria-hidden="true">{rounded}%</span>
      <span className="visually-hidden" role="status">
        {label}…
      </span>
    </div>
  );
}
