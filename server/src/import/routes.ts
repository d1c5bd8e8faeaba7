import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { IMPORT_BODY_LIMIT, importResultSchema } from '@parley/shared/schemas/import';
import { authenticate } from '../plugins/authenticate';
import { importConversations, type Db } from './service';

export interface ImportRoutesDeps {
  db: Db;
  jwtSecret: string;
  now?: () => Date;
}

/** A recursive LibreChat export nests two levels per message: a long conversation is deep. */
const IMPORT_JSON_MAX_DEPTH = 100_000;

/** `POST /api/convos/import`: a JSON export file as the body (up to 50 MB). */
export const importRoutes: FastifyPluginAsyncZod<ImportRoutesDeps> = async (app, deps) => {
  const { db } = deps;
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.post(
    paths.convosImport,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { jsonMaxDepth: IMPORT_JSON_MAX_DEPTH },
      schema: { body: z.unknown(), response: { 200: importResultSchema } },
    },
    async (request) => importConversations(db, request.user.id, request.body, { now: deps.now }),
  );
};
