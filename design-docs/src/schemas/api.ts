// Request bodies of the HTTP API (ARCHITECTURE section 5), with the spec's messages.
import * as z from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { territorySchema } from './territory.ts';
import { REQUIRED_FIELDS_MESSAGE, requiredText } from './common.ts';
import { submissionStatusSchema } from './submission.ts';

export const PASSWORD_LENGTH_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';
export const SIGNIN_REQUIRED_MESSAGE = 'Please enter your email and password';
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';

function email(requiredMessage: string) {
  return requiredText(requiredMessage).pipe(z.email({ error: EMAIL_INVALID_MESSAGE }));
}

/** Not trimmed: spaces are part of a password. */
function newPassword(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_LENGTH_MESSAGE })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long` });
}

/** Sign-up step 1, "Create Account". */
export const signupAccountSchema = z.object({
  first_name: requiredText(REQUIRED_FIELDS_MESSAGE),
  last_name: requiredText(REQUIRED_FIELDS_MESSAGE),
  email: email(REQUIRED_FIELDS_MESSAGE),
  password: newPassword(REQUIRED_FIELDS_MESSAGE),
});

/** Sign-up step 2, "Profile Details". */
export const signupLocationSchema = z.object({
  territory: territorySchema,
  locality: requiredText('Please fill in all location fields'),
});

/** `POST /api/auth/signup`. */
export const signupBodySchema = z.object({ ...signupAccountSchema.shape, ...signupLocationSchema.shape });
export type SignupBody = z.infer<typeof signupBodySchema>;

/** `POST /api/auth/signin`: no length rule, so old passwords still sign in. */
export const signinBodySchema = z.object({
  email: email(SIGNIN_REQUIRED_MESSAGE),
  password: z
    .string({ error: SIGNIN_REQUIRED_MESSAGE })
    .min(1, { error: SIGNIN_REQUIRED_MESSAGE })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long` }),
});
export type SigninBody = z.infer<typeof signinBodySchema>;

/** `POST /api/auth/reset-request`. */
export const resetRequestBodySchema = z.object({ email: email(EMAIL_REQUIRED_MESSAGE) });
export type ResetRequestBody = z.infer<typeof resetRequestBodySchema>;

/** `POST /api/auth/reset`. */
export const resetBodySchema = z.object({
  token: requiredText('The reset link is missing its token'),
  password: newPassword('Please enter a new password'),
});
export type ResetBody = z.infer<typeof resetBodySchema>;

export const CURRENT_PASSWORD_MESSAGE = 'Please enter your current password';
export const WRONG_PASSWORD_MESSAGE = 'Your current password is incorrect';
/** Refused on sign-up, reset and change (the server judges it: the word list stays off the device). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose another.';

function currentPassword() {
  return z
    .string({ error: CURRENT_PASSWORD_MESSAGE })
    .min(1, { error: CURRENT_PASSWORD_MESSAGE })
    .max(PASSWORD_MAX_LENGTH, { error: WRONG_PASSWORD_MESSAGE });
}

/** `POST /api/auth/password`: a stolen access token alone cannot take the account over. */
export const passwordChangeBodySchema = z.object({ current_password: currentPassword(), password: newPassword('Please enter a new password') });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** `POST /api/auth/signout`: `everywhere` ends every session and access token of the account. */
export const signoutBodySchema = z.object({ everywhere: z.boolean().optional() });

/** Settings > Change Password, and the reset page: the confirmation never leaves the browser. */
export const passwordChangeFormSchema = z
  .object({ password: newPassword('Please enter a new password'), confirm_password: z.string() })
  .refine((f) => f.password === f.confirm_password, { error: PASSWORDS_DIFFER_MESSAGE, path: ['confirm_password'] });

/** Settings > Change Password: the current password, then the new one twice. */
export const settingsPasswordFormSchema = z
  .object({ current_password: currentPassword(), password: newPassword('Please enter a new password'), confirm_password: z.string() })
  .refine((f) => f.password === f.confirm_password, { error: PASSWORDS_DIFFER_MESSAGE, path: ['confirm_password'] });

/** `POST /api/functions/form-status-notification`. */
export const formStatusNotificationBodySchema = z.object({
  submissionId: requiredText('submissionId is required'),
  status: submissionStatusSchema,
});
export type FormStatusNotificationBody = z.infer<typeof formStatusNotificationBodySchema>;

/** `POST /api/functions/chat-delete`: an admin removes one Public Chat message. */
export const chatDeleteBodySchema = z.object({
  messageId: requiredText('messageId is required').pipe(z.string().startsWith('message:', { error: 'messageId must be a message id' })),
});
export type ChatDeleteBody = z.infer<typeof chatDeleteBodySchema>;

/** The answer of chat-delete and chat-clear. */
export const chatAdminResultSchema = z.object({ success: z.literal(true), deleted: z.number().int().min(0) });
export type ChatAdminResult = z.infer<typeof chatAdminResultSchema>;

/** Every API error: `{error, message}` with a fitting status. */
export const apiErrorSchema = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * `GET /api/config`: the public settings the app shows (the support address on receipts). It
 * holds nothing secret: anyone may read it, and the app keeps a copy for offline use.
 */
export const publicConfigSchema = z.object({
  support_email: z.email(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
