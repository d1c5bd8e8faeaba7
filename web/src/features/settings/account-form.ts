import { ACCOUNT_ERRORS } from '@parley/shared/schemas/account';
import { PASSWORD_MAX, PASSWORD_MIN } from '@parley/shared/schemas/auth';
import type enUS from '../../locales/en-US.json';

type LocaleKey = keyof typeof enUS;

/** The locale key of the first problem of a new name (SPEC §5 Full name: 3 to under 80), or null. */
export function nameProblem(name: string): LocaleKey | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'com_auth_name_required';
  if (trimmed.length < 3) return 'com_auth_name_min_length';
  if (trimmed.length >= 80) return 'com_auth_name_max_length';
  return null;
}

/** The locale key of the first problem of a password change (SPEC §5 Password, confirm_password), or null. */
export function passwordProblem(form: { current: string; next: string; confirm: string }): LocaleKey | null {
  if (form.current === '' || form.next === '') return 'com_auth_password_required';
  if (form.next.length < PASSWORD_MIN) return 'com_auth_password_min_length';
  if (form.next.length > PASSWORD_MAX) return 'com_auth_password_max_length';
  if (form.next !== form.confirm) return 'com_auth_password_not_match';
  return null;
}

const SERVER_TEXTS: Record<string, LocaleKey> = {
  [ACCOUNT_ERRORS.wrongPassword]: 'com_nav_account_wrong_password',
  [ACCOUNT_ERRORS.noPassword]: 'com_nav_account_no_password',
  [ACCOUNT_ERRORS.samePassword]: 'com_nav_account_same_password',
  [ACCOUNT_ERRORS.emailMismatch]: 'com_nav_account_email_mismatch',
};

/** The locale key for a refusal of the account routes, or null (then the server's own words are shown). */
export const accountErrorKey = (message: string): LocaleKey | null => SERVER_TEXTS[message] ?? null;

/** The confirmation is the account's email typed again, in any case, spaces around ignored. */
export const emailConfirmed = (typed: string, email: string): boolean =>
  typed.trim().toLowerCase() === email.trim().toLowerCase() && typed.trim() !== '';
