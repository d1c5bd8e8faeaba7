import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/**
 * A user's two-factor sign-in (TOTP, API.md "Two-factor sign-in"): one row per user who started setting it
 * up. `enabled_at` null = pending (set up but not confirmed with a code: sign-in does not ask for it).
 * The secret is encrypted at rest (AES-256-GCM, bound to the user id); `last_used_step` is the TOTP time
 * step of the last code accepted, so a code is never accepted twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  ...timestamps(),
});

/** Backup codes, stored as SHA-256 hashes; `used_at` set once a code has signed in (single use). */
export const userTwoFactorBackupCodes = pgTable(
  'user_two_factor_backup_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => userTwoFactor.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'user_two_factor_backup_codes_pkey', columns: [table.userId, table.codeHash] }),
  ],
);

export type UserTwoFactorRow = typeof userTwoFactor.$inferSelect;
export type UserTwoFactorBackupCodeRow = typeof userTwoFactorBackupCodes.$inferSelect;
