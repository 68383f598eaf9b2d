// What a failed account call shows: the server's message when it sent one, the spec's fallback
// otherwise, and a text of its own when the connection is what failed.
import { AuthError } from '../../data/auth-api.ts';
import {
  MEMBERSHIP_EXPIRED_MESSAGE,
  RESET_FAILED,
  RESET_OFFLINE,
  RESET_SAVE_FAILED,
  RESET_SAVE_OFFLINE,
  SIGN_IN_FAILED,
  SIGN_IN_OFFLINE,
  SIGN_UP_FAILED,
  SIGN_UP_OFFLINE,
} from './account-texts.ts';

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
 * Whether the connection is to blame. The failed request decides first: a phone with no signal
 * may still report navigator.onLine (Chromium 150 does after going offline), and an answer from
 * the server (a 401, a 429) proves the connection works whatever navigator.onLine says.
 */
export function isConnectionProblem(err: unknown, online: boolean): boolean {
  if (isNetworkError(err)) return true;
  if (isAuthError(err)) return false;
  return !online;
}

/** navigator.onLine where there is one; a missing navigator is no reason to say offline. */
export function deviceOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export type AccountCall = 'sign-in' | 'sign-up' | 'reset-request' | 'reset-password';

const OFFLINE_TEXT: Record<AccountCall, string> = {
  'sign-in': SIGN_IN_OFFLINE,
  'sign-up': SIGN_UP_OFFLINE,
  'reset-request': RESET_OFFLINE,
  'reset-password': RESET_SAVE_OFFLINE,
};

/** The form's message after `call` failed with `err`, the device `online` or not at the time. */
export function accountFailureText(call: AccountCall, err: unknown, online: boolean): string {
  if (isConnectionProblem(err, online)) return OFFLINE_TEXT[call];
  switch (call) {
    case 'sign-in':
      // An expired membership is refused by the server: the member stays signed out.
      return errorCode(err) === 'membership_expired' ? MEMBERSHIP_EXPIRED_MESSAGE : serverMessage(err, SIGN_IN_FAILED);
    case 'sign-up':
      return serverMessage(err, SIGN_UP_FAILED);
    case 'reset-request': {
      // Too many requests (429) and validation answers carry a message worth showing; any other
      // answer is the spec's text, which never says whether the account exists.
      const code = errorCode(err);
      return code === 'rate_limited' || code === 'validation_error' ? serverMessage(err, RESET_FAILED) : RESET_FAILED;
    }
    case 'reset-password':
      return serverMessage(err, RESET_SAVE_FAILED);
  }
}

/**
 * The form field a server refusal is about: the new password for `weak_password` (too common),
 * the current password for `wrong_password`; null for anything else.
 */
export function fieldOfServerError(err: unknown): 'password' | 'current_password' | null {
  const code = errorCode(err);
  return code === 'weak_password' ? 'password' : code === 'wrong_password' ? 'current_password' : null;
}
