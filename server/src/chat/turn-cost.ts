// What a turn may cost, checked before it runs: the user's balance for the counted prompt, then the budgets
// that apply (a reservation of its most possible cost). Either refuses with 402 (API.md "Chat").
import { AppError } from '../lib/errors';
import type { BudgetHold } from './ports';
import { tokenBudget } from './prompt-options';
import type { PreparedTurn, StartInput } from './prepare-turn';
import { keepRefusedTurn } from './refused-turn';
import type { ChatEngineDeps, ReplyIdentity } from './run-context';

/** Refuses a turn whose counted prompt the user's balance cannot pay. */
async function checkBalance(deps: ChatEngineDeps, input: StartInput, prepared: PreparedTurn): Promise<void> {
  const promptTokens = prepared.context?.promptTokens;
  if (promptTokens === undefined) return;
  const check = await deps.balance.checkBalance(input.userId, { model: input.body.model, promptTokens });
  if (check.ok) return;
  throw new AppError(402, 'Insufficient funds: your balance does not cover this message.', {
    code: 'token_balance',
    details: { balance: check.balance, tokenCost: check.cost, promptTokens },
  });
}

/** Reserves the turn's most possible cost under the budgets that apply to it (402 when one is used up). */
async function holdBudget(
  deps: ChatEngineDeps,
  input: StartInput,
  prepared: PreparedTurn,
): Promise<BudgetHold | undefined> {
  const { request, context } = prepared;
  if (!deps.budgets || !request || !context) return undefined;
  const model = input.body.model;
  const { replyTokens } = tokenBudget(model, request.params);
  return deps.budgets.admit(input.userId, {
    model,
    promptTokens: context.promptTokens,
    maxOutputTokens: replyTokens,
  });
}

/**
 * The balance, then the budgets; answers the budget reservation the turn runs under. A turn refused for its
 * cost is saved with its error reply (`reply`) before the 402 goes out.
 */
export async function admitCost(
  deps: ChatEngineDeps,
  input: StartInput,
  prepared: PreparedTurn,
  reply: ReplyIdentity,
): Promise<BudgetHold | undefined> {
  try {
    await checkBalance(deps, input, prepared);
    return await holdBudget(deps, input, prepared);
  } catch (error) {
    throw await keepRefusedTurn(deps, input, prepared, reply, error);
  }
}
