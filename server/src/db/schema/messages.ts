import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { searchTsvectorOf, timestamps, tsvector, type JsonObject } from './columns';
import { conversations } from './conversations';
import { users } from './users';

/** Parent id of a conversation's first message(s). */
export const ROOT_PARENT_MESSAGE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Flat message rows; the tree is `parent_message_id` (deliberately not a foreign key: the root parent is
 * the all-zero id and branches may be saved out of order).
 */
export const messages = pgTable(
  'messages',
  {
    messageId: uuid('message_id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.conversationId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentMessageId: uuid('parent_message_id')
      .notNull()
      .default(sql`'00000000-0000-0000-0000-000000000000'::uuid`),
    sender: text('sender'),
    text: text('text').notNull().default(''),
    /** List of content parts (text, error, tool call, image file). */
    content: jsonb('content').$type<JsonObject[]>(),
    isCreatedByUser: boolean('is_created_by_user').notNull().default(false),
    model: text('model'),
    endpoint: text('endpoint'),
    error: boolean('error').notNull().default(false),
    unfinished: boolean('unfinished').notNull().default(false),
    finishReason: text('finish_reason'),
    isEdited: boolean('is_edited').notNull().default(false),
    tokenCount: integer('token_count'),
    files: jsonb('files').$type<JsonObject[]>(),
    /** Knowledge: the document passages a reply was given (file, page, snippet). */
    sources: jsonb('sources').$type<JsonObject[]>(),
    plugin: jsonb('plugin').$type<JsonObject>(),
    plugins: jsonb('plugins').$type<JsonObject[]>(),
    threadId: text('thread_id'),
    iconUrl: text('icon_url'),
    /** A summary of the path from the root up to and including this message (LibreChat's field). */
    summary: text('summary'),
    summaryTokenCount: integer('summary_token_count'),
    /** Generated from `text`; never written by the app. */
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchTsvectorOf('text')),
    ...timestamps(),
  },
  (table) => [
    // The message list's keyset order (`created_at`, then `message_id`): a page is an index range scan.
    index('messages_conversation_id_created_at_message_id_idx').on(
      table.conversationId,
      table.createdAt,
      table.messageId,
    ),
    index('messages_conversation_id_parent_message_id_idx').on(table.conversationId, table.parentMessageId),
    index('messages_user_id_idx').on(table.userId),
    index('messages_search_vector_idx').using('gin', table.searchVector),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

/** Every column except the generated `search_vector`: what repositories select (the vector is only for search). */
export const messageColumns = {
  messageId: messages.messageId,
  conversationId: messages.conversationId,
  userId: messages.userId,
  parentMessageId: messages.parentMessageId,
  sender: messages.sender,
  text: messages.text,
  content: messages.content,
  isCreatedByUser: messages.isCreatedByUser,
  model: messages.model,
  endpoint: messages.endpoint,
  error: messages.error,
  unfinished: messages.unfinished,
  finishReason: messages.finishReason,
  isEdited: messages.isEdited,
  tokenCount: messages.tokenCount,
  files: messages.files,
  sources: messages.sources,
  plugin: messages.plugin,
  plugins: messages.plugins,
  threadId: messages.threadId,
  iconUrl: messages.iconUrl,
  summary: messages.summary,
  summaryTokenCount: messages.summaryTokenCount,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
};
