import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import { STREAMED_PAGES } from '../messages/messages-json';
import { authenticate } from '../plugins/authenticate';
import { exportAllConversations, exportFileName, type Db } from './service';

export interface ExportRoutesDeps {
  db: Db;
  jwtSecret: string;
  now?: () => Date;
  /** Messages per page of a big conversation (`MESSAGES_PER_PAGE` of the engine). */
  pageSize: number;
}

/** `GET /api/convos/export`: every conversation of the caller as one JSON file, streamed. */
export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesDeps> = async (app, deps) => {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.get(paths.convosExport, async (request, reply) => {
    const at = now();
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(at)}"`)
      .send(Readable.from(exportAllConversations(db, request.user.id, at, deps.pageSize), STREAMED_PAGES));
  });
};
