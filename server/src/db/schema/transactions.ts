import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlLiteralList } from './columns';
import { users } from './users';

export const TOKEN_TYPES = ['prompt', 'completion', 'credits'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/**
 * Balance movements. Conversation and message ids are kept as plain values (no foreign keys), so the
 * ledger survives deleting a conversation.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id'),
    messageId: uuid('message_id'),
    model: text('model'),
    tokenType: text('token_type', { enum: TOKEN_TYPES }).notNull(),
    /** Tokens used (negative when spent) or credits added. */
    rawAmount: numeric('raw_amount', { mode: 'number' }).notNull(),
    /** rawAmount × rate: the credits this transaction moves. */
    tokenValue: numeric('token_value', { mode: 'number' }).notNull(),
    rate: numeric('rate', { mode: 'number' }),
    context: text('context'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('transactions_user_id_created_at_idx').on(table.userId, table.createdAt),
    check('transactions_token_type_check', sql`${table.tokenType} in (${sqlLiteralList(TOKEN_TYPES)})`),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;
