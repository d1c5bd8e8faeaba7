import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@parley/shared/api/paths';
import { messageResponseSchema } from '@parley/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';
import { clearAuthError } from '../auth-error';
import { clearCachedData } from '../clear-previous-session';
import { useAuthStore } from '../store';

/**
 * `POST /api/auth/logout`. SPEC §4: success or failure alike clear the session and cached data and go to
 * /login (the session is cleared first, or the login route would send a still-signed-in user back).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const clearSession = useAuthStore((state) => state.clearSession);
  return useMutation({
    mutationFn: () => apiPost(paths.authLogout, undefined, messageResponseSchema),
    onSettled: () => {
      clearSession();
      // Signing out on purpose is no expired session: a 401 of a query still in flight says nothing.
      clearAuthError();
      clearCachedData(queryClient);
      void navigate('/login', { replace: true });
    },
  });
}
