import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { messageSchema, messageUpdateBodySchema } from '@parley/shared/schemas/message';
import { isPathQuery, messagePathQuerySchema } from '@parley/shared/schemas/message-path';
import { authenticate } from '../plugins/authenticate';
import { STREAMED_PAGES } from './messages-json';
import { messagePath } from './path';
import { conversationMessagesJson, editMessageText, type Db } from './service';

export interface MessageRoutesDeps {
  db: Db;
  jwtSecret: string;
  /** Messages per page of a streamed list (`MESSAGES_PER_PAGE` of the engine). */
  pageSize: number;
  /**
   * The user's text rewriter that signs their file links in it afresh (links expire and die with a password
   * reset, so stored ones are re-signed each time they are listed). Absent: the text goes out as stored.
   */
  relinkFor?: (userId: string) => Promise<(text: string) => string>;
}

const conversationParamsSchema = z.object({ conversationId: z.string() });
const messageParamsSchema = conversationParamsSchema.extend({ messageId: z.string() });
/** A missing or blank `text` is refused by the service with API.md's exact `{"message":"text is required"}`. */
const editBodySchema = messageUpdateBodySchema.extend({ text: z.string().optional() });

/** `/api/messages…` (API.md "Messages"): only the caller's conversations and messages. */
export const messageRoutes: FastifyPluginAsyncZod<MessageRoutesDeps> = async (
  app,
  { db, jwtSecret, pageSize, relinkFor },
) => {
  app.addHook('onRequest', authenticate(jwtSecret));

  // Streamed page by page and not checked against `messageSchema` on the way out (docs/decisions.md
  // "Message lists are streamed"): `presentMessage` builds each one from a typed row, and the route's tests
  // parse the answer with the schema.
  // With `leaf`, `limit` or `before`: one page of a path (API.md "Long conversations"), a bounded answer.
  app.get(
    paths.messages,
    { schema: { params: conversationParamsSchema, querystring: messagePathQuerySchema } },
    async (request, reply) => {
      const relink = relinkFor ? await relinkFor(request.user.id) : undefined;
      if (isPathQuery(request.query)) {
        const page = await messagePath(db, request.user.id, request.params.conversationId, request.query);
        const json = JSON.stringify(page);
        return reply.type('application/json; charset=utf-8').send(relink ? relink(json) : json);
      }
      const chunks = await conversationMessagesJson(
        db,
        request.user.id,
        request.params.conversationId,
        pageSize,
      );
      const out = relink ? mapChunks(chunks, relink) : chunks;
      return reply.type('application/json; charset=utf-8').send(Readable.from(out, STREAMED_PAGES));
    },
  );

  app.put(
    paths.message,
    { schema: { params: messageParamsSchema, body: editBodySchema, response: { 200: messageSchema } } },
    async (request) => editMessageText(db, request.user.id, request.params, request.body),
  );
};

/** Each page's JSON text through `map` (a link is never split: pages end between whole messages). */
async function* mapChunks(
  chunks: AsyncIterable<string> | Iterable<string>,
  map: (text: string) => string,
): AsyncGenerator<string> {
  for await (const chunk of chunks) yield map(chunk);
}
