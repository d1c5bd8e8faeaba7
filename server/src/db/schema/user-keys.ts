import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/** Keys a user brings for `user_provided` endpoints; the value is encrypted at rest (AES-256-GCM). */
export const userKeys = pgTable(
  'user_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    valueEncrypted: text('value_encrypted').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [primaryKey({ name: 'user_keys_pkey', columns: [table.userId, table.name] })],
);

export type UserKeyRow = typeof userKeys.$inferSelect;
export type NewUserKeyRow = typeof userKeys.$inferInsert;
