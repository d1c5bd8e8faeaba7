import { z } from 'zod';
import { authResponseSchema } from './auth';

/** API.md "Two-factor sign-in": the texts of its refusals (the web maps them to locale keys by code). */
export const TWO_FACTOR_ERRORS = {
  invalidCode: 'The code is not correct or was already used.',
  codeRequired: 'Enter a code from your authenticator app or a backup code.',
  invalidTempToken: 'This sign-in has expired. Please sign in again.',
  tooManyAttempts: 'Too many wrong codes. Please wait a few minutes and try again.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notPending: 'Start setting up two-factor sign-in first.',
  notEnabled: 'Two-factor sign-in is not on.',
  noPassword: 'This account signs in with a social provider and has no password to protect.',
} as const;

/** Stable `code`s of those refusals. */
export const TWO_FACTOR_ERROR_CODES = {
  invalidCode: 'invalid_2fa_code',
  codeRequired: 'invalid_2fa_code',
  invalidTempToken: 'invalid_temp_token',
  tooManyAttempts: 'too_many_2fa_attempts',
  alreadyEnabled: 'two_factor_enabled',
  notPending: 'two_factor_not_pending',
  notEnabled: 'two_factor_not_enabled',
  noPassword: 'no_password',
} as const satisfies Record<keyof typeof TWO_FACTOR_ERRORS, string>;

/** `REQUIRE_2FA`: who must have two-factor sign-in before entering the app. */
export const REQUIRE_2FA_MODES = ['off', 'admins', 'all'] as const;
export type Require2faMode = (typeof REQUIRE_2FA_MODES)[number];

const code = z.string().trim().min(1).max(32);
const password = z.string().min(1).max(128);
const tempToken = z.string().min(1).max(2048);

/**
 * `POST /api/auth/2fa/enable`: the password typed again; or, for a user whom `REQUIRE_2FA` sends to set it
 * up at sign-in, the `tempToken` of that sign-in (the password was just checked).
 */
export const twoFactorEnableRequestSchema = z
  .object({ password: password.optional(), tempToken: tempToken.optional() })
  .refine((body) => body.password !== undefined || body.tempToken !== undefined, {
    message: 'Password is required',
    path: ['password'],
  });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;

/** What the authenticator app needs, and the 10 backup codes, shown once (pending until confirmed). */
export const twoFactorEnableResponseSchema = z.object({
  otpauthUrl: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()).length(10),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

/** `POST /api/auth/2fa/confirm`: a code of the new secret; with the setup `tempToken`, it also signs in. */
export const twoFactorConfirmRequestSchema = z.object({ token: code, tempToken: tempToken.optional() });
export type TwoFactorConfirmRequest = z.infer<typeof twoFactorConfirmRequestSchema>;
/** `{message}` when signed in already; `{token, user}` + refresh cookie when confirming with a temp token. */
export const twoFactorConfirmResponseSchema = z.union([
  authResponseSchema,
  z.object({ message: z.string() }),
]);
export type TwoFactorConfirmResponse = z.infer<typeof twoFactorConfirmResponseSchema>;

/** `POST /api/auth/2fa/disable`: the password and a code or a backup code. */
export const twoFactorDisableRequestSchema = z.object({
  password,
  token: code.optional(),
  backupCode: code.optional(),
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

/** `POST /api/auth/2fa/backup/regenerate {token}` → 10 new backup codes (the old ones stop working). */
export const twoFactorRegenerateRequestSchema = z.object({ token: code });
export const twoFactorBackupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()).length(10) });
export type TwoFactorBackupCodesResponse = z.infer<typeof twoFactorBackupCodesResponseSchema>;

/** `GET /api/auth/2fa`: the caller's state, for Settings → Account. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  backupCodesLeft: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /api/auth/2fa/verify-temp`: the temp token of the sign-in and a code or a backup code. */
export const twoFactorVerifyTempRequestSchema = z.object({
  tempToken,
  token: code.optional(),
  backupCode: code.optional(),
});
export type TwoFactorVerifyTempRequest = z.infer<typeof twoFactorVerifyTempRequestSchema>;

/** A right password of an account with two-factor sign-in on: the code comes next. */
export const twoFactorPendingSchema = z.object({ twoFAPending: z.literal(true), tempToken: z.string() });
/** A right password of an account that must set up two-factor sign-in (`REQUIRE_2FA`) first. */
export const twoFactorSetupRequiredSchema = z.object({
  twoFASetupRequired: z.literal(true),
  tempToken: z.string(),
});
export const loginChallengeSchema = z.union([twoFactorPendingSchema, twoFactorSetupRequiredSchema]);
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** `200` of `POST /api/auth/login`: signed in, or a second step first. */
export const loginResponseSchema = z.union([authResponseSchema, loginChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
