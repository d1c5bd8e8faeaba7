import { useAuthStore } from './store';

/** SPEC §9: a 401 from a query sets the auth error 400 ms after the last one (a burst of 401s sets it once). */
export const AUTH_ERROR_DEBOUNCE_MS = 400;

let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * SPEC §4 Session: any 401 from a query sets an auth error, debounced. The API client has already tried to
 * refresh the session by then, so the 401 means the session is over; the login screen says so.
 */
export function reportAuthError(): void {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    useAuthStore.getState().setAuthError(true);
  }, AUTH_ERROR_DEBOUNCE_MS);
}

/** A new session (or a deliberate logout) forgets a pending or shown auth error. */
export function clearAuthError(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  useAuthStore.getState().setAuthError(false);
}
