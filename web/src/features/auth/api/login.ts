import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import type { LoginRequest } from '@parley/shared/schemas/auth';
import { loginResponseSchema, type LoginChallenge } from '@parley/shared/schemas/two-factor';
import { apiPost } from '../../../lib/api-client';
import { clearPreviousSession } from '../clear-previous-session';
import { useStartSession } from '../hooks/use-start-session';

/**
 * `POST /api/auth/login`; its 401 means wrong credentials, never an expired session. A right password of an
 * account with two-factor sign-in answers a second step (`onChallenge`) instead of a session.
 */
export function useLogin(onChallenge: (challenge: LoginChallenge) => void) {
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      apiPost(paths.authLogin, body, loginResponseSchema, { refreshOnUnauthorized: false }),
    onMutate: () => clearPreviousSession(queryClient),
    onSuccess: (answer) => ('token' in answer ? startSession(answer) : onChallenge(answer)),
  });
}
