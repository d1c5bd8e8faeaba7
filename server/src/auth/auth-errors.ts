import { ADMIN_ERRORS } from '@parley/shared/schemas/admin';
import { AUTH_ERRORS } from '@parley/shared/schemas/auth';
import { AppError } from '../lib/errors';

/** The auth feature's refusals, each with a stable code. */
export const authErrors = {
  invalidCredentials: () =>
    new AppError(401, AUTH_ERRORS.invalidCredentials, { code: 'invalid_credentials' }),
  emailLoginDisabled: () =>
    new AppError(403, AUTH_ERRORS.emailLoginDisabled, { code: 'email_login_disabled' }),
  registrationDisabled: () =>
    new AppError(403, AUTH_ERRORS.registrationDisabled, { code: 'registration_disabled' }),
  domainNotAllowed: () => new AppError(403, AUTH_ERRORS.domainNotAllowed, { code: 'domain_not_allowed' }),
  banned: () => new AppError(403, AUTH_ERRORS.banned, { code: 'ban' }),
  /** Only after the right password: a wrong one is the usual 401, so this tells nothing to a guesser. */
  accountDisabled: () => new AppError(403, ADMIN_ERRORS.accountDisabled, { code: 'account_disabled' }),
  invalidResetToken: () => new AppError(400, AUTH_ERRORS.invalidResetToken, { code: 'invalid_reset_token' }),
  unauthorized: (reason: string) => new AppError(401, 'Unauthorized', { code: `refresh_${reason}` }),
};
