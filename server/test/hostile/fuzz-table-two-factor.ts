import fc from 'fast-check';
import { paths } from '@parley/shared/api/paths';
import { hostileUrlValue, shape } from './hostile-values';
import type { RouteFuzz } from './fuzz-table';

const text = fc.string({ maxLength: 30 });
const urlValue = (plausible: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 2, arbitrary: plausible.map(encodeURIComponent) },
    { weight: 1, arbitrary: hostileUrlValue },
  );
const password = fc.oneof(fc.string({ minLength: 8, maxLength: 20 }), fc.constant('password123'));
/** Six digits (a TOTP code's shape), a backup code's (`K7QH2-M9TXR`), or anything short. */
const code = fc.oneof(
  fc.stringMatching(/^\d{6}$/),
  fc.stringMatching(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/),
  fc.constantFrom('000000', ' 123456 ', ''),
  text,
);
/** A JWT's shape (three base64url parts, never signed with the app's secret), an empty or a too long one. */
const tempToken = fc.oneof(
  fc
    .tuple(fc.base64String(), fc.base64String(), fc.base64String())
    .map((parts) => parts.map((part) => part.replace(/[+/=]/g, '')).join('.')),
  fc.constantFrom('', 'a.b.c', 'x'.repeat(2049)),
  text,
);

/**
 * Two-factor sign-in (issue 24): the caller's own setup, confirm, turn off and new backup codes, the sign-in's
 * second step (no token), and the administrators' reset (the fuzz user's token is a USER's after the first
 * route, so both the 403 and the admin branches meet hostile input).
 */
export function twoFactorFuzzRows(): Record<string, RouteFuzz> {
  return {
    [`GET ${paths.twoFactor}`]: { auth: true, success: 'json' },
    [`POST ${paths.twoFactorEnable}`]: { auth: true, success: 'json', body: shape({ password, tempToken }) },
    [`POST ${paths.twoFactorConfirm}`]: {
      auth: true,
      success: 'json',
      body: shape({ token: code, tempToken }),
    },
    [`POST ${paths.twoFactorDisable}`]: {
      auth: true,
      success: 'json',
      body: shape({ password, token: code, backupCode: code }),
    },
    [`POST ${paths.twoFactorRegenerateBackupCodes}`]: {
      auth: true,
      success: 'json',
      body: shape({ token: code }),
    },
    [`POST ${paths.twoFactorVerifyTemp}`]: {
      auth: false,
      success: 'json',
      body: shape({ tempToken, token: code, backupCode: code }),
    },
    [`DELETE ${paths.adminUserTwoFactor}`]: {
      auth: true,
      success: 'empty',
      params: { id: urlValue(fc.uuid()) },
    },
  };
}
