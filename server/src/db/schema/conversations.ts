import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { searchTsvectorOf, timestamps, tsvector, type JsonObject } from './columns';
import { users } from './users';

export const conversations = pgTable(
  'conversations',
  {
    conversationId: uuid('conversation_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    endpoint: text('endpoint').notNull(),
    endpointType: text('endpoint_type'),
    model: text('model'),
    /** Every other endpoint option field of SPEC §3 Conversation (temperature, promptPrefix, tools, …). */
    options: jsonb('options')
      .$type<JsonObject>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Generated from `title`; never written by the app. */
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchTsvectorOf('title')),
    /** The leaf the user last looked at (a message id, not a foreign key: set before or after the row exists). */
    currentLeafId: uuid('current_leaf_id'),
    ...timestamps(),
  },
  (table) => [
    // Keyset pages of the list (newest first, ties by id) are one backward range scan of this index.
    index('conversations_user_id_updated_at_id_idx').on(table.userId, table.updatedAt, table.conversationId),
    index('conversations_search_vector_idx').using('gin', table.searchVector),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversationRow = typeof conversations.$inferInsert;
