import type {
  Require2faMode,
  TwoFactorEnableResponse,
  TwoFactorStatus,
} from '@parley/shared/schemas/two-factor';
import { TWO_FACTOR_ERROR_CODES, TWO_FACTOR_ERRORS } from '@parley/shared/schemas/two-factor';
import { ACCOUNT_ERRORS } from '@parley/shared/schemas/account';
import type { User } from '@parley/shared/schemas/user';
import { verifyPassword } from '../auth/passwords';
import type { Counters } from '../coordination/counters';
import type { Db } from '../db/client';
import type { Encryption } from '../lib/encryption';
import { AppError } from '../lib/errors';
import { readUserRecord } from '../users/service';
import { hashBackupCode, newBackupCodes } from './backup-codes';
import {
  claimTotpStep,
  countUnusedBackupCodes,
  deleteTwoFactor,
  findTwoFactor,
  markTwoFactorEnabled,
  replaceEnabledBackupCodes,
  startPendingTwoFactor,
  useBackupCode,
} from './repo';
import { createTempTokens, type TempTokenClaims, type TempTokenPurpose } from './temp-token';
import { newTotpSecret, otpauthUrl, totpStepOf } from './totp';

/** API.md: a sign-in's temp token lives 5 minutes; setting up at sign-in (scanning, typing) gets 15. */
export const TEMP_TOKEN_TTL_MS: Record<TempTokenPurpose, number> = {
  login: 5 * 60_000,
  setup: 15 * 60_000,
};
/** API.md: 5 wrong codes within 5 minutes lock the account's code checks until the window ends. */
export const MAX_WRONG_CODES = 5;
export const WRONG_CODES_WINDOW_MS = 5 * 60_000;

export interface TwoFactorSettings {
  require: Require2faMode;
  /** The issuer authenticator apps show (the app title). */
  issuer: string;
  jwtSecret: string;
}

export type LoginChallenge =
  { twoFAPending: true; tempToken: string } | { twoFASetupRequired: true; tempToken: string };

/** A code from the authenticator app or a backup code, as a request carries it. */
export interface SecondFactor {
  token?: string | undefined;
  backupCode?: string | undefined;
}

export interface TwoFactorService {
  readonly settings: TwoFactorSettings;
  status(userId: string): Promise<TwoFactorStatus>;
  /** After a right password: the second step this user must take, or null to sign in at once. */
  challengeFor(user: User): Promise<LoginChallenge | null>;
  /** Starts setting up (pending until `confirm`); `password` is checked unless a setup temp token stood in. */
  enable(userId: string, email: string, password: string | null): Promise<TwoFactorEnableResponse>;
  /** Turns the pending setup on with a code of its secret. */
  confirm(userId: string, code: string): Promise<void>;
  disable(userId: string, password: string, factor: SecondFactor): Promise<void>;
  regenerateBackupCodes(userId: string, code: string): Promise<string[]>;
  /** The claims of a temp token of `purpose` not yet used; `401 invalid_temp_token` otherwise. */
  readTempToken(tempToken: string, purpose: TempTokenPurpose): Promise<TempTokenClaims>;
  /** Marks a temp token used; `401 invalid_temp_token` when it already was (a second use, or a race). */
  spendTempToken(claims: TempTokenClaims): Promise<void>;
  /** Checks the second factor of a user with two-factor sign-in on (`401` wrong, `429` too many). */
  verifyForSignIn(userId: string, factor: SecondFactor): Promise<void>;
  /** Turns it off without any check (an administrator's reset); true when the user had it or a pending one. */
  reset(userId: string): Promise<boolean>;
}

export interface TwoFactorDeps {
  db: Db;
  encryption: Encryption;
  /** Shared by every instance (Redis when configured): wrong-code counts and spent temp tokens. */
  counters: Counters;
  settings: TwoFactorSettings;
  now: () => Date;
}

const refusal = (status: number, key: keyof typeof TWO_FACTOR_ERRORS) =>
  new AppError(status, TWO_FACTOR_ERRORS[key], { code: TWO_FACTOR_ERROR_CODES[key] });

/** The secret is bound to its user: copied to another row it no longer decrypts. */
const secretContext = (userId: string) => `two-factor:${userId}`;

