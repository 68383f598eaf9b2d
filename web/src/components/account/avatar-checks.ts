// The profile picture's checks and error texts, without the upload itself.
// The checks are the upload client's, so a picked file is refused with the same words the
// upload would use.
import { IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE, imageFileProblem } from '../../data/uploads.ts';

export const AVATAR_BUCKET = 'avatars';
export const NOT_AN_IMAGE = NOT_AN_IMAGE_MESSAGE;
export const IMAGE_TOO_LARGE = IMAGE_TOO_LARGE_MESSAGE;

/** 'Please upload an image file' or 'Image size must be less than 30MB' before anything is sent. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  return imageFileProblem(file)?.message ?? null;
}

/**
 * What a failed upload shows. The spec's checks and the server's refusals (4xx: not an image,
 * too large, unreadable, too many uploads) are meant for the member and shown as they are;
 * offline and network failures add their hint to the spec's fallback; the rest is the fallback.
 */
export function avatarErrorText(err: unknown, fallback: string): string {
  const message = err instanceof Error ? err.message.trim() : '';
  const { status, code } = (err ?? {}) as { status?: unknown; code?: unknown };
  if (message === NOT_AN_IMAGE || message === IMAGE_TOO_LARGE) return message;
  if (typeof status !== 'number' || !message) return fallback;
  if (status >= 400 && status < 500) return message;
  if (status === 0 && (code === 'offline' || code === 'network')) return `${fallback}. ${message}`;
  return fallback;
}
