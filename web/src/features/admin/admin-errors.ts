import { ADMIN_ERRORS } from '@parley/shared/schemas/admin';
import { ApiError } from '../../lib/api-client';
import type { LocaleKey } from '../../lib/locale-key';

const KEYS: Record<string, LocaleKey> = {
  [ADMIN_ERRORS.lastAdmin]: 'com_admin_error_last_admin',
  [ADMIN_ERRORS.notYourself]: 'com_admin_error_self',
  [ADMIN_ERRORS.groupNameTaken]: 'com_admin_error_group_taken',
  [ADMIN_ERRORS.forbidden]: 'com_admin_error_forbidden',
};

/** The locale key of a known refusal of the admin routes; other errors are shown as the server said. */
export function adminErrorText(error: unknown, t: (key: LocaleKey) => string): string {
  if (error instanceof ApiError) {
    const key = KEYS[error.message];
    if (key) return t(key);
    if (error.status === 409 && error.code === undefined) return t('com_admin_error_email_taken');
    return error.message;
  }
  return t('com_admin_error_generic');
}
