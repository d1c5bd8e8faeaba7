import { paths } from '@parley/shared/api/paths';
import { authResponseSchema, messageResponseSchema, type AuthResponse } from '@parley/shared/schemas/auth';
import {
  twoFactorBackupCodesResponseSchema,
  twoFactorConfirmResponseSchema,
  twoFactorEnableResponseSchema,
  twoFactorStatusSchema,
  type TwoFactorDisableRequest,
  type TwoFactorEnableResponse,
  type TwoFactorStatus,
} from '@parley/shared/schemas/two-factor';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The query key of the signed-in user's two-factor state (Settings → Account). */
export const TWO_FACTOR_STATUS_KEY = [paths.twoFactor] as const;

export const fetchTwoFactorStatus = (): Promise<TwoFactorStatus> =>
  apiGet(paths.twoFactor, twoFactorStatusSchema);

/** Signed in: the password typed again starts setting up (pending until `confirmTwoFactor`). */
export const enableTwoFactor = (password: string): Promise<TwoFactorEnableResponse> =>
  apiPost(paths.twoFactorEnable, { password }, twoFactorEnableResponseSchema);

export async function confirmTwoFactor(code: string): Promise<void> {
  await apiPost(paths.twoFactorConfirm, { token: code }, twoFactorConfirmResponseSchema);
}

export async function disableTwoFactor(input: TwoFactorDisableRequest): Promise<void> {
  await apiPost(paths.twoFactorDisable, input, messageResponseSchema);
}

export const regenerateBackupCodes = async (code: string): Promise<string[]> =>
  (await apiPost(paths.twoFactorRegenerateBackupCodes, { token: code }, twoFactorBackupCodesResponseSchema))
    .backupCodes;

// At sign-in: the temp token stands for the password just checked; a 401 is the code's or token's own answer.
const atSignIn = { refreshOnUnauthorized: false } as const;

/** The sign-in's second step: a code (or a backup code) → the session. */
export const verifySignInCode = (
  tempToken: string,
  factor: { token: string } | { backupCode: string },
): Promise<AuthResponse> =>
  apiPost(paths.twoFactorVerifyTemp, { tempToken, ...factor }, authResponseSchema, atSignIn);

/** A sign-in `REQUIRE_2FA` sent to set up first: the new secret and backup codes. */
export const enableTwoFactorAtSignIn = (tempToken: string): Promise<TwoFactorEnableResponse> =>
  apiPost(paths.twoFactorEnable, { tempToken }, twoFactorEnableResponseSchema, atSignIn);

/** …and its confirmation, which signs in. */
export async function confirmTwoFactorAtSignIn(tempToken: string, code: string): Promise<AuthResponse> {
  const answer = await apiPost(
    paths.twoFactorConfirm,
    { token: code, tempToken },
    twoFactorConfirmResponseSchema,
    atSignIn,
  );
  return authResponseSchema.parse(answer);
}
