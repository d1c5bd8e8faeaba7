import { z } from 'zod';
import { userSchema } from './user';

/**
 * The texts the auth forms show for SPEC §5 rule failures; the server answers the same texts in `fields`.
 * The web maps them to its locale keys by these names. Where SPEC §5 leaves a choice, the rule below is the
 * one we took, and its message says exactly that rule.
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailTooShort: 'Email must be at least 6 characters',
  emailTooShortForReset: 'Email must be at least 3 characters',
  emailTooLong: 'Email should not be longer than 120 characters',
  emailInvalid: 'You must enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be 128 characters or less',
  passwordsDoNotMatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 3 characters',
  nameTooLong: 'Name must be less than 80 characters',
  usernameTooShort: 'Username must be at least 2 characters',
  usernameTooLong: 'Username must be less than 80 characters',
  resetTokenRequired: 'Unable to process: No valid reset token',
  resetUserIdRequired: 'Unable to process: No valid user id',
} as const;
export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

/** Texts of the server's auth answers the UI may show or test against (API.md "Auth"). */
export const AUTH_ERRORS = {
  invalidCredentials: 'Invalid credentials',
  invalidResetToken: 'This password reset token is no longer valid.',
  registrationDisabled: 'Registration is not allowed.',
  domainNotAllowed: 'Registration from this email domain is not allowed.',
  emailTaken: 'An account with this email already exists.',
  emailLoginDisabled: 'Logging in with email and password is disabled.',
  banned: 'Your account has been temporarily banned due to violations of our service.',
} as const;

const M = AUTH_MESSAGES;
export const EMAIL_MAX = 120;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** x@y.z with no spaces: the loose pattern of the login and forgot-password forms. */
const LOOSE_EMAIL = /^\S+@\S+\.\S+$/;

const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

const loginEmail = requiredString(M.emailRequired)
  .max(EMAIL_MAX, M.emailTooLong)
  .regex(LOOSE_EMAIL, M.emailInvalid);

const registrationEmail = requiredString(M.emailRequired)
  .min(6, M.emailTooShort)
  .max(EMAIL_MAX, M.emailTooLong)
  .regex(z.regexes.email, M.emailInvalid);

const resetRequestEmail = requiredString(M.emailRequired)
  .min(3, M.emailTooShortForReset)
  .max(EMAIL_MAX, M.emailTooLong)
  .regex(LOOSE_EMAIL, M.emailInvalid);

/** Passwords are taken as typed (never trimmed). */
export const passwordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN, M.passwordTooShort)
  .max(PASSWORD_MAX, M.passwordTooLong);

const password = passwordSchema;
const confirmPassword = z.string({ error: M.passwordsDoNotMatch });

/** '' (the empty form field) and absent both mean "no username". */
const username = z
  .string()
  .trim()
  .refine((value) => value === '' || value.length >= 2, M.usernameTooShort)
  .refine((value) => value.length < 80, M.usernameTooLong)
  .optional();

const passwordsMatch = (body: { password: string; confirm_password: string }) =>
  body.password === body.confirm_password;
const mismatch = { message: M.passwordsDoNotMatch, path: ['confirm_password'] };

/** `POST /api/auth/login`. */
export const loginRequestSchema = z.object({ email: loginEmail, password });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST /api/auth/register`. */
export const registerRequestSchema = z
  .object({
    name: requiredString(M.nameRequired).min(3, M.nameTooShort).max(79, M.nameTooLong),
    username,
    email: registrationEmail,
    password,
    confirm_password: confirmPassword,
  })
  .refine(passwordsMatch, mismatch);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** `POST /api/auth/requestPasswordReset`. */
export const requestPasswordResetRequestSchema = z.object({ email: resetRequestEmail });
export type RequestPasswordResetRequest = z.infer<typeof requestPasswordResetRequestSchema>;

/** `POST /api/auth/resetPassword` (the form's `token` and `userId` come from the link's query). */
export const resetPasswordRequestSchema = z
  .object({
    token: requiredString(M.resetTokenRequired),
    userId: requiredString(M.resetUserIdRequired),
    password,
    confirm_password: confirmPassword,
  })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** `200` of login, register and refresh: the access token (kept in memory) and the user. */
export const authResponseSchema = z.object({ token: z.string().min(1), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** `200` of logout and resetPassword. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `200` of requestPasswordReset: the same text whether or not the account exists; never the link. */
export const requestPasswordResetResponseSchema = z.object({ message: z.string() });
export type RequestPasswordResetResponse = z.infer<typeof requestPasswordResetResponseSchema>;

/**
 * Why a social login failed: the `error` of the `/login?error=…` redirect that ends a failed
 * `/oauth/{provider}/callback`.
 */
export const OAUTH_ERROR_CODES = [
  'auth_failed',
  'invalid_state',
  'registration_disabled',
  'domain_not_allowed',
  'email_not_verified',
  'banned',
  'rate_limited',
  'account_disabled',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];
