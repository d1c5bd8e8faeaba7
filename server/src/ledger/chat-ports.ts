// The chat engine's balance and budgets ports, bound to the balance check and the ledger service.
import { checkBalance } from '../balance/service';
import type { BalanceSettings } from '../balance/settings';
import type { BalancePort, BudgetsPort, UsageRecord } from '../chat/ports';
import { generatedTitleWrite } from '../conversations/service';
import type { Db } from '../db/client';
import type { LedgerService, UsageEntry } from './service';

/** The ledger's entry of a chat's model call. */
function entryOf(userId: string, usage: UsageRecord): UsageEntry {
  return {
    userId,
    kind: usage.kind,
    endpoint: usage.endpoint,
    model: usage.model,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    conversationId: usage.conversationId,
    messageId: usage.messageId,
    // A reply, its title and a summary stored on it share the message id; each call has its own request id.
    requestId:
      usage.requestId ??
      (usage.kind === 'title' || usage.kind === 'summary'
        ? `${usage.messageId}:${usage.kind}`
        : usage.messageId),
    incomplete: usage.incomplete,
    reservationId: usage.reservationId,
  };
}

export function balancePortOf(db: Db, settings: BalanceSettings, ledger: LedgerService): BalancePort {
  return {
    checkBalance: (userId, input) => checkBalance(db, userId, input, settings),
    recordUsage: async (userId, usage) => {
      await ledger.record(entryOf(userId, usage));
    },
    recordTitle: async (userId, usage, title) => {
      const alongside = generatedTitleWrite(db, userId, usage.conversationId, title);
      await ledger.record({ ...entryOf(userId, usage), ...(alongside ? { alongside } : {}) });
    },
  };
}

export function budgetsPortOf(ledger: LedgerService): BudgetsPort {
  return {
    async admit(userId, turn) {
      const hold = await ledger.admit({ userId, ...turn });
      if (!hold) return undefined;
      return {
        reservationId: hold.reservationId,
        warnings: () => ledger.warnings(hold),
        release: () => ledger.release(hold.reservationId),
      };
    },
  };
}
