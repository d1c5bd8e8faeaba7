import { bigint, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { sqlLiteralList, timestamps } from './columns';
import { FILE_SOURCES, FILE_TEXT_STATES } from '@parley/shared/schemas/file';
import { users } from './users';

export { FILE_SOURCES, type FileSource } from '@parley/shared/schemas/file';

/**
 * Uploaded files. `conversation_id` is informational (no foreign key): a file is often uploaded before its
 * conversation is saved, and it outlives the conversation.
 */
export const files = pgTable(
  'files',
  {
    fileId: uuid('file_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id'),
    tempFileId: text('temp_file_id'),
    filename: text('filename').notNull(),
    /**
     * Where the bytes are in the file storage (`<userId>/<fileId>`). The API's `filepath` is a signed link
     * built from the file id when a file is presented, so rotating JWT_SECRET never leaves stale links here.
     */
    filepath: text('filepath').notNull(),
    /** MIME type. */
    type: text('type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    source: text('source', { enum: FILE_SOURCES }).notNull().default('local'),
    /** avatar, unknown, assistants, image_generation, assistants_output, message_attachment. */
    context: text('context'),
    embedded: boolean('embedded').notNull().default(false),
    usage: integer('usage').notNull().default(0),
    /** The UTF-8 text of a text-like file (text, code, json, csv, xml), capped; null for other types. */
    text: text('text'),
    /** Knowledge: `indexed` (chunks searchable), `no_text` (a document with no extractable text); null otherwise. */
    textState: text('text_state', { enum: FILE_TEXT_STATES }),
    /** The embeddings model the chunks were embedded with (re-embedded when `EMBEDDINGS_MODEL` changes). */
    embeddingsModel: text('embeddings_model'),
    ...timestamps(),
  },
  (table) => [
    index('files_user_id_created_at_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    index('files_conversation_id_idx').on(table.conversationId),
    check('files_source_check', sql`${table.source} in (${sqlLiteralList(FILE_SOURCES)})`),
    check('files_text_state_check', sql`${table.textState} in (${sqlLiteralList(FILE_TEXT_STATES)})`),
  ],
);

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;
