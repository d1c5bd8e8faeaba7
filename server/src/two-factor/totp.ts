import { Secret, TOTP } from 'otpauth';

/** API.md "Two-factor sign-in": SHA-1, 6 digits, 30 s steps, a code valid one step either side. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
const WINDOW = 1;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/…` URI an authenticator app scans (the QR code's content). */
export const otpauthUrl = (secret: string, account: string, issuer: string): string =>
  totpOf(secret, account, issuer).toString();

/** Six digits, spaces allowed between them (as apps show them: "123 456"). */
export const normalizeTotpCode = (code: string): string => code.replace(/\s+/g, '');

/**
 * The time step of `code` when it is the secret's code for the step of `nowMs` or one either side,
 * else null. The caller refuses a step already used.
 */
export function totpStepOf(secret: string, code: string, nowMs: number): number | null {
  const token = normalizeTotpCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token, timestamp: nowMs, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: nowMs }) + delta;
}

/** The code of `secret` at `nowMs` (tests and the journeys compute codes the same way an app does). */
export const totpCodeAt = (secret: string, nowMs: number): string =>
  totpOf(secret).generate({ timestamp: nowMs });

export const TOTP_PERIOD_MS = PERIOD_SECONDS * 1000;
