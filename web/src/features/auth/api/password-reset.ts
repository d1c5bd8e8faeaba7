import { useMutation } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import {
  messageResponseSchema,
  requestPasswordResetResponseSchema,
  type RequestPasswordResetRequest,
  type ResetPasswordRequest,
} from '@parley/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/auth/requestPasswordReset`: the same answer whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: RequestPasswordResetRequest) =>
      apiPost(paths.authRequestPasswordReset, body, requestPasswordResetResponseSchema, {
        refreshOnUnauthorized: false,
      }),
  });
}

/** `POST /api/auth/resetPassword` with the token and user id of the emailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiPost(paths.authResetPassword, body, messageResponseSchema, { refreshOnUnauthorized: false }),
  });
}
