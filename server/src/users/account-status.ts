// Whether an access token's account may still be used. A signature alone would keep a deleted account
// signed in until its token expires (15 minutes): reads answered 200 and writes failed with 500 on the
// missing user row. Every authenticated request asks here; an answer is kept a few seconds per instance and
// forgotten on every instance when the account changes (coordination/instance-cache.ts).
import type { UserRole } from '@parley/shared/schemas/user';
import { createInstanceCache, type InstanceCacheOptions } from '../coordination/instance-cache';
import type { Db } from '../db/client';
import { findUserStatus } from './repo';

/** What an account that may use its access tokens is now: its stored role (tokens carry the one at signing). */
export interface SignInStatus {
  role: UserRole;
}

export interface AccountStatus {
  /** The account's status, or null when it may no longer use its tokens (deleted). */
  current(userId: string): Promise<SignInStatus | null>;
  /** Forgets what this and every other instance keeps of the account; call it after changing the account. */
  forget(userId: string): Promise<void>;
  /** Drops every entry and stops listening (the bus outlives the app when the caller owns it). */
  close(): void;
}

/** How long an instance trusts an answer (changes made through the app are forgotten at once everywhere). */
export const ACCOUNT_STATUS_TTL_MS = 5_000;

export interface AccountStatusOptions extends Pick<InstanceCacheOptions<SignInStatus | null>, 'bus' | 'now'> {
  /** The stored status; null when the account may not use its tokens. */
  lookup: (userId: string) => Promise<SignInStatus | null>;
  ttlMs?: number;
}

export function createAccountStatus(options: AccountStatusOptions): AccountStatus {
  const { lookup, ttlMs = ACCOUNT_STATUS_TTL_MS, ...rest } = options;
  const cache = createInstanceCache({ ...rest, name: 'account-changed', ttlMs, load: lookup });
  return {
    // Ids are compared as PostgreSQL compares uuids, so `forget` reaches every spelling.
    current: (userId) => cache.get(userId.toLowerCase()),
    forget: (userId) => cache.forget(userId.toLowerCase()),
    close: () => cache.close(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The account status of the users table: an account may use its tokens while its row exists and an
 * administrator has not disabled it.
 */
export function createUsersAccountStatus(
  db: Db,
  options: Omit<AccountStatusOptions, 'lookup'>,
): AccountStatus {
  return createAccountStatus({
    ...options,
    lookup: async (userId) => {
      if (!UUID.test(userId)) return null;
      const account = await findUserStatus(db, userId);
      return account && !account.disabled ? { role: account.role } : null;
    },
  });
}
