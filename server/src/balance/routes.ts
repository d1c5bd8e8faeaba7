import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import { balanceResponseSchema } from '@parley/shared/schemas/balance';
import { authenticate } from '../plugins/authenticate';
import { getBalance, type BalanceSettings, type Db } from './service';

export interface BalanceRoutesDeps {
  db: Db;
  jwtSecret: string;
  settings: BalanceSettings;
}

/** `GET /api/balance` → `{balance}` in credits (1,000,000 = 1 USD). */
export const balanceRoutes: FastifyPluginAsyncZod<BalanceRoutesDeps> = async (
  app,
  { db, jwtSecret, settings },
) => {
  app.addHook('onRequest', authenticate(jwtSecret));
  app.get(paths.balance, { schema: { response: { 200: balanceResponseSchema } } }, async (request) => ({
    balance: await getBalance(db, request.user.id, settings),
  }));
};
