import { QueryClient } from '@tanstack/react-query';
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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
