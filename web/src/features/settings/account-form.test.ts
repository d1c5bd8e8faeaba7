import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS } from '@parley/shared/schemas/account';
import enUS from '../../locales/en-US.json';
import { accountErrorKey, emailConfirmed, nameProblem, passwordProblem } from './account-form';

describe('account form rules', () => {
  it('checks names with the registration rules', () => {
    expect(nameProblem('  ')).toBe('com_auth_name_required');
    expect(nameProblem('Al')).toBe('com_auth_name_min_length');
    expect(nameProblem('x'.repeat(80))).toBe('com_auth_name_max_length');
    expect(nameProblem(' Ada King ')).toBeNull();
  });

  it('checks a password change with SPEC §5 rules', () => {
    expect(passwordProblem({ current: '', next: 'long enough', confirm: 'long enough' })).toBe(
      'com_auth_password_required',
    );
    expect(passwordProblem({ current: 'old', next: 'short', confirm: 'short' })).toBe(
      'com_auth_password_min_length',
    );
    expect(passwordProblem({ current: 'old', next: 'x'.repeat(129), confirm: 'x'.repeat(129) })).toBe(
      'com_auth_password_max_length',
    );
    expect(passwordProblem({ current: 'old', next: 'long enough', confirm: 'long enougH' })).toBe(
      'com_auth_password_not_match',
    );
    expect(passwordProblem({ current: 'old', next: 'long enough', confirm: 'long enough' })).toBeNull();
  });

  it('maps every server refusal to a locale key that exists', () => {
    for (const message of Object.values(ACCOUNT_ERRORS)) {
      const key = accountErrorKey(message);
      expect(key && key in enUS, message).toBe(true);
    }
    expect(accountErrorKey('something else')).toBeNull();
  });

  it('confirms deletion only with the account email', () => {
    expect(emailConfirmed(' ADA@example.com ', 'ada@example.com')).toBe(true);
    expect(emailConfirmed('ada@example.co', 'ada@example.com')).toBe(false);
    expect(emailConfirmed('', '')).toBe(false);
  });
});
