// The limits of ARCHITECTURE.md section 4: sign-in, sign-up and reset, per IP and per account.
import type { Context } from 'hono';
import type { Config } from '../config.ts';
import { apiError } from '../http-errors.ts';
import { createSlidingWindow } from './sliding-window.ts';
import type { SlidingWindow, Verdict } from './sliding-window.ts';

export interface AuthLimits {
  signinPerIp: SlidingWindow;
  /**
   * Counts failed sign-ins only, keyed by normalised e-mail (whether or not it exists) and the
   * address they came from: a stranger's wrong guesses lock out the stranger, not the owner.
   */
  signinPerAccount: SlidingWindow;
  /** Failed sign-ins of an e-mail from every address; past it only known devices get through. */
  signinPerAccountAll: SlidingWindow;
  signupPerIp: SlidingWindow;
  /** Reset requests and reset confirmations share the per-IP budget. */
  resetPerIp: SlidingWindow;
  resetPerAccount: SlidingWindow;
}

type RateConfig = Pick<
  Config,
  'RATE_SIGNIN_PER_ACCOUNT' | 'RATE_SIGNIN_PER_ACCOUNT_ALL' | 'RATE_SIGNIN_PER_IP' | 'RATE_SIGNUP_PER_IP' | 'RATE_RESET_PER_ACCOUNT' | 'RATE_RESET_PER_IP' | 'RATE_WINDOW_SECONDS'
>;

export function createAuthLimits(config: RateConfig): AuthLimits {
  const windowMs = config.RATE_WINDOW_SECONDS * 1000;
  const w = (limit: number) => createSlidingWindow({ limit, windowMs });
  return {
    signinPerIp: w(config.RATE_SIGNIN_PER_IP),
    signinPerAccount: w(config.RATE_SIGNIN_PER_ACCOUNT),
    signinPerAccountAll: w(config.RATE_SIGNIN_PER_ACCOUNT_ALL),
    signupPerIp: w(config.RATE_SIGNUP_PER_IP),
    resetPerIp: w(config.RATE_RESET_PER_IP),
    resetPerAccount: w(config.RATE_RESET_PER_ACCOUNT),
  };
}

export function rateLimited(c: Context, verdict: Verdict) {
  c.header('Retry-After', String(verdict.retryAfter));
  return apiError(c, 429, 'rate_limited', 'Too many attempts. Please try again later.');
}
