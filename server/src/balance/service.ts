import { isUuidLike } from '../conversations/service';
import type { Db } from '../db/client';
import {
  ensureBalance,
  insertTransactions,
  insertTransactionsAndDebit,
  type TransactionValues,
} from './repo';
import { priceOf } from './prices';
import type { BalanceSettings } from './settings';

export type { Db } from '../db/client';
export type { BalanceSettings } from './settings';

/** What the tokens were spent on (LibreChat's transaction contexts). */
export type UsageContext = 'message' | 'title' | 'summary' | 'plugins' | 'incomplete';

/** A reply the user stopped is charged 15% more for its completion (LibreChat's cancel surcharge). */
export const INCOMPLETE_SURCHARGE = 1.15;

const tokens = (n: number | undefined): number => (Number.isFinite(n) ? Math.max(0, Math.round(n ?? 0)) : 0);

/** The caller's credits; a user without a balance gets START_BALANCE, saved on first use. */
export async function getBalance(db: Db, userId: string, settings: BalanceSettings): Promise<number> {
  return ensureBalance(db, userId, settings.startBalance);
}

export interface BalanceCheckInput {
  model: string;
  promptTokens: number;
  /** When given, the most the reply may cost is included too. */
  maxCompletionTokens?: number;
}

export interface BalanceCheck {
  ok: boolean;
  /** Null when CHECK_BALANCE is off: the balance is not read then (one round trip less per turn). */
  balance: number | null;
  /** Credits the turn is expected to cost: promptTokens × prompt rate (+ maxCompletionTokens × completion rate). */
  cost: number;
}

/**
 * Before a model call: can the balance pay for it? Always ok when CHECK_BALANCE is off. The engine turns
 * `ok: false` into the `token_balance` error with `balance` and `cost`.
 */
export async function checkBalance(
  db: Db,
  userId: string,
  input: BalanceCheckInput,
  settings: BalanceSettings,
): Promise<BalanceCheck> {
  const price = priceOf(input.model);
  const cost =
    tokens(input.promptTokens) * price.prompt + tokens(input.maxCompletionTokens) * price.completion;
  if (!settings.enabled) return { ok: true, balance: null, cost };
  const balance = await getBalance(db, userId, settings);
  return { ok: balance >= cost, balance, cost };
}

export interface UsageInput {
  conversationId: string | null;
  messageId: string | null;
  model: string;
  promptTokens: number;
  completionTokens: number;
  context: UsageContext;
}

export interface UsageRecord {
  promptCredits: number;
  completionCredits: number;
  /** promptCredits + completionCredits. */
  cost: number;
  /** The balance after the debit, or null when CHECK_BALANCE is off (nothing debited). */
  balance: number | null;
}

/**
 * After a model call: writes a `prompt` and a `completion` transaction (rawAmount = −tokens, rate from the
 * price table in credits per token, tokenValue = rawAmount × rate) and, when CHECK_BALANCE is on, debits
 * their cost in the same database transaction, never below zero.
 */
export async function recordUsage(
  db: Db,
  userId: string,
  input: UsageInput,
  settings: BalanceSettings,
): Promise<UsageRecord> {
  const price = priceOf(input.model);
  const completionRate = price.completion * (input.context === 'incomplete' ? INCOMPLETE_SURCHARGE : 1);
  const promptTokens = tokens(input.promptTokens);
  const completionTokens = tokens(input.completionTokens);
  const promptCredits = promptTokens * price.prompt;
  const completionCredits = completionTokens * completionRate;
  const cost = promptCredits + completionCredits;
  const common = {
    conversationId: input.conversationId && isUuidLike(input.conversationId) ? input.conversationId : null,
    messageId: input.messageId && isUuidLike(input.messageId) ? input.messageId : null,
    model: input.model,
    context: input.context,
  };
  const rows: TransactionValues[] = [
    {
      ...common,
      tokenType: 'prompt',
      rawAmount: -promptTokens,
      rate: price.prompt,
      tokenValue: -promptCredits,
    },
    {
      ...common,
      tokenType: 'completion',
      rawAmount: -completionTokens,
      rate: completionRate,
      tokenValue: -completionCredits,
    },
  ];
  // One statement either way (atomic by itself): no BEGIN/COMMIT round trips on every reply.
  const balance = settings.enabled
    ? await insertTransactionsAndDebit(db, userId, rows, cost, settings.startBalance)
    : (await insertTransactions(db, userId, rows), null);
  return { promptCredits, completionCredits, cost, balance };
}
