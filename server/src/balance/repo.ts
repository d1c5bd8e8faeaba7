import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { balances, transactions, type NewTransactionRow } from '../db/schema';

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
  const created = await db
    .insert(balances)
    .values({ userId, tokenCredits: startBalance })
    .onConflictDoNothing({ target: balances.userId })
    .returning({ tokenCredits: balances.tokenCredits });
  return created[0]?.tokenCredits ?? (await selectBalance(db, userId)) ?? startBalance;
}

export type TransactionValues = Omit<NewTransactionRow, 'id' | 'userId' | 'createdAt'>;

export async function insertTransactions(db: Db, userId: string, rows: TransactionValues[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(transactions).values(rows.map((row) => ({ ...row, userId })));
}

/**
 * Takes `credits` off the balance in one atomic statement, never below zero; a missing balance starts
 * from `startBalance`. Returns the new balance.
 */
export async function debitBalance(
  db: Db,
  userId: string,
  credits: number,
  startBalance: number,
): Promise<number> {
  const rows = await db
    .insert(balances)
    .values({ userId, tokenCredits: sql`greatest(0, ${startBalance}::numeric - ${credits}::numeric)` })
    .onConflictDoUpdate({
      target: balances.userId,
      set: {
        tokenCredits: sql`greatest(0, ${balances.tokenCredits} - ${credits}::numeric)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ tokenCredits: balances.tokenCredits });
  const balance = rows[0]?.tokenCredits;
  if (balance === undefined) throw new Error('balance upsert returned no row');
  return balance;
}
