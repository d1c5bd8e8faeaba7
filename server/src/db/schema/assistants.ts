import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlLiteralList, timestamps, type JsonObject } from './columns';
import { users } from './users';

/** An assistant (API.md "Assistants and actions"), owned by its creator. Ids are `asst_…`. */
export const assistants = pgTable(
  'assistants',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    description: text('description'),
    instructions: text('instructions'),
    model: text('model').notNull(),
    /** `AssistantTool[]` (parsed by zod in the repository). */
    tools: jsonb('tools')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Knowledge and code-interpreter files: ids of the owner's files. */
    fileIds: jsonb('file_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Free string metadata the client sets (the avatar is kept apart, in `avatar_file_id`). */
    metadata: jsonb('metadata')
      .$type<JsonObject>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    avatarFileId: uuid('avatar_file_id'),
    ...timestamps(),
  },
  (table) => [index('assistants_user_id_created_at_idx').on(table.userId, table.createdAt, table.id)],
);
export type AssistantRow = typeof assistants.$inferSelect;
export type NewAssistantRow = typeof assistants.$inferInsert;

/** An OpenAPI action of an assistant; secrets are AES-256-GCM encrypted, bound to the action and field. */
export const assistantActions = pgTable(
  'assistant_actions',
  {
    actionId: text('action_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assistantId: text('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** `ActionMetadata` without secrets. */
    metadata: jsonb('metadata').$type<JsonObject>().notNull(),
    apiKeyEncrypted: text('api_key_encrypted'),
    oauthClientIdEncrypted: text('oauth_client_id_encrypted'),
    oauthClientSecretEncrypted: text('oauth_client_secret_encrypted'),
    ...timestamps(),
  },
  (table) => [
    index('assistant_actions_user_id_idx').on(table.userId),
    index('assistant_actions_assistant_id_idx').on(table.assistantId),
  ],
);
export type AssistantActionRow = typeof assistantActions.$inferSelect;
export type NewAssistantActionRow = typeof assistantActions.$inferInsert;

/** One thread per assistants conversation. Ids are `thread_…`. */
export const assistantThreads = pgTable(
  'assistant_threads',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('assistant_threads_user_conversation_idx').on(table.userId, table.conversationId)],
);
export type AssistantThreadRow = typeof assistantThreads.$inferSelect;

export const RUN_STATUS_VALUES = [
  'queued',
  'in_progress',
  'requires_action',
  'cancelling',
  'cancelled',
  'failed',
  'completed',
  'expired',
] as const;

/** A run of an assistant on a thread (SPEC §3 statuses). Ids are `run_…`. */
export const assistantRuns = pgTable(
  'assistant_runs',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: text('thread_id')
      .notNull()
      .references(() => assistantThreads.id, { onDelete: 'cascade' }),
    /** Not a foreign key: a run outlives its assistant's deletion as history. */
    assistantId: text('assistant_id').notNull(),
    model: text('model').notNull(),
    /** The reply the run writes. */
    messageId: uuid('message_id'),
    status: text('status', { enum: RUN_STATUS_VALUES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: jsonb('last_error').$type<JsonObject>(),
    usage: jsonb('usage').$type<JsonObject>(),
    ...timestamps(),
  },
  (table) => [
    index('assistant_runs_thread_id_idx').on(table.threadId, table.createdAt),
    check('assistant_runs_status_check', sql`${table.status} in (${sqlLiteralList(RUN_STATUS_VALUES)})`),
  ],
);
export type AssistantRunRow = typeof assistantRuns.$inferSelect;
