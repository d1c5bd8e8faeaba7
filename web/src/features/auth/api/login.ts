import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { authResponseSchema, type LoginRequest } from '@parley/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';
import { clearPreviousSession } from '../clear-previous-session';
import { useStartSession } from '../hooks/use-start-session';

/** `POST /api/auth/login`; its 401 means wrong credentials, never an expired session. */
export function useLogin() {
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      apiPost(paths.authLogin, body, authResponseSchema, { refreshOnUnauthorized: false }),
    onMutate: () => clearPreviousSession(queryClient),
    onSuccess: startSession,
  });
}
