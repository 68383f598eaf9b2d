// The account screens' texts that the spec quotes, in one place (its error texts among them).
import { MEMBERSHIP_RENEW_MESSAGE, membershipWarning } from '../../../../design-docs/src/membership.ts';
import { PREMIUM_PRICE_PER_YEAR_USD } from '../../../../design-docs/src/constants.ts';
import { formatPrice } from '../../lib/money.ts';

export { MEMBERSHIP_EXPIRED_MESSAGE, MEMBERSHIP_RENEW_MESSAGE } from '../../../../design-docs/src/membership.ts';
export { PASSWORDS_DIFFER_MESSAGE } from '../../../../design-docs/src/schemas/api.ts';

export const SIGN_IN_FAILED = 'Failed to sign in';
export const SIGN_UP_FAILED = 'Failed to create account';
export const RESET_FAILED = 'Unable to send reset instructions. Please check your email address and try again.';
export const RESET_CHECK_EMAIL = 'Check your email for password reset instructions';
export const RESET_SENT = 'If an account exists with this email, you will receive password reset instructions shortly.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';
export const RESET_DONE = 'Your password has been reset. You can now sign in with your new password.';
export const RESET_SAVE_FAILED = 'Failed to reset password';

// Offline (or Fete unreachable): what needs the connection, that nothing typed is lost, and what
// still works without it. Not in the spec, which only has the generic fallbacks above.
const OFFLINE_STILL_WORKS =
  'Meanwhile, you can keep browsing the events, bands, restaurants and more saved on this device; once you are signed in, your own saved data works offline too.';
export const SIGN_IN_OFFLINE = `Signing in needs an internet connection, and Fete cannot be reached right now. What you typed is still here: try again when you are back online. ${OFFLINE_STILL_WORKS}`;
export const SIGN_UP_OFFLINE = `Creating an account needs an internet connection, and Fete cannot be reached right now. Everything you entered is still here: try again when you are back online. ${OFFLINE_STILL_WORKS}`;
export const RESET_OFFLINE = `Sending reset instructions needs an internet connection, and Fete cannot be reached right now. Your email address is still here: try again when you are back online. ${OFFLINE_STILL_WORKS}`;
export const RESET_SAVE_OFFLINE = `Saving your new password needs an internet connection, and Fete cannot be reached right now. What you typed is still here: try again from this page when you are back online. ${OFFLINE_STILL_WORKS}`;

export const NO_USER = 'No user found';
export const PROFILE_LOAD_FAILED = 'Failed to load profile';
export const PROFILE_SAVED = 'Profile updated successfully';
export const PROFILE_SAVE_FAILED = 'Failed to update profile';
export const AVATAR_SAVED = 'Profile picture updated successfully';
export const AVATAR_SAVE_FAILED = 'Failed to update profile picture';
export const PASSWORD_SAVED = 'Password updated successfully';
export const PASSWORD_SAVE_FAILED = 'Failed to update password';
export const SAVED_OFFLINE = 'You are offline: the change is saved on this device and syncs when you are back online.';

export const PREMIUM_PRICE = `${formatPrice(PREMIUM_PRICE_PER_YEAR_USD)} per year`;

/** The membership warning at sign-in: both of the spec's sentences in one notice. */
export function membershipWarningText(w: { days_left: number; message?: string; detail?: string }): string {
  return `${w.message || membershipWarning(w.days_left)} ${w.detail || MEMBERSHIP_RENEW_MESSAGE}`;
}
