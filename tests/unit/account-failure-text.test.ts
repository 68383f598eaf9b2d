// Which message a failed sign-in, sign-up or password reset shows: the connection's own text when
// the request got no real answer (whatever navigator.onLine says), the server's or the spec's
// otherwise, even when navigator.onLine is stale and says offline.
import { describe, expect, it } from 'vitest';
import { AuthError } from '../../web/src/data/auth-api.ts';
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
} from '../../web/src/components/account/account-texts.ts';
import { accountFailureText, isConnectionProblem } from '../../web/src/components/account/error-text.ts';
import type { AccountCall } from '../../web/src/components/account/error-text.ts';

const network = () => new AuthError(0, 'network', 'Failed to fetch');
const OFFLINE: Record<AccountCall, string> = {
  'sign-in': SIGN_IN_OFFLINE,
  'sign-up': SIGN_UP_OFFLINE,
  'reset-request': RESET_OFFLINE,
  'reset-password': RESET_SAVE_OFFLINE,
};
const CALLS = Object.keys(OFFLINE) as AccountCall[];

describe('isConnectionProblem', () => {
  it('blames the connection for a request that got no answer or a gateway failure, online or not', () => {
    for (const online of [true, false]) {
      expect(isConnectionProblem(network(), online)).toBe(true);
      for (const status of [502, 503, 504]) expect(isConnectionProblem(new AuthError(status, `http_${status}`, `http_${status}`), online)).toBe(true);
      expect(isConnectionProblem(new TypeError('Failed to fetch'), online)).toBe(true);
    }
  });
  it('trusts an answer from the server over a navigator that says offline', () => {
    expect(isConnectionProblem(new AuthError(401, 'invalid_credentials', 'Invalid email or password'), false)).toBe(false);
    expect(isConnectionProblem(new AuthError(500, 'http_500', 'http_500'), false)).toBe(false);
  });
  it('blames the connection for any other failure only when the device says offline', () => {
    expect(isConnectionProblem(new Error('no user'), false)).toBe(true);
    expect(isConnectionProblem(new Error('no user'), true)).toBe(false);
  });
});

describe('accountFailureText', () => {
  it('says each screen needs a connection, that nothing typed is lost, and what works offline', () => {
    for (const call of CALLS) {
      const text = accountFailureText(call, network(), true);
      expect(text).toBe(OFFLINE[call]);
      expect(text).toMatch(/needs an internet connection/);
      expect(text).toMatch(/still here/);
      expect(text).toMatch(/browsing the events, bands, restaurants and more saved on this device/);
      expect(text).toMatch(/once you are signed in, your own saved data works offline too/);
    }
    expect(new Set(CALLS.map((c) => accountFailureText(c, network(), true))).size).toBe(CALLS.length);
  });

  it('uses the offline text when navigator.onLine is false and the failure is not an answer', () => {
    for (const call of CALLS) expect(accountFailureText(call, new Error('boom'), false)).toBe(OFFLINE[call]);
    expect(accountFailureText('sign-in', new AuthError(503, 'http_503', 'http_503'), true)).toBe(SIGN_IN_OFFLINE);
  });

  it('keeps the spec texts and server messages when the server answered', () => {
    const wrong = new AuthError(401, 'invalid_credentials', 'Invalid email or password');
    expect(accountFailureText('sign-in', wrong, true)).toBe('Invalid email or password');
    expect(accountFailureText('sign-in', wrong, false)).toBe('Invalid email or password');
    expect(accountFailureText('sign-in', new AuthError(500, 'http_500', 'http_500'), true)).toBe(SIGN_IN_FAILED);
    expect(accountFailureText('sign-in', new AuthError(403, 'membership_expired', 'expired'), true)).toBe(MEMBERSHIP_EXPIRED_MESSAGE);
    expect(accountFailureText('sign-up', new Error('no user'), true)).toBe(SIGN_UP_FAILED);
    expect(accountFailureText('sign-up', new AuthError(409, 'email_taken', 'An account with this email already exists'), true)).toBe(
      'An account with this email already exists',
    );
    expect(accountFailureText('reset-password', new AuthError(500, 'http_500', 'http_500'), true)).toBe(RESET_SAVE_FAILED);
  });

  it('never says whether an account exists when a reset request fails, except for limits and validation', () => {
    expect(accountFailureText('reset-request', new AuthError(404, 'not_found', 'No account with this email'), true)).toBe(RESET_FAILED);
    expect(accountFailureText('reset-request', new AuthError(429, 'rate_limited', 'Too many attempts. Please try again later.'), true)).toBe(
      'Too many attempts. Please try again later.',
    );
  });
});

describe('a server too busy to check a password (ADR 056)', () => {
  it("shows the server's 429 text with its wait, not the offline text, online or not", () => {
    const busy = new AuthError(429, 'server_busy', 'Fete is busy signing other people in. Please try again in 2 seconds.');
    for (const online of [true, false]) {
      expect(accountFailureText('sign-in', busy, online)).toBe('Fete is busy signing other people in. Please try again in 2 seconds.');
      expect(accountFailureText('sign-up', busy, online)).toContain('try again in 2 seconds');
      expect(accountFailureText('reset-password', busy, online)).toContain('try again in 2 seconds');
    }
  });
});
