import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { balances, transactions, type NewTransactionRow } from '../db/schema';
import type { AutoRefill } from './settings';

export async function selectBalance(db: Db, userId: string): Promise<number | null> {
  const rows = await db
    .select({ tokenCredits: balances.tokenCredits })
    .from(balances)
    .where(eq(balances.userId, userId))
    .limit(1);
  return rows[0]?.tokenCredits ?? null;
}

/** Creates the balance with `startBalance` unless it exists; returns the balance either way. */
export async function ensureBalance(db: Db, userId: string, startBalance: number): Promise<number> {
  // Nearly always there already: one round trip then.
  const existing = await selectBalance(db, userId);
  if (existing !== null) return existing;
  const created = await db
    .insert(balances)
    .values({ userId, tokenCredits: startBalance })
    .onConflictDoNothing({ target: balances.userId })
    .returning({ tokenCredits: balances.tokenCredits });
  return created[0]?.tokenCredits ?? (await selectBalance(db, userId)) ?? startBalance;
}

export type TransactionValues = Omit<NewTransactionRow, 'id' | 'userId' | 'createdAt'>;

/**
 * Adds `refill.amount` credits when `refill.every` `refill.unit`s have passed since the balance's last refill
 * (or its creation), with its `credits` transaction (context `autoRefill`), in one statement. Two admissions
 * at once refill once: the second one's UPDATE re-reads the row after the first commits and no longer matches.
 * Answers the balance after the refill, or null when none was due.
 */
export async function refillIfDue(
  db: Db,
  userId: string,
  refill: AutoRefill,
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const { rows } = await db.execute<{ token_credits: string | number }>(sql`
    with refilled as (
      update ${balances}
      set token_credits = ${balances.tokenCredits} + ${refill.amount}::numeric,
        last_refill = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where ${balances.userId} = ${userId}
        and ${balances.lastRefill} + ${refill.every}::integer * ${`1 ${refill.unit}`}::interval <= ${at}::timestamptz
      returning ${balances.tokenCredits}
    ), recorded as (
      insert into ${transactions} (user_id, token_type, raw_amount, token_value, context, created_at)
      select ${userId}, 'credits', ${refill.amount}::numeric, ${refill.amount}::numeric, 'autoRefill',
        ${at}::timestamptz
      from refilled
      returning 1
    )
    select token_credits from refilled`);
  const row = rows[0];
  return row ? Number(row.token_credits) : null;
}
