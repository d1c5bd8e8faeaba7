import { asc, eq } from 'drizzle-orm';
import type { Budget, CreateBudget, UpdateBudget } from '@parley/shared/schemas/budget';
import type { Db } from '../db/client';
import { budgets, type BudgetRow } from '../db/schema';
import { isUuidLike } from '../conversations/service';

export function budgetOfRow(row: BudgetRow): Budget {
  return {
    id: row.id,
    scope: row.scope,
    ...(row.scopeId !== null ? { scopeId: row.scopeId } : {}),
    ...(row.model !== null ? { model: row.model } : {}),
    metric: row.metric,
    limit: row.limitAmount,
    period: row.period,
    ...(row.warnAtPct !== null ? { warnAtPct: row.warnAtPct } : {}),
    source: 'api',
  };
}

/** Every budget made through the API, oldest first. */
export async function listStoredBudgets(db: Db): Promise<Budget[]> {
  const rows = await db.select().from(budgets).orderBy(asc(budgets.createdAt), asc(budgets.id));
  return rows.map(budgetOfRow);
}

export async function insertBudget(db: Db, input: CreateBudget): Promise<Budget> {
  const [row] = await db
    .insert(budgets)
    .values({
      scope: input.scope,
      scopeId: input.scopeId ?? null,
      model: input.model ?? null,
      metric: input.metric,
      limitAmount: input.limit,
      period: input.period,
      warnAtPct: input.warnAtPct ?? null,
    })
    .returning();
  if (!row) throw new Error('insert into budgets returned no row');
  return budgetOfRow(row);
}

export async function findStoredBudget(db: Db, id: string): Promise<Budget | null> {
  if (!isUuidLike(id)) return null;
  const [row] = await db.select().from(budgets).where(eq(budgets.id, id)).limit(1);
  return row ? budgetOfRow(row) : null;
}

/** Writes the whole (already merged and checked) budget; null when it is gone. */
export async function replaceBudget(
  db: Db,
  id: string,
  budget: Omit<Budget, 'id' | 'source'>,
): Promise<Budget | null> {
  const [row] = await db
    .update(budgets)
    .set({
      scope: budget.scope,
      scopeId: budget.scopeId ?? null,
      model: budget.model ?? null,
      metric: budget.metric,
      limitAmount: budget.limit,
      period: budget.period,
      warnAtPct: budget.warnAtPct ?? null,
    })
    .where(eq(budgets.id, id))
    .returning();
  return row ? budgetOfRow(row) : null;
}

/** The deleted budget; null when there was none. */
export async function deleteBudget(db: Db, id: string): Promise<Budget | null> {
  if (!isUuidLike(id)) return null;
  const [row] = await db.delete(budgets).where(eq(budgets.id, id)).returning();
  return row ? budgetOfRow(row) : null;
}

/** Apply a PATCH to a budget: `null` clears an optional field, absent keeps it. */
export function mergeBudget(budget: Budget, patch: UpdateBudget): Omit<Budget, 'id' | 'source'> {
  const { id: _id, source: _source, ...current } = budget;
  const merged: Omit<Budget, 'id' | 'source'> = { ...current };
  if (patch.scope !== undefined) merged.scope = patch.scope;
  if (patch.metric !== undefined) merged.metric = patch.metric;
  if (patch.limit !== undefined) merged.limit = patch.limit;
  if (patch.period !== undefined) merged.period = patch.period;
  for (const key of ['scopeId', 'model', 'warnAtPct'] as const) {
    const value = patch[key];
    if (value === null) delete merged[key];
    else if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  if (merged.scope === 'global') delete merged.scopeId;
  return merged;
}
