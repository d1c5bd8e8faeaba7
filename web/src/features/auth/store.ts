import { create } from 'zustand';
import type { AuthResponse } from '@parley/shared/schemas/auth';
import type { User } from '@parley/shared/schemas/user';

/**
 * SPEC §4 Session. The access token lives in memory only; the refresh token is an httpOnly cookie.
 * `sessionChecked` turns true once the start-up silent refresh has answered, so the gate does not send a
 * returning user to /login while that call is still in flight.
 */
interface AuthState {
  token: string | null;
  user: User | null;
  sessionChecked: boolean;
  /** SPEC §4: a query answered 401 (set through `reportAuthError`, debounced); the login screen says so. */
  authError: boolean;
  setAuthError: (authError: boolean) => void;
  setSession: (session: AuthResponse) => void;
  clearSession: () => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  token: null,
  user: null,
  sessionChecked: false,
  authError: false,
  setAuthError: (authError) => set({ authError }),
  setSession: ({ token, user }) => set({ token, user, sessionChecked: true, authError: false }),
  clearSession: () => set({ token: null, user: null, sessionChecked: true }),
}));

export const selectIsAuthenticated = (state: AuthState): boolean => state.token !== null;
