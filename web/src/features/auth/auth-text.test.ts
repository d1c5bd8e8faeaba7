import { describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_MESSAGES } from '@parley/shared/schemas/auth';
import enUS from '../../locales/en-US.json';
import { authTextKey } from './auth-text';

describe('authTextKey', () => {
  it('gives every rule message of the shared schemas a locale key whose English text is that message', () => {
    for (const message of Object.values(AUTH_MESSAGES)) {
      const key = authTextKey(message);
      expect(key, message).toBeDefined();
      expect(enUS[key!]).toBe(message);
    }
  });

  it('knows the server answers the screens show', () => {
    expect(authTextKey(AUTH_ERRORS.emailTaken)).toBe('com_auth_email_taken');
    expect(authTextKey(AUTH_ERRORS.invalidResetToken)).toBe('com_auth_error_invalid_reset_token');
    expect(enUS.com_auth_error_invalid_reset_token).toBe(AUTH_ERRORS.invalidResetToken);
  });

  it('leaves any other text alone', () => {
    expect(authTextKey('Something the server made up')).toBeUndefined();
  });
});
