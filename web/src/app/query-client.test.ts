import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { shouldRetryQuery } from './query-client';

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
