import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { BUDGET_METRICS, BUDGET_PERIODS, BUDGET_SCOPES, LEDGER_KINDS } from '@parley/shared/schemas/budget';
import { sqlLiteralList, timestamps } from './columns';
import { users } from './users';

/**
 * One row per model call (API.md "Administration, budgets and usage"). Append-only: migration 0012 adds a
 * trigger that refuses UPDATE and DELETE. No foreign keys, so rows outlive their conversation and their user;
 * `user_label` keeps who it was (the email at the time of the call).
 */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').notNull(),
    userLabel: text('user_label').notNull().default(''),
    conversationId: uuid('conversation_id'),
    endpoint: text('endpoint').notNull().default(''),
    model: text('model').notNull().default(''),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    cacheReadTokens: integer('cache_read_tokens').notNull().default(0),
    cacheWriteTokens: integer('cache_write_tokens').notNull().default(0),
    /** 1,000,000 = 1 USD, as balances. */
    credits: numeric('credits', { mode: 'number' }).notNull().default(0),
    requestId: text('request_id').notNull(),
    /** The model had no price: the default rate was charged. */
    unpriced: boolean('unpriced').notNull().default(false),
  },
  (table) => [
    // (at, id): the raw CSV export reads keyset pages `(at, id) > (…)` in this order (migration 0017).
    index('usage_ledger_at_id_idx').on(table.at, table.id),
    index('usage_ledger_user_id_at_idx').on(table.userId, table.at),
    // A conversation's cost so far (the context gauge): one sum over its rows (migration 0018).
    index('usage_ledger_conversation_id_idx')
      .on(table.conversationId)
      .where(sql`${table.conversationId} is not null`),
    check('usage_ledger_kind_check', sql`${table.kind} in (${sqlLiteralList(LEDGER_KINDS)})`),
  ],
);

export type LedgerRow = typeof usageLedger.$inferSelect;
export type NewLedgerRow = typeof usageLedger.$inferInsert;

/**
 * The ledger summed per UTC day, user and model, kept by a statement trigger on `usage_ledger` inserts in the
 * inserting transaction (migration 0017), so budget admission sums a few rows per user instead of a month of
 * calls (docs/decisions.md "Daily rollups for budget admission"). Never written by the application.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id').notNull(),
    model: text('model').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    /** Prompt + completion tokens, a budget's `tokens` metric. */
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    credits: numeric('credits', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day, table.model] }),
    index('usage_daily_day_idx').on(table.day),
  ],
);

/** The same per UTC day and model over everyone: what a global budget sums (about 31 × models rows a month). */
export const usageDailyModels = pgTable(
  'usage_daily_models',
  {
    day: date('day', { mode: 'string' }).notNull(),
    model: text('model').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    credits: numeric('credits', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.model] })],
);

/** Budgets made through the API (YAML `budgets:` entries are read from the config, never stored). */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope', { enum: BUDGET_SCOPES }).notNull(),
    /** Role name, group id or user id; null for `global`. */
    scopeId: text('scope_id'),
    /** A glob over model names (`gpt-4*`); null: every model. */
    model: text('model'),
    metric: text('metric', { enum: BUDGET_METRICS }).notNull(),
    limitAmount: numeric('limit_amount', { mode: 'number' }).notNull(),
    period: text('period', { enum: BUDGET_PERIODS }).notNull(),
    warnAtPct: integer('warn_at_pct'),
    ...timestamps(),
  },
  (table) => [
    check('budgets_scope_check', sql`${table.scope} in (${sqlLiteralList(BUDGET_SCOPES)})`),
    check('budgets_metric_check', sql`${table.metric} in (${sqlLiteralList(BUDGET_METRICS)})`),
    check('budgets_period_check', sql`${table.period} in (${sqlLiteralList(BUDGET_PERIODS)})`),
  ],
);

export type BudgetRow = typeof budgets.$inferSelect;

/**
 * The most a chat turn admitted under budgets may still cost, held until the turn settles (its ledger row
 * replaces it in the same statement). Spent for a budget is the ledger's window plus the live reservations,
 * read under the budget's advisory lock (docs/decisions.md "Budget admission"). A reservation a crashed
 * process left behind stops counting at `expires_at`.
 */
export const budgetReservations = pgTable(
  'budget_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    credits: numeric('credits', { mode: 'number' }).notNull(),
    tokens: integer('tokens').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('budget_reservations_user_id_idx').on(table.userId)],
);
