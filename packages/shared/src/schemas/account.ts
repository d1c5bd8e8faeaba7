import { z } from 'zod';
import { AUTH_MESSAGES, passwordSchema } from './auth';
import { userSchema } from './user';

const M = AUTH_MESSAGES;

/** The account routes' refusals (the web maps them to its locale keys by these names). */
export const ACCOUNT_ERRORS = {
  wrongPassword: 'The current password is not correct.',
  noPassword: 'This account signs in with a social provider and has no password to change.',
  samePassword: 'The new password must differ from the current one.',
  emailMismatch: 'The email you typed is not the email of this account.',
} as const;

/** `PATCH /api/user`: the display name, with registration's rules (SPEC §5 Full name: 3 to under 80). */
export const updateAccountRequestSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .min(3, M.nameTooShort)
    .max(79, M.nameTooLong),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;
export const updateAccountResponseSchema = userSchema;

/** `POST /api/auth/password`: the current password, then the new one twice (SPEC §5 Password rules). */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(128),
    password: passwordSchema,
    confirm_password: z.string({ error: M.passwordsDoNotMatch }),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: M.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `200` of `POST /api/auth/sessions/revoke-others` (and of a password change): sessions signed out. */
export const revokedSessionsResponseSchema = z.object({ revoked: z.number().int().nonnegative() });
export type RevokedSessionsResponse = z.infer<typeof revokedSessionsResponseSchema>;

/** `DELETE /api/user`: the account's email typed again as confirmation (any case, spaces trimmed). */
export const deleteAccountRequestSchema = z.object({
  email: z
    .string({ error: 'Type your email to confirm' })
    .trim()
    .min(1, 'Type your email to confirm')
    .max(254),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
