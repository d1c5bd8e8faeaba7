import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usagePaths } from '@parley/shared/api/usage-paths';
import {
  usageResponseSchema,
  userBudgetsResponseSchema,
  userUsageQuerySchema,
} from '@parley/shared/schemas/budget';
import { authenticate } from '../plugins/authenticate';
import { usageSummary, type Db, type LedgerService } from './service';
import { windowFromQuery } from './usage-window';

export interface UsageRoutesDeps {
  db: Db;
  ledger: LedgerService;
  jwtSecret: string;
  now?: () => Date;
}

/** Rows of a user's own usage: a month has at most 31 days, and a user few models. */
const OWN_ROWS = 500;

/** `GET /api/usage` and `GET /api/usage/budgets`: the caller's own usage and limits. */
export const usageRoutes: FastifyPluginAsyncZod<UsageRoutesDeps> = async (app, deps) => {
  const now = deps.now ?? (() => new Date());
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.get(
    usagePaths.usage,
    { schema: { querystring: userUsageQuerySchema, response: { 200: usageResponseSchema } } },
    async (request) => {
      const window = windowFromQuery(request.query, now());
      const filter = { ...window, userId: request.user.id };
      const { rows, totals } = await usageSummary(deps.db, request.query.groupBy, filter, OWN_ROWS);
      return {
        rows,
        totals,
        from: window.from.toISOString(),
        to: window.to.toISOString(),
      };
    },
  );

  app.get(
    usagePaths.usageBudgets,
    { schema: { response: { 200: userBudgetsResponseSchema } } },
    async (request) => ({
      budgets: await deps.ledger.userBudgets(request.user.id),
    }),
  );
};
