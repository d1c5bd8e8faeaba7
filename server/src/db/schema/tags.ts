import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/**
 * A user's tags (LibreChat's bookmarks): names unique per user case-insensitively, in `position` order.
 * Conversations carry the names (`conversations.tags`); the count per tag is computed from them.
 */
export const tags = pgTable(
  'tags',
  {
    tagId: uuid('tag_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('tags_user_id_lower_tag_idx').on(table.userId, sql`lower(${table.tag})`),
    index('tags_user_id_position_idx').on(table.userId, table.position),
  ],
);

export type TagRow = typeof tags.$inferSelect;
