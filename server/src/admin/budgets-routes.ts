import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { usagePaths } from '@parley/shared/api/usage-paths';
import {
  type Budget,
  budgetListSchema,
  budgetSchema,
  createBudgetSchema,
  updateBudgetSchema,
} from '@parley/shared/schemas/budget';
import type { LedgerService } from '../ledger/service';
import { requireAdmin } from './require-admin';

export interface BudgetsRoutesDeps {
  ledger: LedgerService;
  jwtSecret: string;
  /** Writes the audit entry of an administrator's change (`budget.create`, `budget.update`, `budget.delete`). */
  audit: (entry: BudgetAudit) => Promise<void>;
}

export interface BudgetAudit {
  actorId: string;
  action: 'budget.create' | 'budget.update' | 'budget.delete';
  /** The budget's id, and what it caps ("group 3f… · credits 5000 a month"). */
  target: { id: string; label: string };
  details: Record<string, unknown>;
}

/** How an audit entry names a budget. */
const labelOf = (budget: Budget) =>
  `${budget.scope}${budget.scopeId ? ` ${budget.scopeId}` : ''}${budget.model ? ` ${budget.model}` : ''} · ${budget.metric} ${budget.limit} a ${budget.period}`;

const idParams = z.object({ id: z.string().min(1).max(100) });

/** `GET|POST /api/admin/budgets`, `PATCH|DELETE /api/admin/budgets/{id}` (YAML budgets are read-only: 409). */
export const budgetsRoutes: FastifyPluginAsyncZod<BudgetsRoutesDeps> = async (
  app,
  { ledger, jwtSecret, audit },
) => {
  app.addHook('preHandler', requireAdmin(jwtSecret));

  app.get(usagePaths.adminBudgets, { schema: { response: { 200: budgetListSchema } } }, async () => ({
    budgets: await ledger.listBudgets(),
  }));

  app.post(
    usagePaths.adminBudgets,
    { schema: { body: createBudgetSchema, response: { 201: budgetSchema } } },
    async (request, reply) => {
      const budget = await ledger.createBudget(request.body);
      await audit({
        actorId: request.user.id,
        action: 'budget.create',
        target: { id: budget.id, label: labelOf(budget) },
        details: { ...budget },
      });
      return reply.status(201).send(budget);
    },
  );

  app.patch(
    usagePaths.adminBudget,
    { schema: { params: idParams, body: updateBudgetSchema, response: { 200: budgetSchema } } },
    async (request) => {
      const budget = await ledger.updateBudget(request.params.id, request.body);
      await audit({
        actorId: request.user.id,
        action: 'budget.update',
        target: { id: budget.id, label: labelOf(budget) },
        details: { changed: request.body },
      });
      return budget;
    },
  );

  app.delete(usagePaths.adminBudget, { schema: { params: idParams } }, async (request, reply) => {
    const budget = await ledger.deleteBudget(request.params.id);
    await audit({
      actorId: request.user.id,
      action: 'budget.delete',
      target: { id: budget.id, label: labelOf(budget) },
      details: { ...budget },
    });
    return reply.status(204).send();
  });
};
