import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { usageLedger } from '../db/schema';

/**
 * What the user's model calls in one conversation have cost so far, in credits (replies, its title, its
 * summaries): one sum over the conversation's ledger rows (index `usage_ledger_conversation_id_idx`).
 */
export async function conversationCredits(db: Db, userId: string, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ credits: sql<string>`coalesce(sum(${usageLedger.credits}), 0)` })
    .from(usageLedger)
    .where(and(eq(usageLedger.conversationId, conversationId), eq(usageLedger.userId, userId)));
  return Number(row?.credits ?? 0);
}
