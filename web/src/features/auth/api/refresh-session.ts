import { paths } from '@parley/shared/api/paths';
import { authResponseSchema, type AuthResponse } from '@parley/shared/schemas/auth';
import { ApiError, apiPost } from '../../../lib/api-client';
import { hasEarlyResponse } from '../../../lib/early-requests';
import { useAuthStore } from '../store';

let inFlight: Promise<AuthResponse | null> | null = null;

/**
 * Exchanges the refresh cookie for an access token and stores the session; resolves to it, or to null (and a
 * cleared session) when that fails. Concurrent callers share one request: the cookie rotates on every refresh
 * and presenting a rotated one revokes the session, so two parallel refreshes would sign the user out.
 */
export function refreshSession(): Promise<AuthResponse | null> {
  inFlight ??= oneTabAtATime(exchangeRefreshCookie).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Tabs of this origin refresh in turn (Web Locks), so each presents the cookie the previous one set instead
 * of four tabs opened together presenting the same one (the server's 30 s grace covers browsers without it).
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  // public/early-requests.js already made this page's first refresh (before the bundle ran): it is only read.
  if (hasEarlyResponse('POST', paths.authRefresh)) return work();
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('parley-session-refresh', work) as Promise<T>) : work();
}

async function exchangeRefreshCookie(): Promise<AuthResponse | null> {
  const { setSession, clearSession } = useAuthStore.getState();
  try {
    const session = await postRefresh(false).catch((error: unknown) => {
      // SPEC §4: a 401 of the refresh call itself is retried once, flagged `retry=true`.
      if (error instanceof ApiError && error.status === 401) return postRefresh(true);
      throw error;
    });
    setSession(session);
    return session;
  } catch {
    // 401, network, malformed body: not signed in. The route gate then sends the visitor to /login.
    clearSession();
    return null;
  }
}

function postRefresh(retry: boolean): Promise<AuthResponse> {
  const path = retry ? `${paths.authRefresh}?retry=true` : paths.authRefresh;
  return apiPost(path, undefined, authResponseSchema, {
    credentials: 'include',
    refreshOnUnauthorized: false,
  });
}
