import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { IMPORT_BODY_LIMIT, importResultSchema } from '@parley/shared/schemas/import';
import { authenticate } from '../plugins/authenticate';
import { createImportSlots, type ImportSlotLimits } from './import-slots';
import { importConversations, type Db } from './service';

export interface ImportRoutesDeps {
  db: Db;
  jwtSecret: string;
  now?: () => Date;
  /** Messages one file may hold, and imports at once per user and on this instance. */
  limits: ImportSlotLimits & { maxMessages: number };
  /** Messages per insert statement (`MESSAGES_PER_STATEMENT` of the engine). */
  batchSize: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    releaseImportSlot?: () => void;
  }
}

/**
 * `POST /api/convos/import`: a JSON export file as the body (up to 50 MB). The body is taken as bytes and
 * parsed in the import worker, never on the event loop; a slot is taken before the body is read, so an
 * import over the limits is refused (429) without reading its file.
 */
export const importRoutes: FastifyPluginAsyncZod<ImportRoutesDeps> = async (app, deps) => {
  const { db, limits } = deps;
  const slots = createImportSlots(limits);
  app.addHook('onRequest', authenticate(deps.jwtSecret));
  // In this plugin only: the JSON body stays bytes for the worker.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  app.post(
    paths.convosImport,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: z.instanceof(Buffer), response: { 200: importResultSchema } },
      preParsing: async (request, reply) => {
        const release = slots.take(request.user.id);
        request.releaseImportSlot = release;
        reply.raw.once('close', release);
      },
    },
    async (request) => {
      try {
        return await importConversations(db, request.user.id, request.body, {
          maxMessages: limits.maxMessages,
          batchSize: deps.batchSize,
          now: deps.now,
          onWriteError: (error) =>
            request.log.error({ err: error }, 'an imported conversation could not be saved'),
        });
      } finally {
        request.releaseImportSlot?.();
      }
    },
  );
};
