import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import {
  revokedSessionsResponseSchema,
  updateAccountResponseSchema,
  type ChangePasswordRequest,
} from '@parley/shared/schemas/account';
import { messageResponseSchema } from '@parley/shared/schemas/auth';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-client';
import { clearCachedData } from '../clear-previous-session';
import { useAuthStore } from '../store';

/** `PATCH /api/user`: the new name shows at once in the user menu. */
export async function renameAccount(name: string): Promise<void> {
  const user = await apiPatch(paths.user, { name }, updateAccountResponseSchema);
  useAuthStore.setState({ user });
}

/** `POST /api/auth/password`; resolves to how many other sessions were signed out. */
export async function changePassword(input: ChangePasswordRequest): Promise<number> {
  return (await apiPost(paths.authPassword, input, revokedSessionsResponseSchema)).revoked;
}

/** `POST /api/auth/sessions/revoke-others`; resolves to how many were signed out. */
export async function signOutOtherSessions(): Promise<number> {
  return (await apiPost(paths.authRevokeOtherSessions, {}, revokedSessionsResponseSchema)).revoked;
}

/** `DELETE /api/user {email}`; then the session and every cached thing of the account are gone. */
export async function deleteAccount(email: string, queryClient: QueryClient): Promise<void> {
  await apiDelete(paths.user, messageResponseSchema, { body: { email } });
  useAuthStore.getState().clearSession();
  clearCachedData(queryClient);
}
