import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient, isUnauthorized, shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('does not retry client errors or malformed responses', () => {
    expect(shouldRetryQuery(0, new ApiError({ status: 404, message: 'Not found' }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ status: 401, message: 'Unauthorized' }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ status: 200, message: 'bad', code: 'invalid_response' }))).toBe(
      false,
    );
  });

  it('retries network failures and server errors twice', () => {
    const network = new ApiError({ status: 0, message: 'offline', code: 'network' });
    expect(shouldRetryQuery(0, network)).toBe(true);
    expect(shouldRetryQuery(1, new ApiError({ status: 503, message: 'busy' }))).toBe(true);
    expect(shouldRetryQuery(2, network)).toBe(false);
  });
});

describe('a query answered 401 (SPEC §4: sets the auth error)', () => {
  it('reports it; other failures do not', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient(onUnauthorized);
    const fail = (status: number) =>
      client
        .fetchQuery({
          queryKey: ['probe', status],
          queryFn: () => Promise.reject(new ApiError({ status, message: 'no' })),
        })
        .catch(() => undefined);
    await fail(404);
    await fail(403);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await fail(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(isUnauthorized(new ApiError({ status: 401, message: 'x' }))).toBe(true);
    expect(isUnauthorized(new Error('401'))).toBe(false);
  });
});
