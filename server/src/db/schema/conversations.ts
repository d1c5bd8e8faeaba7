import { getTableColumns, sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TurnContext } from '@parley/shared/schemas/turn-context';
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
    /** What the prompt of its latest turn held (the `created` event's `context`): the gauge after a reload. */
    turnContext: jsonb('turn_context').$type<TurnContext>(),
    /** Archived: left out of the list unless asked for (`?isArchived=true`), still searchable. */
    isArchived: boolean('is_archived').notNull().default(false),
    /** When it was pinned (null: not pinned); pinned conversations come first, newest pin first. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    /** Tag names, each spelled as the user's tag row (`tags` table) spells it. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A temporary chat: not listed, searched, shared or exported; the sweeper deletes it at `expiredAt`. */
    isTemporary: boolean('is_temporary').notNull().default(false),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // Keyset pages of the list (newest first, ties by id) are one backward range scan of this index.
    index('conversations_user_id_updated_at_id_idx').on(table.userId, table.updatedAt, table.conversationId),
    index('conversations_search_vector_idx').using('gin', table.searchVector),
    // The sidebar's keyset pages (unpinned, not temporary; archived or not): one range scan per page.
    index('conversations_user_id_is_archived_updated_at_id_idx')
      .on(table.userId, table.isArchived, table.updatedAt, table.conversationId)
      .where(sql`${table.pinnedAt} is null and not ${table.isTemporary}`),
    // The pinned ones, in pin order (at most 50 per user).
    index('conversations_user_id_pinned_at_id_idx')
      .on(table.userId, table.pinnedAt, table.conversationId)
      .where(sql`${table.pinnedAt} is not null`),
    // The sweeper's scan for expired temporary chats.
    index('conversations_expired_at_idx')
      .on(table.expiredAt)
      .where(sql`${table.expiredAt} is not null`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversationRow = typeof conversations.$inferInsert;

/**
 * Every column but the generated `search_vector`: what conversation queries return. Derived from the table, so
 * a new column is returned everywhere at once (a hand-kept list missed `current_leaf_id` and broke the turn
 * statement, whose CTE names every column).
 */
export const conversationColumns = (() => {
  const { searchVector: _searchVector, ...columns } = getTableColumns(conversations);
  return columns;
})();
