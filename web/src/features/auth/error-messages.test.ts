import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import enUS from '../../locales/en-US.json';
import { forgotPasswordErrorText, loginErrorKey, oauthErrorKey, resetErrorKey } from './error-messages';

const apiError = (status: number, message = 'x') => new ApiError({ status, message });

describe('loginErrorKey (SPEC §8 Login)', () => {
  it('shows the generic text for wrong credentials', () => {
    expect(loginErrorKey(apiError(401, 'Invalid credentials'))).toBe('com_auth_error_login');
    expect(enUS.com_auth_error_login).toBe(
      'Unable to login with the information provided. Please check your credentials and try again.',
    );
  });

  it('shows the rate-limit text for 429', () => {
    expect(loginErrorKey(apiError(429))).toBe('com_auth_error_login_rl');
    expect(enUS.com_auth_error_login_rl).toBe(
      'Too many login attempts in a short amount of time. Please try again later.',
    );
  });

  it('shows the ban text for 403', () => {
    expect(loginErrorKey(apiError(403))).toBe('com_auth_error_login_ban');
  });

  it('shows the server-error text for a 5xx or no answer at all', () => {
    expect(loginErrorKey(apiError(500))).toBe('com_auth_error_login_server');
    expect(loginErrorKey(apiError(503))).toBe('com_auth_error_login_server');
    expect(loginErrorKey(apiError(0))).toBe('com_auth_error_login_server');
  });

  it('falls back to the generic text for anything that is not an API error', () => {
    expect(loginErrorKey(new Error('boom'))).toBe('com_auth_error_login');
    expect(loginErrorKey(apiError(400))).toBe('com_auth_error_login');
  });
});

describe('oauthErrorKey', () => {
  it('maps a failed social login to the login texts', () => {
    expect(oauthErrorKey('auth_failed')).toBe('com_auth_error_login');
    expect(oauthErrorKey('invalid_state')).toBe('com_auth_error_login');
    expect(oauthErrorKey('banned')).toBe('com_auth_error_login_ban');
    expect(oauthErrorKey('rate_limited')).toBe('com_auth_error_login_rl');
    expect(oauthErrorKey('anything else')).toBe('com_auth_error_login');
  });
});

describe('resetErrorKey (SPEC §8 Password)', () => {
  it('reports a refused token as no longer valid', () => {
    expect(resetErrorKey(apiError(400, 'This password reset token is no longer valid.'))).toBe(
      'com_auth_error_invalid_reset_token',
    );
  });

  it('reports a server failure as one', () => {
    expect(resetErrorKey(apiError(500))).toBe('com_auth_error_login_server');
    expect(resetErrorKey(apiError(0))).toBe('com_auth_error_login_server');
  });
});

describe('forgotPasswordErrorText (issue 27)', () => {
  it('says how many minutes to wait when requests were too many', () => {
    const limited = new ApiError({ status: 429, message: 'x', retryAfterSeconds: 181 });
    expect(forgotPasswordErrorText(limited)).toEqual({
      key: 'com_auth_reset_too_many',
      values: { minutes: 4 },
    });
    const soon = new ApiError({ status: 429, message: 'x', retryAfterSeconds: 5 });
    expect(forgotPasswordErrorText(soon)).toEqual({ key: 'com_auth_reset_too_many', values: { minutes: 1 } });
  });

  it('has a text for a ban and for an email the server refused', () => {
    expect(forgotPasswordErrorText(apiError(403))).toEqual({ key: 'com_auth_error_login_ban' });
    expect(forgotPasswordErrorText(apiError(400))).toEqual({ key: 'com_auth_email_pattern' });
  });

  it('asks to try again for a server error, no answer, or a 429 without its wait', () => {
    for (const error of [apiError(500), apiError(0), apiError(429), new Error('boom')]) {
      expect(forgotPasswordErrorText(error)).toEqual({ key: 'com_auth_reset_request_failed' });
    }
  });

  it('never tells whether an account exists', () => {
    const texts = [
      enUS.com_auth_reset_too_many,
      enUS.com_auth_reset_request_failed,
      enUS.com_auth_error_login_ban,
      enUS.com_auth_email_pattern,
    ];
    for (const text of texts) expect(text).not.toMatch(/no user|not found|no account|unknown/i);
    expect(Object.keys(enUS)).not.toContain('com_auth_error_reset_password');
  });
});
