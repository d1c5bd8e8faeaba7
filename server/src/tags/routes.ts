import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import {
  conversationTagsBodySchema,
  conversationTagsResponseSchema,
  tagCreateBodySchema,
  tagDeleteResponseSchema,
  tagParamsSchema,
  tagSchema,
  tagUpdateBodySchema,
} from '@parley/shared/schemas/tag';
import { authenticate } from '../plugins/authenticate';
import { createTag, deleteTag, listTags, setConversationTags, updateTag, type Db } from './service';

export interface TagRoutesDeps {
  db: Db;
  jwtSecret: string;
}

const conversationParamsSchema = z.object({ conversationId: z.string() });

/** `/api/tags…` (API.md "Sharing and organising"): the caller's tags only. */
export const tagRoutes: FastifyPluginAsyncZod<TagRoutesDeps> = async (app, deps) => {
  const { db } = deps;
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.get(paths.tags, { schema: { response: { 200: z.array(tagSchema) } } }, async (request) =>
    listTags(db, request.user.id),
  );

  app.post(
    paths.tags,
    { schema: { body: tagCreateBodySchema, response: { 201: tagSchema } } },
    async (request, reply) => reply.code(201).send(await createTag(db, request.user.id, request.body)),
  );

  app.put(
    paths.tagsConvo,
    {
      schema: {
        params: conversationParamsSchema,
        body: conversationTagsBodySchema,
        response: { 200: conversationTagsResponseSchema },
      },
    },
    async (request) =>
      setConversationTags(db, request.user.id, request.params.conversationId, request.body.tags),
  );

  app.put(
    paths.tag,
    { schema: { params: tagParamsSchema, body: tagUpdateBodySchema, response: { 200: tagSchema } } },
    async (request) => updateTag(db, request.user.id, request.params.tag, request.body),
  );

  app.delete(
    paths.tag,
    { schema: { params: tagParamsSchema, response: { 200: tagDeleteResponseSchema } } },
    async (request) => deleteTag(db, request.user.id, request.params.tag),
  );
};
