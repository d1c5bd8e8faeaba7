import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthResponse } from '@parley/shared/schemas/auth';
import { clearAuthError } from '../auth-error';
import { useAuthStore } from '../store';

/** Where signing in returns to: a shared conversation's page that sent the visitor (router state `from`). */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/share\/[A-Za-z0-9_-]{1,64}$/.test(from) ? from : '/c/new';
}

/**
 * SPEC §4: a login or registration stores the user and token and goes to a new conversation, or back to the
 * shared conversation whose page sent the visitor to sign in.
 */
export function useStartSession(): (session: AuthResponse) => void {
  const navigate = useNavigate();
  const { state } = useLocation();
  const setSession = useAuthStore((state) => state.setSession);
  return useCallback(
    (session: AuthResponse) => {
      setSession(session);
      clearAuthError();
      void navigate(returnPath(state), { replace: true });
    },
    [navigate, setSession, state],
  );
}
