import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/** Credentials a user stored for a plugin's auth fields; values are encrypted at rest (AES-256-GCM). */
export const pluginAuths = pgTable(
  'plugin_auths',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pluginKey: text('plugin_key').notNull(),
    authField: text('auth_field').notNull(),
    valueEncrypted: text('value_encrypted').notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ name: 'plugin_auths_pkey', columns: [table.userId, table.pluginKey, table.authField] }),
  ],
);

export type PluginAuthRow = typeof pluginAuths.$inferSelect;
