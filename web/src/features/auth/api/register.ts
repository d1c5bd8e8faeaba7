import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { authResponseSchema, type RegisterRequest } from '@parley/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';
import { clearPreviousSession } from '../clear-previous-session';
import { useStartSession } from '../hooks/use-start-session';

/** `POST /api/auth/register`: the new account is signed in at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      apiPost(paths.authRegister, body, authResponseSchema, { refreshOnUnauthorized: false }),
    onMutate: () => clearPreviousSession(queryClient),
    onSuccess: startSession,
  });
}
