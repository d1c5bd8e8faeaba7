import { QueryCache, QueryClient } from '@tanstack/react-query';
import { reportAuthError } from '../features/auth/auth-error';
import { ApiError, CLIENT_ERROR_CODES } from '../lib/api-client';

const MAX_RETRIES = 2;

/** Retry what may heal (network, 5xx); a 4xx or a malformed body will fail the same way again. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status >= 400 && error.status < 500) return false;
    if (error.code === CLIENT_ERROR_CODES.invalidResponse) return false;
  }
  return failureCount < MAX_RETRIES;
}

/** SPEC §4: any 401 from a query sets the auth error (the client already tried to refresh the session). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function createQueryClient(onUnauthorized: () => void = reportAuthError): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
