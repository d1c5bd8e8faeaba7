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

export async function insertTransactions(db: Db, userId: string, rows: TransactionValues[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(transactions).values(rows.map((row) => ({ ...row, userId })));
}

/**
 * The usage transactions and the debit of their cost, as one statement (a data-modifying CTE inserts the rows;
 * both happen or neither). Returns the new balance.
 */
export async function insertTransactionsAndDebit(
  db: Db,
  userId: string,
  rows: TransactionValues[],
  credits: number,
  startBalance: number,
): Promise<number> {
  const insert = db
    .insert(transactions)
    .values(rows.map((row) => ({ ...row, userId })))
    .returning({ id: transactions.id });
  const inserted = db.$with('usage_rows', { id: transactions.id }).as(insert.getSQL());
  const result = await db
    .with(inserted)
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
  const balance = result[0]?.tokenCredits;
  if (balance === undefined) throw new Error('balance upsert returned no row');
  return balance;
}
