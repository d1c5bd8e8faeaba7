import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import {
  conversationClearBodySchema,
  conversationClearResponseSchema,
  conversationCursorPageSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationSchema,
  conversationUpdateBodySchema,
  genTitleBodySchema,
  genTitleResponseSchema,
} from '@parley/shared/schemas/conversation';
import { conversationCredits } from '../ledger/conversation-cost';
import { authenticate } from '../plugins/authenticate';
import {
  archiveAllConversations,
  clearConversations,
  DEFAULT_TITLE_WAIT,
  getConversation,
  getGeneratedTitle,
  listConversations,
  listConversationsAfter,
  updateConversation,
  type Db,
  type TitleWait,
} from './service';

export interface ConversationRoutesDeps {
  db: Db;
  jwtSecret: string;
  /** How `gen_title` waits for a title still being generated. */
  titleWait?: TitleWait;
  /** After a delete: stops replies still being generated there (all the user's without an id). */
  onDeleted?: (userId: string, conversationId?: string) => Promise<void>;
}

const conversationParamsSchema = z.object({ conversationId: z.string() });

/** `/api/convos…` (API.md "Conversations"): every query is scoped to the caller. */
export const conversationRoutes: FastifyPluginAsyncZod<ConversationRoutesDeps> = async (app, deps) => {
  const { db } = deps;
  const titleWait = deps.titleWait ?? DEFAULT_TITLE_WAIT;
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.get(
    paths.convos,
    {
      schema: {
        querystring: conversationListQuerySchema,
        response: { 200: z.union([conversationCursorPageSchema, conversationListSchema]) },
      },
    },
    async (request) => {
      const { pageNumber, cursor, ...filter } = request.query;
      return pageNumber === undefined
        ? listConversationsAfter(db, request.user.id, cursor, filter)
        : listConversations(db, request.user.id, pageNumber, filter);
    },
  );

  app.get(
    paths.convo,
    { schema: { params: conversationParamsSchema, response: { 200: conversationSchema } } },
    async (request) => {
      const { id: userId } = request.user;
      const conversation = await getConversation(db, userId, request.params.conversationId);
      // Its cost so far, for the context gauge: asked only once the conversation is known to be the caller's.
      return { ...conversation, credits: await conversationCredits(db, userId, conversation.conversationId) };
    },
  );

  app.post(
    paths.convosUpdate,
    { schema: { body: conversationUpdateBodySchema, response: { 200: conversationSchema } } },
    async (request) => updateConversation(db, request.user.id, request.body.arg),
  );

  app.post(
    paths.convosClear,
    { schema: { body: conversationClearBodySchema, response: { 200: conversationClearResponseSchema } } },
    async (request) => {
      const { arg } = request.body;
      const result = await clearConversations(db, request.user.id, arg);
      if (result.deletedCount > 0) await deps.onDeleted?.(request.user.id, arg.conversationId);
      return result;
    },
  );

  app.post(
    paths.convosArchiveAll,
    {
      schema: {
        body: z.object({}).optional(),
        response: { 200: z.object({ archivedCount: z.number().int() }) },
      },
    },
    async (request) => archiveAllConversations(db, request.user.id),
  );

  app.post(
    paths.convosGenTitle,
    { schema: { body: genTitleBodySchema, response: { 200: genTitleResponseSchema } } },
    async (request) => getGeneratedTitle(db, request.user.id, request.body.conversationId, titleWait),
  );
};
