// The ledger feature's service: records model calls, keeps budgets (the API's and the YAML's), admits turns
// under them and answers what is spent.
import { eq, sql } from 'drizzle-orm';
import type {
  Budget,
  BudgetWarning,
  CreateBudget,
  UpdateBudget,
  UsageGroupBy,
  UsageRow,
  UsageTotals,
  UserBudget,
} from '@parley/shared/schemas/budget';
import { createBudgetSchema } from '@parley/shared/schemas/budget';
import { priceOf } from '../balance/prices';
import type { BalanceSettings } from '../balance/settings';
import type { Db } from '../db/client';
import { budgetReservations, groupMembers, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { admitUnderBudgets, type TurnCost } from './admission';
import {
  deleteBudget,
  findStoredBudget,
  insertBudget,
  listStoredBudgets,
  mergeBudget,
  replaceBudget,
} from './budgets-repo';
import { globMatches } from './glob';
import { createStoredBudgets } from './stored-budgets';
import type { AbortBus } from '../coordination/generation-log';
import { recordUsage, type RecordedUsage, type UsageEntry } from './record';
import { spentOf } from './spent';
import { usageRollup, usageTotals, type UsageFilter } from './usage-repo';
import { windowOf } from './windows';

export type { Db } from '../db/client';
export type { UsageEntry, RecordedUsage } from './record';

/** What a turn about to run may cost at most: its prompt, and its longest possible reply. */
export interface TurnEstimate {
  userId: string;
  model: string;
  promptTokens: number;
  maxOutputTokens: number;
}

/** A turn admitted under budgets: its reservation (settled by its ledger row) and the budgets it is under. */
export interface BudgetHold {
  reservationId: string;
  budgets: readonly Budget[];
}

export interface LedgerService {
  /** Bills one model call (ledger row, transactions, balance, the reservation it settles). */
  record(entry: UsageEntry): Promise<RecordedUsage>;
  /**
   * Before a chat turn streams: throws `402 budget_exceeded` when a budget that applies is used up, else
   * reserves the turn's most possible cost; undefined when no budget applies (nothing reserved).
   */
  admit(estimate: TurnEstimate): Promise<BudgetHold | undefined>;
  /** Gives a reservation back (the turn ended without a model call to bill). */
  release(reservationId: string): Promise<void>;
  /** The held budgets at or above their `warnAtPct`, after the turn settled. */
  warnings(hold: BudgetHold): Promise<BudgetWarning[]>;
  /** Every budget that applies to the user (any model), with what is spent in its window. */
  userBudgets(userId: string): Promise<UserBudget[]>;
  listBudgets(): Promise<Budget[]>;
  createBudget(input: CreateBudget): Promise<Budget>;
  updateBudget(id: string, patch: UpdateBudget): Promise<Budget>;
  /** Deletes a budget made through the API and answers it. */
  deleteBudget(id: string): Promise<Budget>;
  /** Stops listening for budget changes of other instances. */
  close(): void;
}

export interface LedgerServiceDeps {
  db: Db;
  balance: BalanceSettings;
  /** YAML `budgets:` (read-only); their ids are `yaml-1`, `yaml-2`… in file order. */
  yamlBudgets?: readonly CreateBudget[] | undefined;
  /**
   * Tells every instance that the stored budgets changed (the coordination's abort bus): with it, admission
   * reads them from this instance's copy; without it, from the database on every turn.
   */
  bus?: Pick<AbortBus, 'listen' | 'abort'> | undefined;
  now?: () => Date;
}

export const BUDGET_NOT_FOUND = 'Budget not found';
export const YAML_READ_ONLY = 'This budget is set in the server config file; change it there.';

export function yamlBudgetsOf(entries: readonly CreateBudget[] | undefined): Budget[] {
  return (entries ?? []).map((entry, index) => ({ ...entry, id: `yaml-${index + 1}`, source: 'yaml' }));
}

interface Member {
  role: string;
  groupIds: string[];
}

/** What `appliesTo` needs of a user when no role or group budget exists: nothing to look up. */
const ANY_MEMBER: Member = { role: '', groupIds: [] };

/** Whether a budget's scope needs the user's role or groups (one more query). */
const byMembership = (budget: Budget) => budget.scope === 'role' || budget.scope === 'group';

async function memberOf(db: Db, userId: string): Promise<Member | null> {
  const { rows } = await db.execute<{ role: string; group_ids: string[] | string | null }>(sql`
    select ${users.role} as role,
      coalesce((select array_agg(${groupMembers.groupId}::text) from ${groupMembers}
        where ${groupMembers.userId} = ${users.id}), '{}') as group_ids
    from ${users} where ${users.id} = ${userId}`);
  const row = rows[0];
  if (!row) return null;
  const ids = row.group_ids;
  const groupIds = Array.isArray(ids)
    ? ids
    : String(ids ?? '{}')
        .replace(/^\{|\}$/gu, '')
        .split(',')
        .filter(Boolean);
  return { role: row.role, groupIds };
}

function appliesTo(budget: Budget, userId: string, member: Member): boolean {
  switch (budget.scope) {
    case 'global':
      return true;
    case 'user':
      return budget.scopeId === userId;
    case 'role':
      return budget.scopeId === member.role;
    case 'group':
      return budget.scopeId !== undefined && member.groupIds.includes(budget.scopeId);
  }
}

function reject(message: string): AppError {
  return new AppError(409, message, { code: 'read_only' });
}

export function createLedgerService(deps: LedgerServiceDeps): LedgerService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const yaml = yamlBudgetsOf(deps.yamlBudgets);
  const allBudgets = async () => [...yaml, ...(await listStoredBudgets(db))];
  // Admission runs on every chat turn: it reads the stored budgets from this instance's copy.
  const stored = deps.bus
    ? createStoredBudgets({ load: () => listStoredBudgets(db), bus: deps.bus, now: () => now().getTime() })
    : undefined;
  const admissionBudgets = async () => (stored ? [...yaml, ...(await stored.list())] : allBudgets());
  /** After a budget was written: every instance reads the stored budgets again. */
  const changed = async <T>(result: T): Promise<T> => {
    await stored?.changed();
    return result;
  };

  async function applicable(userId: string, model?: string, budgets?: Budget[]): Promise<Budget[]> {
    const candidates = (budgets ?? (await allBudgets())).filter(
      (budget) => model === undefined || budget.model === undefined || globMatches(budget.model, model),
    );
    if (candidates.length === 0) return [];
    const member = candidates.some(byMembership) ? await memberOf(db, userId) : ANY_MEMBER;
    if (!member) return [];
    return candidates.filter((budget) => appliesTo(budget, userId, member));
  }

  return {
    record: (entry) => recordUsage(db, entry, deps.balance, now()),

    async admit(estimate) {
      const budgets = await applicable(estimate.userId, estimate.model, await admissionBudgets());
      if (budgets.length === 0) return undefined;
      const price = priceOf(estimate.model);
      const cost: TurnCost = {
        userId: estimate.userId,
        model: estimate.model,
        credits: estimate.promptTokens * price.prompt + estimate.maxOutputTokens * price.completion,
        tokens: estimate.promptTokens + estimate.maxOutputTokens,
      };
      const result = await admitUnderBudgets(db, budgets, cost, now());
      if (result.type === 'admitted') return { reservationId: result.reservationId, budgets };
      throw new AppError(402, budgetMessage(result.budget.period), {
        code: 'budget_exceeded',
        details: { budget: result.budget },
      });
    },

    async release(reservationId) {
      await db.delete(budgetReservations).where(eq(budgetReservations.id, reservationId));
    },

    async warnings(hold) {
      const watched = hold.budgets.filter((budget) => budget.warnAtPct !== undefined);
      if (watched.length === 0) return [];
      const at = now();
      const spent = await spentOf(db, watched, at);
      return watched.flatMap((budget, index) => {
        const used = (spent[index]?.settled ?? 0) + (spent[index]?.reserved ?? 0);
        if (used < (budget.limit * (budget.warnAtPct ?? 100)) / 100) return [];
        const warning: BudgetWarning = {
          id: budget.id,
          status: 'warning',
          spent: used,
          limit: budget.limit,
          resetsAt: windowOf(budget.period, at).to.toISOString(),
          metric: budget.metric,
          period: budget.period,
        };
        return [warning];
      });
    },

    async userBudgets(userId) {
      const budgets = await applicable(userId);
      const at = now();
      const spent = await spentOf(db, budgets, at);
      return budgets.map((budget, index) => {
        const used = (spent[index]?.settled ?? 0) + (spent[index]?.reserved ?? 0);
        return {
          id: budget.id,
          scope: budget.scope,
          ...(budget.model !== undefined ? { model: budget.model } : {}),
          metric: budget.metric,
          period: budget.period,
          limit: budget.limit,
          spent: used,
          remaining: Math.max(0, budget.limit - used),
          resetsAt: windowOf(budget.period, at).to.toISOString(),
          ...(budget.warnAtPct !== undefined ? { warnAtPct: budget.warnAtPct } : {}),
        };
      });
    },

    listBudgets: allBudgets,
    createBudget: async (input) => changed(await insertBudget(db, input)),

    async updateBudget(id, patch) {
      if (yaml.some((budget) => budget.id === id)) throw reject(YAML_READ_ONLY);
      const current = await findStoredBudget(db, id);
      if (!current) throw notFound(BUDGET_NOT_FOUND);
      const merged = mergeBudget(current, patch);
      const checked = createBudgetSchema.safeParse(merged);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const field = String(issue?.path[0] ?? 'budget');
        throw new AppError(400, `${field}: ${issue?.message ?? 'is invalid'}`, {
          fields: { [field]: issue?.message ?? 'is invalid' },
        });
      }
      const updated = await replaceBudget(db, id, checked.data);
      if (!updated) throw notFound(BUDGET_NOT_FOUND);
      return changed(updated);
    },

    async deleteBudget(id) {
      if (yaml.some((budget) => budget.id === id)) throw reject(YAML_READ_ONLY);
      const deleted = await deleteBudget(db, id);
      if (!deleted) throw notFound(BUDGET_NOT_FOUND);
      return changed(deleted);
    },

    close: () => stored?.close(),
  };
}

/** The 402's message; the budget beside it says which, how much and when it resets. */
export function budgetMessage(period: Budget['period']): string {
  const span = period === 'day' ? 'today' : period === 'week' ? 'this week' : 'this month';
  return `You have reached your usage limit for ${span}. It resets at the start of the next ${period} (UTC).`;
}

/** The first `limit` rollup rows of the usage `filter` selects, grouped by `groupBy`, and its totals. */
export async function usageSummary(
  db: Db,
  groupBy: UsageGroupBy,
  filter: UsageFilter,
  limit: number,
): Promise<{ rows: UsageRow[]; totals: UsageTotals }> {
  const [page, totals] = await Promise.all([
    usageRollup(db, groupBy, filter, { limit }),
    usageTotals(db, filter),
  ]);
  return { rows: page.rows, totals };
}
