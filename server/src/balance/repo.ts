import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { balances, type NewTransactionRow } from '../db/schema';

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
