import { AUTH_ERRORS, AUTH_MESSAGES, type AuthMessageKey } from '@parley/shared/schemas/auth';
import type { LocaleKey } from '../../lib/locale-key';

/** The locale key of every SPEC §5 rule message of the shared auth schemas. */
const RULE_KEYS: Record<AuthMessageKey, LocaleKey> = {
  emailRequired: 'com_auth_email_required',
  emailTooShort: 'com_auth_email_min_length',
  emailTooShortForReset: 'com_auth_email_min_length_reset',
  emailTooLong: 'com_auth_email_max_length',
  emailInvalid: 'com_auth_email_pattern',
  passwordRequired: 'com_auth_password_required',
  passwordTooShort: 'com_auth_password_min_length',
  passwordTooLong: 'com_auth_password_max_length',
  passwordsDoNotMatch: 'com_auth_password_not_match',
  nameRequired: 'com_auth_name_required',
  nameTooShort: 'com_auth_name_min_length',
  nameTooLong: 'com_auth_name_max_length',
  usernameTooShort: 'com_auth_username_min_length',
  usernameTooLong: 'com_auth_username_max_length',
  resetTokenRequired: 'com_auth_reset_token_missing',
  resetUserIdRequired: 'com_auth_reset_user_id_missing',
};

/** The locale key of every server answer of API.md "Auth" that the screens may show. */
const SERVER_KEYS: Record<keyof typeof AUTH_ERRORS, LocaleKey> = {
  invalidCredentials: 'com_auth_error_login',
  invalidResetToken: 'com_auth_error_invalid_reset_token',
  registrationDisabled: 'com_auth_registration_disabled',
  domainNotAllowed: 'com_auth_domain_not_allowed',
  emailTaken: 'com_auth_email_taken',
  emailLoginDisabled: 'com_auth_email_login_disabled',
  banned: 'com_auth_error_login_ban',
};

const keysByText = new Map<string, LocaleKey>([
  ...pairs(AUTH_MESSAGES, RULE_KEYS),
  ...pairs(AUTH_ERRORS, SERVER_KEYS),
]);

function pairs<K extends string>(
  texts: Record<K, string>,
  keys: Record<K, LocaleKey>,
): [string, LocaleKey][] {
  return (Object.keys(texts) as K[]).map((name) => [texts[name], keys[name]]);
}

/**
 * The locale key for an English text of the shared auth schemas or the server's auth answers; undefined for
 * any other text, which is then shown as it came.
 */
export function authTextKey(text: string): LocaleKey | undefined {
  return keysByText.get(text);
}
