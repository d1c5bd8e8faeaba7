// Spent for a budget = the ledger's sum over its current window plus the live reservations, for the users
// in its scope and the models its glob matches; any number of budgets in one statement (one snapshot, so a
// turn settling meanwhile is counted once: either as its ledger row or as its reservation). The ledger's sum
// is read from its daily rollups (windows are whole UTC days): per day and model for a global budget, per
// user, day and model otherwise; the trigger that keeps them runs in the statement that writes the row.
import { sql, type SQL } from 'drizzle-orm';
import type { Budget } from '@parley/shared/schemas/budget';
import type { Db } from '../db/client';
import { budgetReservations, groupMembers, usageDaily, usageDailyModels, users } from '../db/schema';
import { modelMatches } from './glob';
import { windowOf } from './windows';

/** The users a budget counts: everyone, a role's, a group's current members, or one user. */
function scopeFilter(budget: Budget, userColumn: SQL): SQL {
  switch (budget.scope) {
    case 'global':
      return sql`true`;
    case 'user':
      return sql`${userColumn}::text = ${budget.scopeId ?? ''}`;
    case 'role':
      return sql`${userColumn} in (select ${users.id} from ${users} where ${users.role} = ${budget.scopeId ?? ''})`;
    case 'group':
      return sql`${userColumn} in (select ${groupMembers.userId} from ${groupMembers} where ${groupMembers.groupId}::text = ${budget.scopeId ?? ''})`;
  }
}

const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

function ledgerSum(budget: Budget, now: Date): SQL {
  const window = windowOf(budget.period, now);
  const from = isoDay(window.from);
  const to = isoDay(window.to);
  const table = budget.scope === 'global' ? usageDailyModels : usageDaily;
  const measure =
    budget.metric === 'credits'
      ? sql`coalesce(sum(${table.credits}), 0)`
      : budget.metric === 'tokens'
        ? sql`coalesce(sum(${table.tokens}), 0)`
        : sql`coalesce(sum(${table.requests}), 0)`;
  const model = budget.model ? modelMatches(sql`${table.model}`, budget.model) : sql`true`;
  const scope = budget.scope === 'global' ? sql`true` : scopeFilter(budget, sql`${usageDaily.userId}`);
  return sql`(select ${measure} from ${table} where ${table.day} >= ${from}::date and ${table.day} < ${to}::date
    and ${scope} and ${model})`;
}

function reservedSum(budget: Budget, now: Date): SQL {
  const measure =
    budget.metric === 'credits'
      ? sql`coalesce(sum(${budgetReservations.credits}), 0)`
      : budget.metric === 'tokens'
        ? sql`coalesce(sum(${budgetReservations.tokens}), 0)`
        : sql`count(*)`;
  const model = budget.model ? modelMatches(sql`${budgetReservations.model}`, budget.model) : sql`true`;
  return sql`(select ${measure} from ${budgetReservations} where ${budgetReservations.expiresAt} > ${now.toISOString()}
    and ${scopeFilter(budget, sql`${budgetReservations.userId}`)} and ${model})`;
}

export interface Spent {
  /** Settled: the ledger's rows in the window. */
  settled: number;
  /** Held by turns still running. */
  reserved: number;
}

/** Each budget's settled and reserved amounts, in the order given, in one statement. */
export async function spentOf(db: Db, budgets: readonly Budget[], now: Date): Promise<Spent[]> {
  if (budgets.length === 0) return [];
  const columns = budgets.map(
    (budget, index) =>
      sql`${ledgerSum(budget, now)}::float8 as ${sql.identifier(`s${index}`)}, ${reservedSum(budget, now)}::float8 as ${sql.identifier(`r${index}`)}`,
  );
  const { rows } = await db.execute<Record<string, number | string>>(
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  const row = rows[0] ?? {};
  return budgets.map((_, index) => ({
    settled: Number(row[`s${index}`] ?? 0),
    reserved: Number(row[`r${index}`] ?? 0),
  }));
}