export function createTwoFactorService(deps: TwoFactorDeps): TwoFactorService {
  const { db, encryption, counters, settings, now } = deps;
  const tempTokens = createTempTokens(settings.jwtSecret, now);
  const wrongCodesKey = (userId: string) => `2fa:wrong:${userId}`;

  const mustSetUp = (user: User) =>
    settings.require === 'all' || (settings.require === 'admins' && user.role === 'ADMIN');

  const checkPassword = async (userId: string, password: string) => {
    const row = await readUserRecord(db, userId);
    if (!row) throw new AppError(401, 'Unauthorized');
    if (!row.passwordHash) throw refusal(400, 'noPassword');
    if (!(await verifyPassword(row.passwordHash, password))) {
      throw new AppError(400, ACCOUNT_ERRORS.wrongPassword, { code: 'wrong_password' });
    }
  };

  /** `429` with Retry-After while the user's wrong codes are at the limit. */
  const refuseWhileLocked = async (userId: string) => {
    const wrong = await counters.peek(wrongCodesKey(userId));
    if (wrong && wrong.count >= MAX_WRONG_CODES) {
      throw new AppError(429, TWO_FACTOR_ERRORS.tooManyAttempts, {
        code: TWO_FACTOR_ERROR_CODES.tooManyAttempts,
        details: { retryAfterSeconds: Math.max(1, Math.ceil(wrong.resetInMs / 1000)) },
      });
    }
  };

  /**
   * Whether `factor` is right for the user's secret (a code not used before) or one of their unused
   * backup codes; a wrong one counts towards the lock. `status` is the answer to a wrong one.
   */
  const checkFactor = async (
    userId: string,
    factor: SecondFactor,
    options: { wrongStatus: number; allowBackupCode: boolean; enabled: boolean },
  ): Promise<void> => {
    const { token, backupCode } = factor;
    if (token === undefined && (backupCode === undefined || !options.allowBackupCode)) {
      throw refusal(400, 'codeRequired');
    }
    await refuseWhileLocked(userId);
    const row = await findTwoFactor(db, userId);
    if (!row || (row.enabledAt !== null) !== options.enabled) {
      throw refusal(400, options.enabled ? 'notEnabled' : 'notPending');
    }
    let right: boolean;
    if (token !== undefined) {
      const secret = encryption.decrypt(row.secretEncrypted, secretContext(userId));
      const step = totpStepOf(secret, token, now().getTime());
      right = step !== null && (await claimTotpStep(db, userId, step));
    } else {
      right = await useBackupCode(db, userId, hashBackupCode(userId, backupCode ?? ''), now());
    }
    if (right) {
      await counters.delete(wrongCodesKey(userId));
      return;
    }
    await counters.increment(wrongCodesKey(userId), 1, WRONG_CODES_WINDOW_MS);
    throw refusal(options.wrongStatus, 'invalidCode');
  };

  // In Settings a wrong code is a 400: a 401 there would read as an expired sign-in.
  const signedInCheck = { wrongStatus: 400, allowBackupCode: true, enabled: true };

  return {
    settings,
    async status(userId) {
      const row = await findTwoFactor(db, userId);
      const enabled = row?.enabledAt != null;
      return { enabled, backupCodesLeft: enabled ? await countUnusedBackupCodes(db, userId) : 0 };
    },

    async challengeFor(user) {
      const row = await findTwoFactor(db, user.id);
      if (row?.enabledAt) {
        return {
          twoFAPending: true,
          tempToken: await tempTokens.sign(user.id, 'login', TEMP_TOKEN_TTL_MS.login),
        };
      }
      if (mustSetUp(user)) {
        const tempToken = await tempTokens.sign(user.id, 'setup', TEMP_TOKEN_TTL_MS.setup);
        return { twoFASetupRequired: true, tempToken };
      }
      return null;
    },

    async enable(userId, email, password) {
      if (password !== null) await checkPassword(userId, password);
      const secret = newTotpSecret();
      const backupCodes = newBackupCodes();
      const started = await startPendingTwoFactor(db, {
        userId,
        secretEncrypted: encryption.encrypt(secret, secretContext(userId)),
        backupCodeHashes: backupCodes.map((code) => hashBackupCode(userId, code)),
      });
      if (!started) throw refusal(409, 'alreadyEnabled');
      return { otpauthUrl: otpauthUrl(secret, email, settings.issuer), secret, backupCodes };
    },

    async confirm(userId, code) {
      await checkFactor(
        userId,
        { token: code },
        { wrongStatus: 400, allowBackupCode: false, enabled: false },
      );
      if (!(await markTwoFactorEnabled(db, userId, now()))) throw refusal(400, 'notPending');
    },

    async disable(userId, password, factor) {
      await checkPassword(userId, password);
      await checkFactor(userId, factor, signedInCheck);
      await deleteTwoFactor(db, userId);
    },

    async regenerateBackupCodes(userId, code) {
      await checkFactor(userId, { token: code }, { ...signedInCheck, allowBackupCode: false });
      const backupCodes = newBackupCodes();
      await replaceEnabledBackupCodes(
        db,
        userId,
        backupCodes.map((backupCode) => hashBackupCode(userId, backupCode)),
      );
      return backupCodes;
    },

    async readTempToken(tempToken, purpose) {
      const claims = await tempTokens.verify(tempToken, purpose);
      if (!claims || (await counters.peek(`2fa:spent:${claims.id}`))) throw refusal(401, 'invalidTempToken');
      return claims;
    },

    async spendTempToken(claims) {
      const ttl = Math.max(1, claims.expiresAtMs - now().getTime());
      const { count: uses } = await counters.increment(`2fa:spent:${claims.id}`, 1, ttl);
      if (uses > 1) throw refusal(401, 'invalidTempToken');
    },

    verifyForSignIn: (userId, factor) =>
      checkFactor(userId, factor, { wrongStatus: 401, allowBackupCode: true, enabled: true }),

    reset: (userId) => deleteTwoFactor(db, userId),
  };
}
