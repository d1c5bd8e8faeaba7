import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { balances, transactions } from '../db/schema';

/**
 * An administrator's change of a user's credits: `add` adds `amount`, `set` makes the balance `amount`. The
 * balance and a `credits` transaction recording the change (LibreChat's add-balance) are written together;
 * answers the new balance.
 */
export async function adjustBalance(
  db: Db,
  userId: string,
  op: 'add' | 'set',
  amount: number,
  context: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ tokenCredits: balances.tokenCredits })
      .from(balances)
      .where(sql`${balances.userId} = ${userId}`)
      .for('update');
    const current = before?.tokenCredits ?? 0;
    const next = op === 'add' ? current + amount : amount;
    const [row] = await tx
      .insert(balances)
      .values({ userId, tokenCredits: next })
      .onConflictDoUpdate({
        target: balances.userId,
        set: {
          tokenCredits:
            op === 'add' ? sql`${balances.tokenCredits} + ${amount}::numeric` : sql`${amount}::numeric`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ tokenCredits: balances.tokenCredits });
    if (!row) throw new Error('balance upsert returned no row');
    await tx.insert(transactions).values({
      userId,
      tokenType: 'credits',
      rawAmount: row.tokenCredits - current,
      tokenValue: row.tokenCredits - current,
      context,
    });
    return row.tokenCredits;
  });
}
