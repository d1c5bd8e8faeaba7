import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { SHARE_VISIBILITIES } from '@parley/shared/schemas/share';
import { sqlLiteralList, timestamps, type JsonObject } from './columns';
import { users } from './users';

/**
 * Share links: a snapshot of a conversation's visible path, copied (API.md "Sharing and organising").
 * `conversation_id` has no foreign key: the snapshot outlives the conversation.
 */
export const shares = pgTable(
  'shares',
  {
    /** 128 random bits, base64url. */
    shareId: text('share_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').notNull(),
    /** The message the path was copied up to; null: the conversation's current leaf at each copy. */
    targetMessageId: uuid('target_message_id'),
    title: text('title').notNull(),
    /** Only to draw the endpoint's icon and to start a personal copy on it; never its settings. */
    endpoint: text('endpoint'),
    endpointType: text('endpoint_type'),
    model: text('model'),
    visibility: text('visibility', { enum: SHARE_VISIBILITIES }).notNull().default('signed_in'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * The snapshot is `share_messages` positions [first_position, first_position + message_count): a copy is
     * written at positions reserved from `next_position`, then made the snapshot in one update, so a reader
     * never sees half a copy.
     */
    firstPosition: integer('first_position').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    nextPosition: integer('next_position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('shares_user_id_created_at_share_id_idx').on(table.userId, table.createdAt, table.shareId),
    index('shares_user_id_conversation_id_idx').on(table.userId, table.conversationId),
    index('shares_expires_at_idx').on(table.expiresAt),
    check('shares_visibility_check', sql`${table.visibility} in (${sqlLiteralList(SHARE_VISIBILITIES)})`),
  ],
);

/** The snapshot's messages in path order (root first), each as the API shows it. */
export const shareMessages = pgTable(
  'share_messages',
  {
    shareId: text('share_id')
      .notNull()
      .references(() => shares.shareId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    message: jsonb('message').$type<JsonObject>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shareId, table.position] })],
);

/**
 * Files copied into a share (SHARED_LINKS_SNAPSHOT_FILES), served only through it. When its share goes
 * (revoked, its owner deleted) the row stays with `share_id` null until the bytes are deleted too.
 */
export const shareFiles = pgTable(
  'share_files',
  {
    fileId: uuid('file_id').primaryKey(),
    shareId: text('share_id').references(() => shares.shareId, { onDelete: 'set null' }),
    /** Where the bytes are in the file storage. */
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    type: text('type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('share_files_share_id_idx').on(table.shareId)],
);

export type ShareRow = typeof shares.$inferSelect;
export type ShareFileRow = typeof shareFiles.$inferSelect;
