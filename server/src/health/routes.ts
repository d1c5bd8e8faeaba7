import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';

export interface HealthRoutesDeps {
  /** Resolves when the database is taken to answer (`createDatabaseHealth`), rejects otherwise. */
  ping: () => Promise<void>;
}

/**
 * `GET /health`: 200 when the database answers, 503 otherwise (for load balancers). The app passes
 * `createDatabaseHealth`, so a probe does not queue behind the database's work (docs/decisions.md).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesDeps> = async (app, { ping }) => {
  app.get(
    paths.health,
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
