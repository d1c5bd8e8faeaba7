import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { usagePaths } from '@parley/shared/api/usage-paths';
import {
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
  /** Writes the audit entry of an administrator's change. */
  audit: (entry: {
    actorId: string;
    action: string;
    targetId: string | null;
    details: Record<string, unknown>;
  }) => Promise<void>;
}

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
        targetId: null,
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
        targetId: null,
        details: { ...budget, changed: request.body },
      });
      return budget;
    },
  );

  app.delete(usagePaths.adminBudget, { schema: { params: idParams } }, async (request, reply) => {
    await ledger.deleteBudget(request.params.id);
    await audit({
      actorId: request.user.id,
      action: 'budget.delete',
      targetId: null,
      details: { id: request.params.id },
    });
    return reply.status(204).send();
  });
};
