// Request bodies of the HTTP API (ARCHITECTURE section 5), with the spec's messages.
import * as z from 'zod';
import {
  ADMIN_SUBMISSIONS_MAX_CURSOR, ADMIN_SUBMISSIONS_MAX_PAGE, ADMIN_SUBMISSIONS_MAX_SEARCH, ADMIN_SUBMISSIONS_PAGE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import { territorySchema } from './territory.ts';
import { REQUIRED_FIELDS_MESSAGE, requiredText } from './common.ts';
import { submissionStatusSchema } from './submission.ts';
import { pushEndpointSchema } from './push.ts';

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
/** `endpoint`: this device's push subscription, kept while every other device's goes (ADR 048). */
export const passwordChangeBodySchema = z.object({ current_password: currentPassword(), password: newPassword('Please enter a new password'), endpoint: pushEndpointSchema.optional() });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/**
 * `POST /api/auth/signout`: `everywhere` ends every session and access token of the account, and
 * every device's notifications; `endpoint` is this device's push subscription, which goes with it.
 */
export const signoutBodySchema = z.object({ everywhere: z.boolean().optional(), endpoint: pushEndpointSchema.optional() });

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

// ---- Admin: Users (ADR 026) --------------------------------------------------------------

/** At most this many users per page of `GET /api/admin/users`. */
export const ADMIN_USERS_MAX_PER_PAGE = 100;
export const ADMIN_USERS_DEFAULT_PER_PAGE = 25;
/** The longest search an admin may type (a name or an e-mail). */
export const ADMIN_USERS_MAX_SEARCH = 200;
/** Days Extend membership adds (a gold year). */
export const ADMIN_EXTEND_DAYS = 365;
export const SELF_ROLE_MESSAGE = 'You cannot change your own admin role';
export const SELF_DELETE_MESSAGE = 'You cannot delete your own account here. Use Settings to delete it.';
export const SELF_END_MEMBERSHIP_MESSAGE = 'You cannot end your own membership';
export const NEVER_EXPIRES_MESSAGE = 'This membership never expires';
export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const RESTAURANT_NOT_FOUND_MESSAGE = 'Restaurant not found';

/** An admin list's search as it arrives in a query string: trimmed, at most `max` characters. */
function searchParam(max: number) {
  return z.string().max(max, { error: `Search at most ${max} characters` }).default('').transform((s) => s.trim());
}

/** How many rows a page of an admin list holds, as it arrives in a query string. */
function pageSizeParam(name: string, max: number, fallback: number, things: string) {
  return z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(1, { error: `${name} is at least 1` })
    .max(max, { error: `At most ${max} ${things} per page` })
    .default(fallback);
}

/** `GET /api/admin/users?q=&page=&per_page=`: query parameters arrive as text. */
export const adminUsersQuerySchema = z.object({
  q: searchParam(ADMIN_USERS_MAX_SEARCH),
  page: z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page starts at 1' }).max(100_000).default(1),
  per_page: pageSizeParam('per_page', ADMIN_USERS_MAX_PER_PAGE, ADMIN_USERS_DEFAULT_PER_PAGE, 'users'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** One row of the Users list. */
export const adminUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['member', 'admin']),
  membership_type: z.string(),
  membership_expires_at: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** `POST /api/admin/users/{id}/role`. */
export const adminRoleBodySchema = z.object({ role: z.enum(['member', 'admin'], { error: 'role must be member or admin' }) });
export type AdminRoleBody = z.infer<typeof adminRoleBodySchema>;

/** `POST /api/admin/users/{id}/membership`: extend adds `days` (365 by default) from today or the expiry, whichever is later; end expires it now. */
export const adminMembershipBodySchema = z.object({
  action: z.enum(['extend', 'end'], { error: 'action must be extend or end' }),
  days: z.number().int().min(1, { error: 'days is at least 1' }).max(3650, { error: 'days is at most 3650' }).optional(),
});
export type AdminMembershipBody = z.infer<typeof adminMembershipBodySchema>;

/** `POST /api/admin/users/{id}/restaurant`: the restaurant this member owns, or null for none. */
export const adminRestaurantBodySchema = z.object({
  restaurant_id: z
    .string({ error: 'restaurant_id must be a restaurant id or null' })
    .regex(/^[^:\s]+$/, { error: 'restaurant_id must be a restaurant id' })
    .max(300)
    .nullable(),
});
export type AdminRestaurantBody = z.infer<typeof adminRestaurantBodySchema>;

// ---- Admin: a form's submissions (ADR 038) ------------------------------------------------

// The sizes live in constants.ts, so the app's data layer reads them without loading Zod.
export { ADMIN_SUBMISSIONS_MAX_CURSOR, ADMIN_SUBMISSIONS_MAX_PAGE, ADMIN_SUBMISSIONS_MAX_SEARCH, ADMIN_SUBMISSIONS_PAGE };

/** `GET /api/admin/forms/{formid}/submissions?q=&cursor=&limit=`: query parameters arrive as text. */
export const adminSubmissionsQuerySchema = z.object({
  q: searchParam(ADMIN_SUBMISSIONS_MAX_SEARCH),
  cursor: z
    .string()
    .max(ADMIN_SUBMISSIONS_MAX_CURSOR, { error: 'That is not a page of this list' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'That is not a page of this list' })
    .optional(),
  limit: pageSizeParam('limit', ADMIN_SUBMISSIONS_MAX_PAGE, ADMIN_SUBMISSIONS_PAGE, 'submissions'),
});
export type AdminSubmissionsQuery = z.infer<typeof adminSubmissionsQuerySchema>;

/** A page of a form's submissions, newest first, with the submitters' full names (missing for deleted accounts). */
export interface AdminSubmissionsPage {
  submissions: Array<Record<string, unknown> & { _id: string; id: string; userid: string; status: string; createdat: string }>;
  names: Record<string, string>;
  /** Pass it back for the next page; null at the end of the list. */
  next: string | null;
}
