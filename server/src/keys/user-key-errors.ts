import { AppError } from '../lib/errors';

// The user-key problems of SPEC §8, answered before a chat starts: `code` is the kind the client words.

export function noUserKey(endpoint: string): AppError {
  return new AppError(400, 'No key found. Please provide a key and try again.', {
    code: 'no_user_key',
    details: { endpoint },
  });
}

export function expiredUserKey(endpoint: string, expiredAt: Date): AppError {
  const at = expiredAt.toISOString();
  return new AppError(
    400,
    `Provided key for ${endpoint} expired at ${at}. Please provide a key and try again.`,
    {
      code: 'expired_user_key',
      details: { endpoint, expiredAt: at },
    },
  );
}

export function invalidUserKey(endpoint: string, cause?: unknown): AppError {
  return new AppError(400, 'Invalid key provided. Please provide a valid key and try again.', {
    code: 'invalid_user_key',
    details: { endpoint },
    cause,
  });
}

export function noBaseUrl(endpoint: string): AppError {
  return new AppError(400, 'No base URL found. Please provide one and try again.', {
    code: 'no_base_url',
    details: { endpoint },
  });
}
