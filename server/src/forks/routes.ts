import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import { duplicateBodySchema, forkBodySchema, forkResponseSchema } from '@parley/shared/schemas/fork';
import { authenticate } from '../plugins/authenticate';
import { duplicateConversation, forkConversation, type Db } from './service';

export interface ForkRoutesDeps {
  db: Db;
  jwtSecret: string;
  /** Messages per insert statement while copying. */
  batchSize: number;
}

/** `POST /api/convos/fork` and `/duplicate` (API.md "Sharing and organising"): copies of the caller's own. */
export const forkRoutes: FastifyPluginAsyncZod<ForkRoutesDeps> = async (app, deps) => {
  const { db, batchSize } = deps;
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.post(
    paths.convosFork,
    { schema: { body: forkBodySchema, response: { 200: forkResponseSchema } } },
    async (request) => forkConversation(db, request.user.id, request.body, batchSize),
  );

  app.post(
    paths.convosDuplicate,
    { schema: { body: duplicateBodySchema, response: { 200: forkResponseSchema } } },
    async (request) => duplicateConversation(db, request.user.id, request.body.conversationId, batchSize),
  );
};
