import type { OAuthErrorCode } from '@parley/shared/schemas/auth';
import { ApiError } from '../../lib/api-client';
import type { LocaleKey } from '../../lib/locale-key';

/** SPEC §8 Login: rate limit, ban and server errors have their own texts; anything else is the generic one. */
export function loginErrorKey(error: unknown): LocaleKey {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'com_auth_error_login_rl';
    if (error.status === 403 && error.code === 'account_disabled') return 'com_auth_error_account_disabled';
    if (error.status === 403) return 'com_auth_error_login_ban';
    // No answer at all (status 0) is as much a server problem as a 5xx: retrying later is the advice.
    if (error.status === 0 || error.status >= 500) return 'com_auth_error_login_server';
  }
  return 'com_auth_error_login';
}

/** The `error` of `/login?error=…` after a failed social login; unknown codes get the generic text. */
export function oauthErrorKey(code: string): LocaleKey {
  switch (code as OAuthErrorCode) {
    case 'banned':
      return 'com_auth_error_login_ban';
    case 'rate_limited':
      return 'com_auth_error_login_rl';
    case 'account_disabled':
      return 'com_auth_error_account_disabled';
    default:
      return 'com_auth_error_login';
  }
}

/**
 * SPEC §8 Password: API.md answers a refused (unknown, used or expired) token with `400`; it gets its own text
 * and a link to ask again. Anything else (5xx, no answer) is a server problem.
 */
export function resetErrorKey(error: unknown): LocaleKey {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return 'com_auth_error_invalid_reset_token';
  }
  return 'com_auth_error_login_server';
}

/** A text of the locale files and the values of its placeholders. */
export interface LocaleText {
  key: LocaleKey;
  values?: Record<string, number>;
}

/**
 * Forgot password (issue 27): one honest text per failure, none telling whether an account exists — too many
 * requests (with the minutes the server's `Retry-After` asks for), a ban, an email the server refused; anything
 * else (a 5xx, no answer) is to be tried again in a moment. A request that went through answers the same
 * whether or not the account exists, and is not a failure.
 */
export function forgotPasswordErrorText(error: unknown): LocaleText {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.retryAfterSeconds !== undefined) {
      return {
        key: 'com_auth_reset_too_many',
        values: { minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) },
      };
    }
    if (error.status === 403) return { key: 'com_auth_error_login_ban' };
    if (error.status === 400) return { key: 'com_auth_email_pattern' };
  }
  return { key: 'com_auth_reset_request_failed' };
}
