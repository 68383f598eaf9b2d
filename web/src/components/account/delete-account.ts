// The delete-user call and how its answer reads: POST with
// the bearer token, JSON content type, no body; the answer carries `success` and `error`.
import { AuthError } from '../../data/auth-api.ts';

export const DELETE_CONFIRM = 'Are you sure you want to delete your account? This action cannot be undone.';
export const DELETE_NEEDS_SESSION = 'Please sign in again to delete your account';
export const DELETE_DONE = 'Your account has been successfully deleted';
export const DELETE_FAILED = 'Failed to delete account';

export type DeleteOutcome = { ok: true } | { ok: false; message: string };

export const DELETE_USER_PATH = '/api/functions/delete-user';

/** `send` adds the bearer token: the data layer's `fetch`. */
export async function deleteAccount(send: typeof fetch): Promise<DeleteOutcome> {
  let res: Response;
  try {
    res = await send(DELETE_USER_PATH, { method: 'POST', headers: { 'content-type': 'application/json' } });
  } catch (err) {
    // Getting a token failed: the spec's authentication error. Anything else is a network failure.
    if (err instanceof AuthError) return { ok: false, message: `Authentication error: ${err.message}` };
    return { ok: false, message: DELETE_FAILED };
  }
  const body = (await res.json().catch(() => null)) as { success?: unknown; error?: unknown } | null;
  if (res.ok && body?.success === true) return { ok: true };
  const error = typeof body?.error === 'string' && body.error.trim() ? body.error : null;
  return { ok: false, message: error ?? DELETE_FAILED };
}
