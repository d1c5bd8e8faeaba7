// Whether an access token's account may still be used. A signature alone would keep a deleted account
// signed in until its token expires (15 minutes): reads answered 200 and writes failed with 500 on the
// missing user row. Every authenticated request asks here; an answer is kept a few seconds per instance and
// forgotten on every instance (over the abort bus, Redis pub/sub with several) when the account changes.
import type { UserRole } from '@parley/shared/schemas/user';
import type { AbortBus } from '../coordination/generation-log';
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

/**
 * How long an instance trusts an answer. Changes made through the app are forgotten at once everywhere;
 * this bounds the rest: a change another instance missed (Redis down) or made outside the app (SQL).
 */
export const ACCOUNT_STATUS_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  answer: Promise<SignInStatus | null>;
  expiresAt: number;
  unlisten: () => void;
}

/** The abort-bus key an account's change is announced on. */
const changedKey = (userId: string): string => `account-changed:${userId}`;

export interface AccountStatusOptions {
  /** The stored status; null when the account may not use its tokens. */
  lookup: (userId: string) => Promise<SignInStatus | null>;
  /** Carries `forget` to every instance (the coordination's abort bus). */
  bus: Pick<AbortBus, 'listen' | 'abort'>;
  ttlMs?: number;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

export function createAccountStatus(options: AccountStatusOptions): AccountStatus {
  const { lookup, bus } = options;
  const ttlMs = options.ttlMs ?? ACCOUNT_STATUS_TTL_MS;
  const now = options.now ?? Date.now;
  // In insertion order, which is expiry order: the oldest entries are swept from the front.
  const entries = new Map<string, Entry>();

  const drop = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    entry.unlisten();
  };
  const sweep = (at: number): void => {
    for (const [key, entry] of entries) {
      if (entry.expiresAt > at && entries.size < MAX_ENTRIES) return;
      drop(key);
    }
  };

  return {
    current(userId) {
      // Ids are compared as PostgreSQL compares uuids, so `forget` reaches every spelling.
      const key = userId.toLowerCase();
      const at = now();
      const known = entries.get(key);
      if (known && at < known.expiresAt) return known.answer;
      drop(key);
      sweep(at);
      const answer = lookup(key);
      // Listening before the lookup settles: a change announced meanwhile drops this answer too.
      const entry: Entry = {
        answer,
        expiresAt: at + ttlMs,
        unlisten: bus.listen(changedKey(key), () => drop(key)),
      };
      entries.set(key, entry);
      // A failed lookup (database down) is not kept: the next request asks again.
      answer.catch(() => {
        if (entries.get(key) === entry) drop(key);
      });
      return answer;
    },
    async forget(userId) {
      const key = userId.toLowerCase();
      drop(key);
      await bus.abort(changedKey(key));
    },
    close() {
      for (const key of [...entries.keys()]) drop(key);
    },
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
