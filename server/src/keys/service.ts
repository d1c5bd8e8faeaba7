import { USER_KEY_VALUE_REQUIRED } from '@parley/shared/schemas/user-key';
import type { Db } from '../db/client';
import { DecryptionError, type Encryption } from '../lib/encryption';
import { AppError } from '../lib/errors';
import { deleteAllKeys, deleteKey, findKey, upsertKey } from './repo';
import { expiredUserKey, invalidUserKey, noUserKey } from './user-key-errors';

export interface KeysServiceDeps {
  db: Db;
  encryption: Encryption;
  now: () => Date;
}

export interface SaveKeyInput {
  name: string;
  value?: string | undefined;
  /** ISO time; null or absent: the key never expires. */
  expiresAt?: string | null | undefined;
}

/** Users' own keys for `user_provided` endpoints; values are encrypted at rest and never returned. */
export interface KeysService {
  saveKey(userId: string, input: SaveKeyInput): Promise<void>;
  getExpiry(userId: string, name: string): Promise<{ expiresAt: string | null }>;
  deleteKey(userId: string, name: string): Promise<void>;
  deleteAllKeys(userId: string): Promise<void>;
  /** The plaintext of the caller's unexpired key; throws no_user_key, expired_user_key or invalid_user_key. */
  readActiveKey(userId: string, name: string): Promise<string>;
}

/** Binds a value to its row: a ciphertext copied to another user or name no longer decrypts. */
const contextOf = (userId: string, name: string): string => `user_keys:${userId}:${name}`;

export function createKeysService({ db, encryption, now }: KeysServiceDeps): KeysService {
  return {
    async saveKey(userId, { name, value, expiresAt }) {
      if (value === undefined || value.trim() === '') {
        throw new AppError(400, USER_KEY_VALUE_REQUIRED, { fields: { value: 'is required' } });
      }
      const valueEncrypted = encryption.encrypt(value, contextOf(userId, name));
      await upsertKey(db, {
        userId,
        name,
        valueEncrypted,
        expiresAt: expiresAt ? new Date(expiresAt) : null,
      });
    },

    async getExpiry(userId, name) {
      const key = await findKey(db, userId, name);
      return { expiresAt: key?.expiresAt?.toISOString() ?? null };
    },

    deleteKey: (userId, name) => deleteKey(db, userId, name),

    deleteAllKeys: (userId) => deleteAllKeys(db, userId),

    async readActiveKey(userId, name) {
      const key = await findKey(db, userId, name);
      if (!key) throw noUserKey(name);
      if (key.expiresAt && key.expiresAt.getTime() <= now().getTime())
        throw expiredUserKey(name, key.expiresAt);
      try {
        return encryption.decrypt(key.valueEncrypted, contextOf(userId, name));
      } catch (error) {
        if (error instanceof DecryptionError) throw invalidUserKey(name, error);
        throw error;
      }
    },
  };
}
