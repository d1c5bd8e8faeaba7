import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { messageSchema, messageUpdateBodySchema } from '@parley/shared/schemas/message';
import { authenticate } from '../plugins/authenticate';
import { editMessageText, getConversationMessages, type Db } from './service';

export interface MessageRoutesDeps {
  db: Db;
  jwtSecret: string;
}

const conversationParamsSchema = z.object({ conversationId: z.string() });
const messageParamsSchema = conversationParamsSchema.extend({ messageId: z.string() });
/** A missing or blank `text` is refused by the service with API.md's exact `{"message":"text is required"}`. */
const editBodySchema = messageUpdateBodySchema.extend({ text: z.string().optional() });

/** `/api/messages…` (API.md "Messages"): only the caller's conversations and messages. */
export const messageRoutes: FastifyPluginAsyncZod<MessageRoutesDeps> = async (app, { db, jwtSecret }) => {
  app.addHook('onRequest', authenticate(jwtSecret));

  app.get(
    paths.messages,
    { schema: { params: conversationParamsSchema, response: { 200: z.array(messageSchema) } } },
    async (request) => getConversationMessages(db, request.user.id, request.params.conversationId),
  );

  app.put(
    paths.message,
    { schema: { params: messageParamsSchema, body: editBodySchema, response: { 200: messageSchema } } },
    async (request) => editMessageText(db, request.user.id, request.params, request.body),
  );
};
