import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { groupedKey, secondFactorOf, twoFactorErrorKey } from './two-factor-errors';

describe('two-factor texts', () => {
  it('names the lock, a wrong code, an expired sign-in and a wrong password', () => {
    const error = (status: number, code?: string, message = 'x') => new ApiError({ status, message, code });
    expect(twoFactorErrorKey(error(429, 'too_many_2fa_attempts'))).toBe('com_auth_2fa_error_too_many');
    expect(twoFactorErrorKey(error(401, 'invalid_2fa_code'))).toBe('com_auth_2fa_error_invalid_code');
    expect(twoFactorErrorKey(error(401, 'invalid_temp_token'))).toBe('com_auth_2fa_error_expired');
    expect(twoFactorErrorKey(error(400, undefined, 'The current password is not correct.'))).toBe(
      'com_nav_account_wrong_password',
    );
    expect(twoFactorErrorKey(error(0))).toBe('com_auth_error_login_server');
  });

  it('reads six digits as a code and anything else as a backup code', () => {
    expect(secondFactorOf(' 123 456 ')).toEqual({ token: '123456' });
    expect(secondFactorOf('K7QH2-M9TXR')).toEqual({ backupCode: 'K7QH2-M9TXR' });
    expect(groupedKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
