import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { usageLedger } from '../db/schema';

/**
 * Credits each user spent in [from, to) by the ledger (the admin user list's `spentThisMonth`); a user
 * without ledger rows there is 0. One grouped query.
 */
export async function creditsSpentByUsers(
  db: Db,
  userIds: readonly string[],
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const spent = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return spent;
  const rows = await db
    .select({ userId: usageLedger.userId, credits: sql<string>`coalesce(sum(${usageLedger.credits}), 0)` })
    .from(usageLedger)
    .where(and(inArray(usageLedger.userId, [...userIds]), gte(usageLedger.at, from), lt(usageLedger.at, to)))
    .groupBy(usageLedger.userId);
  for (const row of rows) spent.set(row.userId, Number(row.credits));
  return spent;
}
