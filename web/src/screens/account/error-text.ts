// What a failed account call shows: the server's message when it sent one, the spec's fallback
// otherwise (network failures and answers without a message included).
import { AuthError } from '../../data/auth-api.ts';

export function isAuthError(err: unknown): err is AuthError {
  return err instanceof AuthError;
}

export function serverMessage(err: unknown, fallback: string): string {
  if (!isAuthError(err)) return fallback;
  if (err.status === 0) return fallback;
  const message = err.message.trim();
  // No message in the answer: the data layer uses the code (or http_NNN) as the message.
  if (!message || message === err.code || /^http_\d+$/.test(message)) return fallback;
  return message;
}

export function errorCode(err: unknown): string | null {
  return isAuthError(err) ? err.code : null;
}

/** Offline (or the server unreachable): worth saying so rather than blaming the form. */
export function isNetworkError(err: unknown): boolean {
  return isAuthError(err) ? err.retryable : err instanceof TypeError;
}

/**
 * The form field a server refusal is about: the new password for `weak_password` (too common),
 * the current password for `wrong_password`; null for anything else.
 */
export function fieldOfServerError(err: unknown): 'password' | 'current_password' | null {
  const code = errorCode(err);
  return code === 'weak_password' ? 'password' : code === 'wrong_password' ? 'current_password' : null;
}
