import { ACCOUNT_ERRORS } from '@parley/shared/schemas/account';
import { TWO_FACTOR_ERROR_CODES } from '@parley/shared/schemas/two-factor';
import { ApiError } from '../../lib/api-client';
import type { LocaleKey } from '../../lib/locale-key';

/** The text for a refusal of the two-factor routes (a wrong code, the lock, an expired sign-in, …). */
export function twoFactorErrorKey(error: unknown): LocaleKey {
  if (!(error instanceof ApiError)) return 'com_auth_error_login_server';
  if (error.status === 429) return 'com_auth_2fa_error_too_many';
  switch (error.code) {
    case TWO_FACTOR_ERROR_CODES.invalidCode:
      return 'com_auth_2fa_error_invalid_code';
    case TWO_FACTOR_ERROR_CODES.invalidTempToken:
      return 'com_auth_2fa_error_expired';
    default:
      break;
  }
  if (error.message === ACCOUNT_ERRORS.wrongPassword) return 'com_nav_account_wrong_password';
  if (error.status === 0 || error.status >= 500) return 'com_auth_error_login_server';
  return 'com_auth_2fa_error_invalid_code';
}

/** One field takes either: six digits are a code from the app, anything else a backup code. */
export function secondFactorOf(typed: string): { token: string } | { backupCode: string } {
  const trimmed = typed.trim();
  return /^\d{3}\s?\d{3}$/.test(trimmed) ? { token: trimmed.replace(/\s/g, '') } : { backupCode: trimmed };
}

/** A base32 key in groups of four, as people copy it by hand. */
export const groupedKey = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
