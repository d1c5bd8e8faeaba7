import type { SocialProvider } from '@parley/shared/constants';
import { AUTH_ERRORS } from '@parley/shared/schemas/auth';
import type { User } from '@parley/shared/schemas/user';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import type { AccountStatus } from './account-status';
import { isUniqueViolation } from './is-unique-violation';
import { presentUser as presentRow } from './present-user';
import {
  findUserByEmail,
  deleteUserRow,
  findUserById,
  recordSignIn,
  findUserByProviderId,
  insertUser,
  linkUserProvider,
  renameUser,
  providerIdFieldOf,
  replaceUserAvatar,
  updateUserPasswordHash,
  updateUserPlugins,
} from './repo';

/** A user with what only the auth feature may see. */
export interface UserAccount {
  user: User;
  passwordHash: string | null;
  emailVerified: boolean;
  /** Disabled by an administrator: may not sign in. */
  disabled: boolean;
}

export interface NewAccount {
  name: string;
  username?: string | undefined;
  /** Any case; stored lower-cased. */
  email: string;
  passwordHash: string | null;
  avatar?: string | null | undefined;
  emailVerified?: boolean;
  /** A social account to link at creation; without it the provider is `local`. */
  social?: { provider: SocialProvider; providerId: string } | undefined;
}

export interface UsersService {
  getById(id: string): Promise<User | null>;
  findAccountByEmail(email: string): Promise<UserAccount | null>;
  findAccountByProvider(provider: SocialProvider, providerId: string): Promise<UserAccount | null>;
  /** The first account ever created is ADMIN. Throws `409` when the email is taken. */
  create(account: NewAccount): Promise<UserAccount>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
  /** Makes `url` the user's avatar (an uploaded picture's link); answers the avatar it replaced, if any. */
  replaceAvatar(userId: string, url: string): Promise<string | null>;
  linkProvider(
    userId: string,
    link: { provider: SocialProvider; providerId: string; avatar: string | null; emailVerified: boolean },
  ): Promise<UserAccount | null>;
  /** Sets the display name; answers the updated user (null: no such user). */
  rename(userId: string, name: string): Promise<User | null>;
  /** Deletes the account row and, by cascade, everything stored under it (files' bytes are the caller's). */
  deleteAccount(userId: string): Promise<boolean>;
  /** Adds (once) or removes an installed plugin key; answers the updated user (null: no such user). */
  updatePlugins(userId: string, pluginKey: string, action: 'install' | 'uninstall'): Promise<User | null>;
  /** Notes a sign-in at `at`; false when the account is disabled or gone (nothing is noted then). */
  recordSignIn(userId: string, at: Date): Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Emails are compared and stored lower-cased and trimmed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export interface UsersServiceOptions {
  /** How a user's stored avatar is shown (its file link signed afresh); default: as stored. */
  avatarOf?: (row: UserRow) => string | null;
  /** Told when an account is deleted, so that no instance keeps accepting its access tokens. */
  accountStatus?: Pick<AccountStatus, 'forget'>;
}

export function createUsersService(db: Db, options: UsersServiceOptions = {}): UsersService {
  const presentUser = (row: UserRow) => presentRow(row, options.avatarOf);
  const accountOf = (row: UserRow | undefined): UserAccount | null => (row ? toAccount(row) : null);
  const toAccount = (row: UserRow): UserAccount => ({
    user: presentUser(row),
    passwordHash: row.passwordHash,
    emailVerified: row.emailVerified,
    disabled: row.disabled,
  });
  return {
    async getById(id) {
      if (!UUID.test(id)) return null;
      const row = await findUserById(db, id);
      return row ? presentUser(row) : null;
    },
    async findAccountByEmail(email) {
      return accountOf(await findUserByEmail(db, normalizeEmail(email)));
    },
    async findAccountByProvider(provider, providerId) {
      return accountOf(await findUserByProviderId(db, provider, providerId));
    },
    async create(account) {
      const { social } = account;
      try {
        const row = await insertUser(db, {
          name: account.name,
          username: account.username ?? '',
          email: normalizeEmail(account.email),
          passwordHash: account.passwordHash,
          avatar: account.avatar ?? null,
          emailVerified: account.emailVerified ?? false,
          provider: social?.provider ?? 'local',
          ...(social ? { [providerIdFieldOf(social.provider)]: social.providerId } : {}),
        });
        return toAccount(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, AUTH_ERRORS.emailTaken, { cause: error });
        throw error;
      }
    },
    async setPasswordHash(userId, passwordHash) {
      await updateUserPasswordHash(db, userId, passwordHash);
    },
    async replaceAvatar(userId, url) {
      if (!UUID.test(userId)) return null;
      return replaceUserAvatar(db, userId, url);
    },
    async linkProvider(userId, link) {
      return accountOf(await linkUserProvider(db, userId, link));
    },
    async rename(userId, name) {
      if (!UUID.test(userId)) return null;
      const row = await renameUser(db, userId, name);
      return row ? presentUser(row) : null;
    },
    async deleteAccount(userId) {
      const deleted = UUID.test(userId) && (await deleteUserRow(db, userId));
      if (deleted) await options.accountStatus?.forget(userId);
      return deleted;
    },
    async updatePlugins(userId, pluginKey, action) {
      if (!UUID.test(userId)) return null;
      const row = await updateUserPlugins(db, userId, pluginKey, action);
      return row ? presentUser(row) : null;
    },
    recordSignIn(userId, at) {
      return recordSignIn(db, userId, at);
    },
  };
}

/** The stored user row (password hash included) for features that derive keys from it (file links, account). */
export { findUserById as readUserRecord } from './repo';
