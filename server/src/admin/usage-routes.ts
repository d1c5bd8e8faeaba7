import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usagePaths } from '@parley/shared/api/usage-paths';
import {
  adminUsageQuerySchema,
  usageExportQuerySchema,
  usageResponseSchema,
} from '@parley/shared/schemas/budget';
import type { Db } from '../db/client';
import { badRequest } from '../lib/errors';
import { usageCsv } from '../ledger/usage-csv';
import { decodeCursor, usageRollup, usageTotals } from '../ledger/usage-repo';
import { windowFromQuery } from '../ledger/usage-window';
import { requireAdmin } from './require-admin';

export interface AdminUsageRoutesDeps {
  db: Db;
  jwtSecret: string;
  now?: () => Date;
}

/** `GET /api/admin/usage` (rollups with a cursor) and `GET /api/admin/usage/export` (a streamed CSV). */
export const adminUsageRoutes: FastifyPluginAsyncZod<AdminUsageRoutesDeps> = async (app, deps) => {
  const now = deps.now ?? (() => new Date());
  app.addHook('preHandler', requireAdmin(deps.jwtSecret));

  app.get(
    usagePaths.adminUsage,
    { schema: { querystring: adminUsageQuerySchema, response: { 200: usageResponseSchema } } },
    async (request) => {
      const { query } = request;
      const cursor = decodeCursor(query.cursor);
      if (query.cursor !== undefined && !cursor)
        throw badRequest('cursor: is not valid', { cursor: 'is not valid' });
      const window = windowFromQuery(query, now());
      const filter = { ...window, userId: query.userId, groupId: query.groupId, model: query.model };
      const [page, totals] = await Promise.all([
        usageRollup(deps.db, query.groupBy, filter, { limit: query.limit, cursor }),
        usageTotals(deps.db, filter),
      ]);
      return { ...page, totals, from: window.from.toISOString(), to: window.to.toISOString() };
    },
  );

  app.get(
    usagePaths.adminUsageExport,
    { schema: { querystring: usageExportQuerySchema } },
    async (request, reply) => {
      const { query } = request;
      const window = windowFromQuery(query, now());
      const filter = { ...window, userId: query.userId, groupId: query.groupId, model: query.model };
      const name = `parley-usage-${query.level}-${window.from.toISOString().slice(0, 10)}.csv`;
      // csv-stringify is loaded with the first export, not at start (docs/decisions.md "Idle memory").
      const { stringify } = await import('csv-stringify');
      const csv = Readable.from(usageCsv(deps.db, query.level, filter)).pipe(stringify());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );
};
