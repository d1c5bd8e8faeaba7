import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { AuthResponse } from '@parley/shared/schemas/auth';
import { clearAuthError } from '../auth-error';
import { useAuthStore } from '../store';

/** SPEC §4: a login or registration stores the user and token and goes to a new conversation. */
export function useStartSession(): (session: AuthResponse) => void {
  const navigate = useNavigate();
  const setSession = useAuthStore((state) => state.setSession);
  return useCallback(
    (session: AuthResponse) => {
      setSession(session);
      clearAuthError();
      void navigate('/c/new', { replace: true });
    },
    [navigate, setSession],
  );
}
