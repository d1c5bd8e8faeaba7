// The one way a model call is billed: its ledger row, the balance's prompt/completion transactions (and the
// debit when CHECK_BALANCE is on), the release of the budget reservation it settles and what the call
// produced (a title), in one statement.
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LedgerKind } from '@parley/shared/schemas/budget';
import { usageTransactions, type UsageContext } from '../balance/service';
import { isPriced, priceOf } from '../balance/prices';
import type { BalanceSettings } from '../balance/settings';
import { isUuidLike } from '../conversations/service';
import type { Db } from '../db/client';
import { balances, budgetReservations, transactions, usageLedger, users } from '../db/schema';

/** Anthropic's cache pricing, applied to every provider that reports cached tokens: reads 10%, writes 125%. */
export const CACHE_READ_SHARE = 0.1;
export const CACHE_WRITE_SHARE = 1.25;

/** One model call to bill. */
export interface UsageEntry {
  userId: string;
  kind: LedgerKind;
  /** The endpoint name the call went to (`openAI`, a custom endpoint's name…). */
  endpoint: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  cacheReadTokens?: number | undefined;
  cacheWriteTokens?: number | undefined;
  conversationId?: string | null | undefined;
  /** The message the call belongs to (the balance transactions keep it). */
  messageId?: string | null | undefined;
  /** Default: `messageId`, else a new UUID. */
  requestId?: string | undefined;
  /** A reply its user stopped: its completion costs 15% more (LibreChat's cancel surcharge). */
  incomplete?: boolean | undefined;
  /** The budget reservation this call settles; it is deleted in the same statement. */
  reservationId?: string | undefined;
  /** What the call produced, written by the same statement (e.g. a conversation's generated title). */
  alongside?: AlongsideWrite | undefined;
}

/** A data-modifying statement (not run yet) and the columns it returns, run as part of a bill's statement. */
export interface AlongsideWrite {
  statement: SQLWrapper;
  returns: Record<string, PgColumn>;
}

export interface RecordedUsage {
  id: string;
  credits: number;
  /** The model had no price: the default rate was used. */
  unpriced: boolean;
  /** The balance after the debit, or null when CHECK_BALANCE is off. */
  balance: number | null;
}

const tokens = (n: number | undefined): number =>
  n !== undefined && Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;

const CONTEXT_OF: Record<LedgerKind, UsageContext> = {
  chat: 'message',
  title: 'title',
  summary: 'summary',
  agent: 'plugins',
  tool: 'plugins',
  assistant: 'message',
  embedding: 'embedding',
};

const uuidOrNull = (value: string | null | undefined): string | null =>
  value && isUuidLike(value) ? value : null;

/**
 * Writes the call's ledger row and its transactions, debits the balance when CHECK_BALANCE is on and drops
 * `reservationId`, all in one statement (each data-modifying CTE runs or none does). `at` defaults to now.
 */
export async function recordUsage(
  db: Db,
  entry: UsageEntry,
  settings: BalanceSettings,
  at?: Date,
): Promise<RecordedUsage> {
  const price = priceOf(entry.model);
  const cacheRead = tokens(entry.cacheReadTokens);
  const cacheWrite = tokens(entry.cacheWriteTokens);
  const cacheCredits = price.prompt * (cacheRead * CACHE_READ_SHARE + cacheWrite * CACHE_WRITE_SHARE);
  const conversationId = uuidOrNull(entry.conversationId);
  const messageId = uuidOrNull(entry.messageId);
  const usage = usageTransactions({
    conversationId,
    messageId,
    model: entry.model,
    promptTokens: entry.promptTokens,
    completionTokens: entry.completionTokens,
    context: entry.incomplete ? 'incomplete' : CONTEXT_OF[entry.kind],
    extraPromptCredits: cacheCredits,
  });
  const id = randomUUID();
  const unpriced = !isPriced(entry.model);
  const ledgerRow = db.insert(usageLedger).values({
    id,
    ...(at ? { at } : {}),
    userId: entry.userId,
    userLabel: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${entry.userId}), '')`,
    conversationId,
    endpoint: entry.endpoint,
    model: entry.model,
    kind: entry.kind,
    promptTokens: tokens(entry.promptTokens),
    completionTokens: tokens(entry.completionTokens),
    cacheReadTokens: cacheRead,
    cacheWriteTokens: cacheWrite,
    credits: usage.cost,
    requestId: entry.requestId ?? messageId ?? id,
    unpriced,
  });
  const ctes: Parameters<Db['with']>[number][] = [
    db.$with('ledger_row', { id: usageLedger.id }).as(ledgerRow.returning({ id: usageLedger.id }).getSQL()),
  ];
  if (entry.alongside) {
    const { statement, returns } = entry.alongside;
    ctes.push(db.$with('alongside', returns).as(statement.getSQL()));
  }
  if (entry.reservationId) {
    const release = db
      .delete(budgetReservations)
      .where(eq(budgetReservations.id, entry.reservationId))
      .returning({ id: budgetReservations.id });
    ctes.push(db.$with('released', { id: budgetReservations.id }).as(release.getSQL()));
  }
  const txValues = usage.rows.map((row) => ({
    ...row,
    userId: entry.userId,
    ...(at ? { createdAt: at } : {}),
  }));
  if (!settings.enabled) {
    await db
      .with(...ctes)
      .insert(transactions)
      .values(txValues);
    return { id, credits: usage.cost, unpriced, balance: null };
  }
  const usageRows = db.insert(transactions).values(txValues).returning({ id: transactions.id });
  ctes.push(db.$with('usage_rows', { id: transactions.id }).as(usageRows.getSQL()));
  const result = await db
    .with(...ctes)
    .insert(balances)
    .values({
      userId: entry.userId,
      tokenCredits: sql`greatest(0, ${settings.startBalance}::numeric - ${usage.cost}::numeric)`,
    })
    .onConflictDoUpdate({
      target: balances.userId,
      set: {
        tokenCredits: sql`greatest(0, ${balances.tokenCredits} - ${usage.cost}::numeric)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ tokenCredits: balances.tokenCredits });
  const balance = result[0]?.tokenCredits;
  if (balance === undefined) throw new Error('balance upsert returned no row');
  return { id, credits: usage.cost, unpriced, balance };
}
