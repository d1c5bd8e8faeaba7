// Admission under budgets (docs/decisions.md "Budget admission"): under each applicable budget's advisory
// lock, a turn is admitted while settled + reserved is below the limit, and then holds a reservation of its
// most possible cost until it settles. So turns running at once, on any number of server processes sharing
// the database, overspend a budget by at most the last admitted turn's reservation.
import { lt, sql } from 'drizzle-orm';
import type { Budget, ExceededBudget } from '@parley/shared/schemas/budget';
import type { Db } from '../db/client';
import { budgetReservations } from '../db/schema';
import { spentOf } from './spent';
import { windowOf } from './windows';

/** First key of the two-key advisory lock that serialises admissions under one budget (the second is its id). */
const BUDGET_LOCK_NAMESPACE = 0x62_75_64_67;
/** A reservation left by a process that died mid-turn stops counting after this long. */
export const RESERVATION_TTL_MS = 60 * 60 * 1000;

/** What one turn may cost at most, in each metric. */
export interface TurnCost {
  userId: string;
  model: string;
  credits: number;
  tokens: number;
}

export type AdmissionResult =
  { type: 'admitted'; reservationId: string } | { type: 'refused'; budget: ExceededBudget };

/** A refusal names the budget that blocks the longest (the latest reset), then the most overspent. */
function strictest(over: { budget: Budget; spent: number; resetsAt: Date }[]): ExceededBudget {
  const [first] = [...over].sort(
    (a, b) =>
      b.resetsAt.getTime() - a.resetsAt.getTime() ||
      ratio(b.spent, b.budget.limit) - ratio(a.spent, a.budget.limit),
  );
  if (!first) throw new Error('strictest() needs a budget');
  const { budget } = first;
  return {
    id: budget.id,
    scope: budget.scope,
    metric: budget.metric,
    period: budget.period,
    limit: budget.limit,
    spent: first.spent,
    resetsAt: first.resetsAt.toISOString(),
  };
}

const ratio = (spent: number, limit: number) => (limit <= 0 ? Number.POSITIVE_INFINITY : spent / limit);

/** Admits the turn under every budget given (all must apply to it) and reserves its cost, or refuses it. */
export async function admitUnderBudgets(
  db: Db,
  budgets: readonly Budget[],
  cost: TurnCost,
  now: Date,
): Promise<AdmissionResult> {
  return db.transaction(async (tx) => {
    // Sorted, so two turns under overlapping budgets always lock in the same order.
    for (const id of budgets.map((budget) => budget.id).sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(${BUDGET_LOCK_NAMESPACE}, hashtext(${id}))`);
    }
    const spent = await spentOf(tx, budgets, now);
    const over = budgets.flatMap((budget, index) => {
      const used = (spent[index]?.settled ?? 0) + (spent[index]?.reserved ?? 0);
      return used >= budget.limit ? [{ budget, spent: used, resetsAt: windowOf(budget.period, now).to }] : [];
    });
    if (over.length > 0) return { type: 'refused', budget: strictest(over) };
    await tx.delete(budgetReservations).where(lt(budgetReservations.expiresAt, now));
    const [row] = await tx
      .insert(budgetReservations)
      .values({
        userId: cost.userId,
        model: cost.model,
        credits: cost.credits,
        tokens: Math.round(cost.tokens),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS),
      })
      .returning({ id: budgetReservations.id });
    if (!row) throw new Error('insert into budget_reservations returned no row');
    return { type: 'admitted', reservationId: row.id };
  });
}
