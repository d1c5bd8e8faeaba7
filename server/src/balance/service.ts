import { isUuidLike } from '../conversations/service';
import type { Db } from '../db/client';
import { ensureBalance, refillIfDue, selectBalance, type TransactionValues } from './repo';
import { priceOf } from './prices';
import type { BalanceSettings } from './settings';

export type { Db } from '../db/client';
export type { BalanceSettings } from './settings';

/** What the tokens were spent on (LibreChat's transaction contexts). */
export type UsageContext = 'message' | 'title' | 'summary' | 'plugins' | 'incomplete' | 'embedding';

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
  now: Date = new Date(),
): Promise<BalanceCheck> {
  const price = priceOf(input.model);
  const cost =
    tokens(input.promptTokens) * price.prompt + tokens(input.maxCompletionTokens) * price.completion;
  if (!settings.enabled) return { ok: true, balance: null, cost };
  let balance = await getBalance(db, userId, settings);
  // LibreChat's auto-refill: checked when the turn would take the balance to 0 or below.
  if (settings.autoRefill && balance <= cost) {
    balance =
      (await refillIfDue(db, userId, settings.autoRefill, now)) ??
      (await selectBalance(db, userId)) ??
      balance;
  }
  return { ok: balance >= cost, balance, cost };
}

export interface UsageInput {
  conversationId: string | null;
  messageId: string | null;
  model: string;
  promptTokens: number;
  completionTokens: number;
  context: UsageContext;
  /** Credits of cached prompt tokens, added to the prompt transaction. */
  extraPromptCredits?: number;
}

export interface UsageTransactions {
  rows: TransactionValues[];
  promptCredits: number;
  completionCredits: number;
  /** promptCredits + completionCredits. */
  cost: number;
}

/**
 * A model call's `prompt` and `completion` transactions (rawAmount = −tokens, rate from the price table in
 * credits per token, tokenValue = rawAmount × rate) and their cost. The ledger writes them with the call's
 * ledger row and, when CHECK_BALANCE is on, debits their cost in the same statement (`ledger/record.ts`).
 */
export function usageTransactions(input: UsageInput): UsageTransactions {
  const price = priceOf(input.model);
  const completionRate = price.completion * (input.context === 'incomplete' ? INCOMPLETE_SURCHARGE : 1);
  const promptTokens = tokens(input.promptTokens);
  const completionTokens = tokens(input.completionTokens);
  const promptCredits = promptTokens * price.prompt + Math.max(0, input.extraPromptCredits ?? 0);
  const completionCredits = completionTokens * completionRate;
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
  return { rows, promptCredits, completionCredits, cost: promptCredits + completionCredits };
}
