import { numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Token credits per user (1,000,000 = 1 USD); numeric so fractional token values add up exactly. */
export const balances = pgTable('balances', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenCredits: numeric('token_credits', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  /** When YAML's auto-refill last added credits (the balance's creation until then). */
  lastRefill: timestamp('last_refill', { withTimezone: true }).notNull().defaultNow(),
});

export type BalanceRow = typeof balances.$inferSelect;
export type NewBalanceRow = typeof balances.$inferInsert;
